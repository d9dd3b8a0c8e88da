import Controls
import Gtk
import Localization
import PinformCore
import Storage

/// "Edited at desk B": while a shared record is open in the edit dialog here and another desk
/// saves or deletes it, a notice at the top of the dialog says so, naming that desk's role,
/// before the user saves. Reload opens the record as it is now (offered while nothing was
/// changed here); with changes typed, Save merges them with the other desk's (or asks).
extension RecordsPanel {
    /// Watches the record `dialog` edits for other desks' changes while the dialog is open.
    func watchOtherDesks(_ dialog: FormDialog<Model>, editing base: Record<Model>, in store: any RecordStoring<Model>) {
        guard let shared = store as? SharedDatabaseStore<Model> else { return }
        var token = 0
        var notice: EditedElsewhereNotice?
        token = shared.observeOtherDesks { [weak self, weak dialog, weak shared] ids in
            MainActor.assumeIsolated {
                guard let shared else { return }
                guard let self, let dialog, !dialog.isFinished else {
                    shared.stopObservingOtherDesks(token)
                    return
                }
                guard ids.contains(base.id) else { return }
                let shown = notice ?? EditedElsewhereNotice(over: dialog.window)
                notice = shown
                let deleted = (try? shared.record(id: base.id)) == .some(nil)
                let desk = shared.lastChangedBy(base.id) ?? ""
                let message = deleted
                    ? tr("Deleted at desk {desk} while open here", ["desk": desk])
                    : dialog.form.isDirty
                    ? tr("Edited at desk {desk} while open here: Save merges your changes with theirs", ["desk": desk])
                    : tr("Edited at desk {desk} while open here", ["desk": desk])
                shown.show(message, offeringReload: !deleted && !dialog.form.isDirty) { [weak self, weak dialog] in
                    dialog?.cancel()
                    self?.edit(ListedRecordID(base.id))
                }
            }
        }
    }
}
