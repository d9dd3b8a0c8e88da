import Gtk

/// A widget that a ``FormView`` can place, validate and point people to: the GTK side of a
/// form input. ``InputField``, ``ActiveInput`` and the native inputs (``SpinButtonInput``,
/// ``SwitchInput``, ``DropDownInput``) conform.
@MainActor
public protocol FormFieldView: AnyObject {
    /// The widget placed in the form's row.
    var view: Widget { get }
    /// The widget that takes focus, is marked invalid and is watched for being left.
    var focusTarget: Widget { get }
    /// The engine control whose `invalidInput` state shows the field's error.
    var control: InputFieldControl { get }
    /// The field's own error line; nil when the form should add one under the view.
    var errorLine: Label? { get }
    /// Calls `handler` after every change people make; every handler given is kept (a form
    /// and the page around it both listen).
    func onEdited(_ handler: @escaping @MainActor () -> Void)
}
