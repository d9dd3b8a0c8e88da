import ControlState
import Forms
import Gtk

/// A GTK spin button as a form input: its text reads as `Output`.
///
/// ```swift
/// let width = SpinButtonInput<Double>(SpinButton(minimum: 0, maximum: 1000, step: 0.5))
/// form.bind(width, to: \.width)
/// ```
@MainActor
public final class SpinButtonInput<Output: StringTwoWayConvertible> {
    /// The spin button.
    public let spinButton: SpinButton
    /// The state engine styling the field.
    public let control = InputFieldControl()
    /// How numbers are read: the user's locale, as GTK writes the spin button's text in it.
    public let numberParsing: NumberParsing

    /// An input on `spinButton`.
    public init(_ spinButton: SpinButton, numberParsing: NumberParsing = .current) {
        self.spinButton = spinButton
        self.numberParsing = numberParsing
        control.follow(spinButton)
    }

    /// The text shown; setting it updates the value.
    public var text: String? {
        get { spinButton.text }
        set { spinButton.text = newValue ?? "" }
    }
}

extension SpinButtonInput: @MainActor FormInput {}

extension SpinButtonInput: FormFieldView {
    /// The spin button.
    public var view: Widget { spinButton }
    /// The spin button.
    public var focusTarget: Widget { spinButton }
    /// None: the form adds one.
    public var errorLine: Label? { nil }

    /// Calls `handler` when the text changes, typed or stepped.
    public func onEdited(_ handler: @escaping @MainActor () -> Void) {
        spinButton.onTextChanged(handler)
    }
}
