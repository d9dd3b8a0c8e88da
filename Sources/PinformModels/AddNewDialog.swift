import Controls
import Forms
import Gtk
import Localization
import PinformCore

/// "Add new…" of a reference chooser: another model's form in a dialog ("New Person" over the
/// invoice), whose record is saved and handed back to the chooser.
///
/// What is typed is kept as a draft (``DraftKeeper/addNewKey``, sealed with the records) within
/// a second, as in every form, and Lock keeps it; after a crash, a kill or Lock the next "Add
/// new…" of that model asks "Restore the unsaved person?". Saving or cancelling ends the draft;
/// a record that could not be saved keeps it.
@MainActor
final class AddNewDialog<Target: FormModel> {
    private let dialog: FormDialog<Target>
    private let drafts: DraftKeeper<Target>

    /// A hidden dialog over `parent`, its first field holding `text`; `completion` gets the
    /// new record, or nil.
    init(context: ModelContext, typed text: String, over parent: Window?,
         completion: @escaping @MainActor (RecordMatch<Target>?) -> Void) {
        let form = Target.makeForm(context)
        let drafts = DraftKeeper(form: form, context: context, key: DraftKeeper<Target>.addNewKey)
        self.drafts = drafts
        dialog = FormDialog(title: tr("New {model}", ["model": Target.title]), parent: parent, form: form,
                            model: Target.blank) { [weak context] made in
            guard let made else {
                drafts.discard()
                return completion(nil)
            }
            guard let store = try? context?.records?.store(Target.self), let id = try? store.insert(made) else {
                return completion(nil)
            }
            drafts.discard()
            completion(RecordMatch(record: RecordRef(id: id.rawValue), summary: made.summary))
        }
        if let first = form.form.layout.placedFields.first, !text.isEmpty {
            (form.input(for: first)?.focusTarget as? Entry)?.text = text
        }
    }

    /// Shows the dialog, and over it the draft left last time, if any.
    func present() {
        dialog.present()
        drafts.offerBack { [weak dialog] in dialog?.window }
    }
}
