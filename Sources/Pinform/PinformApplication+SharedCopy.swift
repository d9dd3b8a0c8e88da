import Gtk
import Localization
import PinformCore
import PinformModels
import Storage

// Joining a shared database when this computer already keeps records of its own: they are
// never dropped silently — the person is asked whether to copy them, and told they stay in
// this computer's file either way.
extension PinformApplication {
    /// Asks, once this desk joined, whether to copy the records its own file holds (which the
    /// shared database does not show) to the shared database.
    func offerToCopyLocalRecords(_ records: RecordsDatabase) {
        var total = 0
        for model in ModelRegistry.models {
            total += Self.localCount(of: model, in: records)
        }
        guard total > 0, let form = formWindow else { return }
        let dialog = AlertDialog(
            parent: form.window, heading: tr("Copy This Computer’s Records?"),
            // Translators: asked right after joining a shared database; %d counts this computer's own records.
            body: trn("This computer keeps %d record of its own, which the shared database does not show. Copy it there? It stays in this computer’s file either way, and shows again if this desk leaves the shared database.", "This computer keeps %d records of its own, which the shared database does not show. Copy them there? They stay in this computer’s file either way, and show again if this desk leaves the shared database.", total))
        dialog.addResponse(DialogResponse.keep, label: tr("Keep Them Here Only"))
        dialog.addResponse(DialogResponse.copy, label: tr("Copy to Shared Database"), appearance: .suggested)
        dialog.setResponses(default: nil, close: .keep)
        dialog.onResponse { [weak self, weak records] (response: DialogResponse?) in
            guard let self, let records else { return }
            if response == .copy {
                copyLocalRecords(records)
            } else {
                // Translators: after choosing not to copy this computer's records to the shared database.
                formWindow?.showToast(tr("This computer’s own records stay in its file; leaving the shared database shows them again"))
            }
        }
        dialog.present()
    }

    private static func localCount<Model: FormModel>(of model: Model.Type, in records: RecordsDatabase) -> Int {
        records.localRecords(Model.self).count
    }

    private static func copy<Model: FormModel>(_ model: Model.Type, in records: RecordsDatabase) throws(StoreError) -> Int {
        try records.copyLocalRecordsToShared(Model.self)
    }

    private func copyLocalRecords(_ records: RecordsDatabase) {
        var copied = 0
        var problem: StoreError?
        for model in ModelRegistry.models {
            do {
                copied += try Self.copy(model, in: records)
            } catch {
                problem = error
                break
            }
        }
        formWindow?.reconnectRecords()
        if let problem {
            // Translators: {problem} says why (another desk's records have the same numbers, say).
            formWindow?.showToast(tr("Not every record was copied: {problem} The rest stay in this computer’s file.",
                                     ["problem": problem.message]))
        } else {
            formWindow?.showToast(trn("Copied %d record to the shared database", "Copied %d records to the shared database", copied))
        }
    }
}
