import Forms
import Gtk
import Localization

extension FormView {
    /// Keeps `button`'s tooltip saying why it cannot be used while it is insensitive — "To
    /// save, fill in or correct: First name, Email" — and `tooltip` otherwise, so that a
    /// mouse user who finds Save insensitive learns why without trying it.
    ///
    /// - Parameters:
    ///   - button: a Save button whose sensitivity the form decides (``bindSensitivity(of:)``,
    ///     or ``bindSensitivityToValidChange(of:)`` with `requiringChange`).
    ///   - tooltip: the button's own tooltip while it is sensitive ("Save (Ctrl+S)"), or nil.
    ///   - requiringChange: whether the button also waits for a change (an edit dialog's Save).
    public func explainsInsensitivity(of button: Widget, tooltip: String?, requiringChange: Bool = false) {
        var pending: UInt32 = 0
        let update: @MainActor () -> Void = { [weak self, weak button] in
            pending = 0
            guard let self, let button else { return }
            let text = insensitivityReason(requiringChange: requiringChange) ?? tooltip
            if button.tooltipText != text { button.tooltipText = text }
        }
        // After the form has followed the change (errors, states), once per burst of typing.
        let schedule: @MainActor () -> Void = {
            guard pending == 0 else { return }
            pending = MainContext.idle { update() }
        }
        form.whenChanged { _ in schedule() }
        button.onNotify("sensitive") { schedule() }
        update()
    }

    /// Why a Save bound to this form is insensitive now; nil when it is not.
    func insensitivityReason(requiringChange: Bool) -> String? {
        if control.isResolvable {
            guard requiringChange, !control.isEdited else { return nil }
            // Translators: the tooltip of an edit dialog's insensitive Save.
            return tr("Nothing to save yet: no field was changed")
        }
        let fields = form.layout.placedFields.filter(form.fieldsInError.contains)
        let names = fields.compactMap { input(for: $0)?.focusTarget.mnemonicLabelText }
        guard !names.isEmpty else {
            // Translators: the tooltip of an insensitive Save when the fields in error have no name.
            return tr("To save, fill in or correct the fields marked in red")
        }
        let shown = names.prefix(5).joined(separator: tr(", ")) + (names.count > 5 ? "…" : "")
        // Translators: the tooltip of an insensitive Save: "To save, fill in or correct: First name, Email".
        return tr("To save, fill in or correct: {fields}", ["fields": shown])
    }
}
