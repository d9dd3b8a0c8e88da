import Controls
import Gtk
import Localization
import PinformCore
import PinformModels
import Storage

extension RecordsPanel {
    /// What Print… prints: the one selected record, or else the list as it is searched and
    /// sorted.
    func printout() throws -> PrintedDocument {
        let selected = list.selectedIDs
        if selected.count == 1, let store, let record = try store.record(id: RecordID(selected[0])) {
            return record.model.printout
        }
        return Model.printout(ofList: try list.currentRows(), search: list.searchText)
    }

    /// Prints the selected record, or the list, through the print dialog.
    func printRecords() {
        guard store != nil else { return }
        let document: PrintedDocument
        do {
            document = try printout()
        } catch {
            report(error)
            return
        }
        DocumentPrinter(document).runDialog(parent: window) { [weak self] result in
            if case .failed(let reason) = result {
                self?.toast.show(tr("Printing failed: {reason}", ["reason": reason]), seconds: 8)
            }
        }
    }
}
