import Controls
import Gtk
import Localization
import PinformCore
import PinformModels
import Storage

/// Editing a saved record: the edit dialog over the record (its draft kept as it is typed), and
/// the save checked against the version it started from — another desk's changes to other
/// fields are merged, the same field asked about (`ConflictDialog`).
extension RecordsPanel {
    func edit(_ id: ListedRecordID, restoring stored: DraftKeeper<Model>.Stored? = nil) {
        guard let store else { return }
        let record: Record<Model>?
        do {
            record = try store.record(id: RecordID(id))
        } catch {
            report(error)
            return
        }
        guard let record else {
            list.reload()
            return
        }
        openEditor(record.model, basedOn: record, in: store, restoring: stored)
    }

    /// The edit dialog, showing `model`; a save is checked against `base` (another desk's
    /// changes meanwhile are merged, or asked about).
    @discardableResult
    func openEditor(_ model: Model, basedOn base: Record<Model>, in store: any RecordStoring<Model>,
                            restoring stored: DraftKeeper<Model>.Stored? = nil) -> FormDialog<Model> {
        let title = tr("Edit {model}", ["model": Model.title])
        let form = Model.makeForm(context)
        let drafts = DraftKeeper(form: form, context: context, editing: base.id, base: base.model)
        let dialog = FormDialog(title: title, parent: window, form: form, model: model) {
            [weak self] edited in
            drafts.discard()
            guard let self else { return }
            if let edited { save(edited, basedOn: base, in: store) }
            // Back on the record, saved or not (not on the window's first widget).
            list.focus(id: ListedRecordID(base.id))
        }
        if let stored { drafts.restore(stored) }
        watchOtherDesks(dialog, editing: base, in: store)
        dialog.present()
        return dialog
    }

    func save(_ edited: Model, basedOn base: Record<Model>, in store: any RecordStoring<Model>,
                      resolving resolution: ConflictResolution = .ask) {
        let id = base.id
        do {
            try store.update(edited, basedOn: base, resolving: resolution)
            lastDeletion = nil
            list.reload()
            prepareSearchWhenIdle()
            list.refresh(id: ListedRecordID(id))
        } catch .conflict(let conflict) {
            ConflictDialog.present(over: window, conflict, base: base.model) { [weak self] choice in
                switch choice {
                case .keepMine: self?.save(edited, basedOn: base, in: store, resolving: .keepMine)
                case .keepTheirs: self?.save(edited, basedOn: base, in: store, resolving: .keepTheirs)
                case .editAgain: self?.openEditor(edited, basedOn: base, in: store)
                }
            }
        } catch .notFound(let gone) where gone == id {
            askAboutDeletion(of: edited, basedOn: base, in: store)
        } catch {
            report(error) { [weak self] in self?.save(edited, basedOn: base, in: store, resolving: resolution) }
        }
    }
}
