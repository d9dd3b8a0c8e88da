import ControlState
import Forms
import Gtk

/// A GTK drop-down as a form input: the chosen item's text reads as `Output`.
///
/// ```swift
/// let unit = DropDownInput<String>(DropDown(items: ["cm", "in"]))
/// form.bind(unit, to: \.unit)
/// ```
@MainActor
public final class DropDownInput<Output: StringTwoWayConvertible> {
    /// The drop-down.
    public let dropDown: DropDown
    /// The state engine styling the field.
    public let control = InputFieldControl()

    /// An input on `dropDown`.
    public init(_ dropDown: DropDown) {
        self.dropDown = dropDown
        control.follow(dropDown)
    }

    /// The chosen item; setting a text that is no item clears the choice.
    public var text: String? {
        get { dropDown.selectedItem }
        set { dropDown.selectedItem = newValue }
    }
}

extension DropDownInput: @MainActor FormInput {}

extension DropDownInput: FormFieldView {
    /// The drop-down.
    public var view: Widget { dropDown }
    /// The drop-down.
    public var focusTarget: Widget { dropDown }
    /// None: the form adds one.
    public var errorLine: Label? { nil }

    /// Calls `handler` when the choice changes.
    public func onEdited(_ handler: @escaping @MainActor () -> Void) {
        dropDown.onSelectionChanged(handler)
    }
}
