import Forms
import Gtk
import Localization

/// A read-only field of a form: a value computed from the model (a total, an age), shown in
/// the user's locale and never editable. Bind it with `Form.bind(computed:to:value:)`.
///
/// The value is a selectable label, so that keyboard and screen-reader users reach it with Tab
/// and hear it with its caption ("Total, 28.9").
///
/// ```swift
/// form.bind(computed: ComputedValueInput<Decimal>(label: "Total"), to: \.total) { _ in net.value }
/// ```
@MainActor
public final class ComputedValueInput<Output: StringTwoWayConvertible> {
    /// The value as shown.
    public let valueLabel = Label()
    /// The state engine of the field (it is never invalid).
    public let control = InputFieldControl()
    /// The value as the form wrote it; the label shows "—" while it is empty.
    private var value = ""
    /// How the value is written.
    public let numberParsing: NumberParsing
    private let frame: LabelledField

    /// The caption above the value.
    public var label: Label { frame.label }

    /// A computed field captioned `label`, shown in `numberParsing`'s locale.
    public init(label text: String, numberParsing: NumberParsing = .current) {
        self.numberParsing = numberParsing
        valueLabel.xAlign = 0
        valueLabel.isSelectable = true
        valueLabel.addCSSClass("computed-value")
        frame = LabelledField(label: text, content: valueLabel, target: valueLabel)
        control.follow(valueLabel)
        valueLabel.text = "—"
        nameValue("")
    }

    /// Names the value for screen readers: an empty label would be named by its GTK type.
    private func nameValue(_ value: String) {
        // Translators: what a screen reader says for a computed field with no value yet (an age
        // without a birth date).
        valueLabel.setAccessibleLabel(value.isEmpty ? tr("None") : value)
    }

    /// The value's text, as the form writes it ("" for none).
    public var text: String? {
        get { value }
        set {
            value = newValue ?? ""
            // No value (an age without a birth date) shows a dash, not a blank gap.
            valueLabel.text = value.isEmpty ? "—" : value
            nameValue(value)
        }
    }
}

extension ComputedValueInput: @MainActor FormInput {}

extension ComputedValueInput: FormFieldView {
    /// The caption, the value and the (never shown) error line.
    public var view: Widget { frame.container }
    /// The value label.
    public var focusTarget: Widget { valueLabel }
    /// The frame's error line.
    public var errorLine: Label? { frame.errorLabel }
    /// People never change the value: the handler is never called.
    public func onEdited(_ handler: @escaping @MainActor () -> Void) {}
}
