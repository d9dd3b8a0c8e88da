import ControlState
import Forms
import Gtk

/// A GTK switch as a form input of a `Bool`: its text is "true" or "false".
///
/// ```swift
/// let subscribed = SwitchInput(Switch())
/// form.bind(subscribed, to: \.isSubscribed)
/// ```
@MainActor
public final class SwitchInput {
    /// The switch.
    public let switchWidget: Switch
    /// The state engine styling the field.
    public let control = InputFieldControl()

    /// An input on `switchWidget`.
    public init(_ switchWidget: Switch) {
        self.switchWidget = switchWidget
        control.follow(switchWidget)
    }

    /// "true" or "false"; other text leaves the switch as it is.
    public var text: String? {
        get { switchWidget.isOn.description }
        set { if let value = newValue.flatMap(Bool.init) { switchWidget.isOn = value } }
    }
}

extension SwitchInput: @MainActor FormInput {
    public typealias Output = Bool
}

extension SwitchInput: FormFieldView {
    /// The switch.
    public var view: Widget { switchWidget }
    /// The switch.
    public var focusTarget: Widget { switchWidget }
    /// None: the form adds one.
    public var errorLine: Label? { nil }

    /// Calls `handler` when the switch is turned on or off.
    public func onEdited(_ handler: @escaping @MainActor () -> Void) {
        switchWidget.onToggled(handler)
    }
}
