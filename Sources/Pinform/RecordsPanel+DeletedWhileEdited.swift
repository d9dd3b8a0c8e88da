import Controls
import Gtk
import Localization
import PinformCore
import Storage

/// An edit saved after the record was deleted elsewhere: asked about (`ConflictDialog.presentDeleted`)
/// instead of refused.
extension RecordsPanel {
    /// Asks whether to keep `edited` (added again as a new record) or let it go.
    func askAboutDeletion(of edited: Model, basedOn base: Record<Model>, in store: any RecordStoring<Model>) {
        let desk = (store as? SharedDatabaseStore<Model>)?.lastChangedBy(base.id)
        list.reload()
        ConflictDialog.presentDeleted(over: window, model: Model.title, by: desk) { [weak self] choice in
            guard let self else { return }
            switch choice {
            case .keepEdit:
                _ = insert(edited)
            case .letGo:
                toast.show(tr("Your edit was let go; the record stays deleted"))
            case .editAgain:
                openEditor(edited, basedOn: base, in: store)
            }
        }
    }
}
