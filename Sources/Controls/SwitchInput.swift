import ControlState
import Forms
import Gtk

/// A GTK switch as a form input of a `Bool`: its text is "true" or "false".
///
/// ```swift
/// form.bind(SwitchInput(label: "Paid"), to: \.isPaid)
/// ```
@MainActor
public final class SwitchInput {
    /// The switch.
    public let switchWidget: Switch
    /// The state engine styling the field.
    public let control = InputFieldControl()

    /// The label beside the switch; nil for a bare switch.
    public let label: Label?
    private let row: Widget

    /// An input on `switchWidget`, with no label of its own.
    public init(_ switchWidget: Switch) {
        self.switchWidget = switchWidget
        label = nil
        row = switchWidget
        control.follow(switchWidget)
    }

    /// A switch with `label` before it, which names it for assistive technologies.
    public init(label text: String) {
        switchWidget = Switch()
        let label = Label(text)
        label.xAlign = 0
        label.expandsHorizontally = true
        label.setMnemonicWidget(switchWidget)
        switchWidget.setAccessibleLabelledBy(label)
        switchWidget.verticalAlignment = .center
        let row = Box(.horizontal, spacing: 12)
        row.addCSSClass("switch-input")
        row.append(label)
        row.append(switchWidget)
        // Clicking the label toggles the switch, as in a preferences row.
        let click = ClickGesture()
        click.onReleased { [unowned switchWidget] _, _, _ in switchWidget.isOn.toggle() }
        label.add(click)
        self.label = label
        self.row = row
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
    /// The switch, with its label when it has one.
    public var view: Widget { row }
    /// The switch.
    public var focusTarget: Widget { switchWidget }
    /// None: the form adds one.
    public var errorLine: Label? { nil }

    /// Calls `handler` when the switch is turned on or off.
    public func onEdited(_ handler: @escaping @MainActor () -> Void) {
        switchWidget.onToggled(handler)
    }
}
