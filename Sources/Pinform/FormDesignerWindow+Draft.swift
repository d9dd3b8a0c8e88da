import Controls
import Foundation
import FormDefinitions
import Gtk
import Localization
import PinformModels

/// The designer's draft: what is designed and not saved is kept, sealed in the records file,
/// as it is typed (within 400 ms of each change) and when Lock closes the designer (every open
/// form's draft is written then), so that a crash or a kill loses nothing; it is offered back
/// the next time the designer opens on the same form (or on a new one).
extension FormDesignerWindow {
    /// "designer.new" for a new form, else "designer." and the form's identity.
    var draftKey: String { "designer." + (isNew ? "new" : base.id.rawValue) }

    /// The definition as it stands as a `.pinform-form` document; nil when it is as it opened.
    var draftDocument: Data? {
        let now = definition
        return now == base ? nil : FormDocument.encode(now)
    }

    /// Asks whether to go on with the draft left by Lock, a crash or a kill, if there is one.
    func offerDraft() {
        guard let data = draftKeeper?.stored else { return }
        guard let draft = try? FormDocument.decode(data) else {
            draftKeeper?.discard()
            return
        }
        let dialog = AlertDialog(
            parent: window,
            // Translators: when the designer opens and a form designed before Lock was not saved.
            heading: tr("Restore the unsaved form?"),
            // Translators: under "Restore the unsaved form?"; the app was locked, or it was ended (a crash, a kill).
            body: tr("“{name}” was being designed and was not saved: the records were locked, or the app was closed.",
                     ["name": draft.name]))
        dialog.addResponse(DialogResponse.discard, label: tr("Discard"), appearance: .destructive)
        dialog.addResponse(DialogResponse.restore, label: tr("Restore"), appearance: .suggested)
        dialog.setResponses(default: .restore, close: .discard)
        dialog.onResponse { [weak self] (response: DialogResponse?) in
            if response == .restore {
                self?.restore(draft)
            } else {
                self?.draftKeeper?.discard()
            }
        }
        dialog.present()
    }

    /// Shows `draft` as the designer's definition (saved only on Save).
    func restore(_ draft: FormDefinition) {
        var draft = draft
        draft.id = base.id
        nameEntry.text = draft.name
        base.removed = draft.removed
        load(draft)
        Announcer.of(window).announce(tr("Unsaved form restored: {name}", ["name": draft.name]), .polite)
    }
}
