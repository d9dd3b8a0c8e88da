import Controls
import Gtk
import PinformModels
import Storage

extension RecordsPanel {
    /// Offers back the draft of an edit a crash, a kill or Lock left (the oldest, one at a
    /// time): Restore opens the record's edit dialog with what was typed, Discard removes it.
    /// A draft of a record deleted since is removed.
    func offerEditDrafts() {
        guard let key = context.editDrafts(of: Model.self).first,
              let stored = DraftKeeper<Model>.stored(under: key, in: context), let id = stored.record else { return }
        guard (try? context.records?.store(Model.self).record(id: RecordID(id))) != nil else {
            try? context.drafts?.delete(key)
            return offerEditDrafts()
        }
        MainContext.idle { [weak self] in
            guard let self else { return }
            RestoreDraftDialog(parent: widget.rootWindow, question: Model.restoreDraftQuestion,
                               onRestore: { [weak self] in self?.edit(ListedRecordID(rawValue: id), restoring: stored) },
                               onDiscard: { [weak self] in
                                   try? self?.context.drafts?.delete(key)
                                   self?.offerEditDrafts()
                               }).present()
        }
    }
}
