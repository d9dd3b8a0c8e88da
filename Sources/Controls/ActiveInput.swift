import ControlState
import Forms
import Gtk
import Localization

/// A labelled input with an activity indicator and an error line: GenericUI's `UIActiveInput`.
///
/// The label names the entry for assistive technologies; a click anywhere on the input focuses
/// the entry. Its look is bound per state in `control`: `.invalidInput` shows the error line,
/// and `.focused` shows GenericUI's indicator under the entry when `showsIndicator` is on — off
/// by default, since GTK's focus ring already marks the focused entry (one focus indicator).
///
/// ```swift
/// let age = ActiveInput<UInt>(label: "Age")
/// age.placeholder = "Years"
/// age.output            // UInt?
/// ```
@MainActor
public final class ActiveInput<Output: StringTwoWayConvertible> {
    /// The typed entry inside.
    public let field: InputField<Output>
    /// The label above the entry; customize it or hide it.
    public let label: Label
    /// The bar under the entry that shows while it has focus, when `showsIndicator` is on.
    public let indicator: Box
    /// The line under the entry that says what is wrong.
    public let errorLabel: Label
    /// The whole input, to place in a window.
    public let container: Box

    private let containerStyle: InlineStyle
    private let entryStyle: InlineStyle
    private let indicatorStyle: InlineStyle
    /// The error line's look, which the engine writes (and holds weakly).
    private var errorPresentation: FieldErrorPresentation?

    /// An input labelled `label`, with the purpose of `Output` unless told otherwise.
    public init(label text: String = "", purpose: InputPurpose = Output.defaultPurpose,
                numberParsing: NumberParsing = .current) {
        field = InputField(purpose: purpose, numberParsing: numberParsing)
        label = Label(text)
        indicator = Box(.horizontal)
        errorLabel = Label()
        container = Box(.vertical)
        containerStyle = InlineStyle(on: container)
        entryStyle = InlineStyle(on: field.entry)
        indicatorStyle = InlineStyle(on: indicator)

        container.addCSSClass("active-input")
        label.xAlign = 0
        label.setMnemonicWidget(field.entry)
        label.isVisible = !text.isEmpty
        indicator.addCSSClass("active-input-indicator")
        indicator.setSizeRequest(width: -1, height: indicatorWidth)
        indicator.opacity = 0
        indicator.isVisible = showsIndicator
        errorLabel.addCSSClass("field-error")
        errorLabel.xAlign = 0
        errorLabel.wraps = true
        container.append(label)
        container.append(field.entry)
        container.append(indicator)
        container.append(errorLabel)

        field.entry.setAccessibleLabelledBy(label)
        field.entry.expandsHorizontally = true
        errorPresentation = field.control.presentErrors(of: field.entry, in: errorLabel)
        // The indicator fades in with focus, as GenericUI's did; never while disabled.
        field.control.setValue(1.0, for: indicator, \.opacity, for: .intersected(.focused))
        field.control.setValue(0.0, for: indicator, \.opacity, for: .intersected(.disabled, priority: 1000))

        let click = ClickGesture()
        click.onReleased { [weak self] _, _, _ in
            guard let self, !self.field.entry.containsFocus else { return }
            self.field.entry.grabFocus()
        }
        container.add(click)
    }

    /// The state engine styling the input.
    public var control: InputFieldControl { field.control }

    /// The GTK entry.
    public var entry: Entry { field.entry }

    /// The text as typed; setting nil empties the entry.
    public var text: String? {
        get { field.text }
        set { field.text = newValue }
    }

    /// The kind of text expected, applied to the entry as GTK purpose and hints.
    public var purpose: InputPurpose {
        get { field.purpose }
        set { field.purpose = newValue }
    }

    /// How numbers are read.
    public var numberParsing: NumberParsing { field.numberParsing }

    // MARK: Style (GenericUI's properties; colours are CSS colours such as "#3584e4")

    /// The label's text.
    public var labelText: String {
        get { label.text }
        set {
            label.text = newValue
            label.isVisible = !newValue.isEmpty
        }
    }

    /// Grey hint text shown while the entry is empty.
    public var placeholder: String? {
        get { field.placeholder }
        set { field.placeholder = newValue }
    }

    /// The entry's background colour.
    public var inputColor: String? {
        get { entryStyle["background-color"] }
        set { entryStyle["background-color"] = newValue }
    }

    /// The whole input's background colour.
    public var backgroundColor: String? {
        get { containerStyle["background-color"] }
        set { containerStyle["background-color"] = newValue }
    }

    /// The indicator's colour; the theme's accent colour unless set.
    public var activeColor: String? {
        get { indicatorStyle["background-color"] }
        set { indicatorStyle["background-color"] = newValue }
    }

    /// The entry's text colour.
    public var textColor: String? {
        get { entryStyle["color"] }
        set { entryStyle["color"] = newValue }
    }

    /// The entry's font as a CSS `font` value, such as "bold 12pt Cantarell".
    public var font: String? {
        get { entryStyle["font"] }
        set { entryStyle["font"] = newValue }
    }

    /// Whether GenericUI's bar under the entry shows while it has focus (off by default: GTK's
    /// focus ring marks the focused entry, and two indicators say the same thing twice).
    public var showsIndicator = false {
        didSet { indicator.isVisible = showsIndicator }
    }

    /// The indicator's thickness in pixels (3 by default).
    public var indicatorWidth: Int32 = 3 {
        didSet {
            indicator.setSizeRequest(width: -1, height: indicatorWidth)
            indicatorStyle["min-height"] = "\(indicatorWidth)px"
        }
    }

    /// Whether the entry shows a button that empties it while it has text: for optional values.
    public var isClearable = false {
        didSet { if isClearable, !oldValue { field.entry.showsClearButton(tooltip: tr("Clear")) } }
    }

    /// A fixed width for the label, so that the entries of stacked inputs line up; nil for its
    /// natural width.
    public var forcedLabelWidth: Int32? {
        didSet { label.setSizeRequest(width: forcedLabelWidth ?? -1, height: -1) }
    }

    /// Space between the input's edges and its label, entry and indicator; nil for the
    /// stylesheet's.
    public var layoutMargins: Margins? {
        didSet {
            containerStyle["padding"] = layoutMargins.map { "\($0.top)px \($0.end)px \($0.bottom)px \($0.start)px" }
        }
    }
}

extension ActiveInput: @MainActor FormInput {}

extension ActiveInput: FormFieldView {
    /// The whole input.
    public var view: Widget { container }
    /// The entry.
    public var focusTarget: Widget { field.entry }
    /// The input's own error line.
    public var errorLine: Label? { errorLabel }

    /// Calls `handler` after every change of the text.
    public func onEdited(_ handler: @escaping @MainActor () -> Void) {
        field.entry.onChanged(handler)
    }
}
