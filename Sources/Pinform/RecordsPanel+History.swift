import Gtk
import Localization
import PinformCore
import Storage

/// A shared record's history: who changed what, and when, as the server kept it.
extension RecordsPanel {
    /// Whether the records are a shared database's, which keeps each record's history.
    var keepsHistory: Bool { store is SharedDatabaseStore<Model> }

    /// Shows the selected record's history in a dialog.
    func showHistory() {
        guard let id = list.selectedIDs.first else { return }
        let history: SharedDatabaseHistory?
        do {
            history = try records.history(of: RecordID(id), Model.self)
        } catch {
            return report(error)
        }
        guard let history else { return }
        let dialog = AlertDialog(
            parent: window, heading: tr("History of This Record"),
            // Translators: the history dialog when the server kept no change of the record (made before history was kept).
            body: history.lines.isEmpty ? tr("The shared database has kept no change of this record yet.") : history.lines.joined(separator: "\n"))
        dialog.addResponse(DialogResponse.close, label: tr("Close"))
        dialog.setResponses(default: nil, close: .close)
        dialog.present()
    }
}
