import Forms
import Gtk
import Localization

/// A labelled drop-down of options known only while the app runs — the choices a person typed
/// for a form defined in the app — reading as the chosen option's text ("" for none).
///
/// ```swift
/// let size = OptionsInput(label: "Shirt size", options: ["S", "M", "L"])
/// form.bind(size, to: \.size)
/// ```
@MainActor
public final class OptionsInput {
    /// The drop-down: "None" first, then the options.
    public let dropDown: DropDown
    /// The state engine styling the input.
    public let control = InputFieldControl()
    /// The label above the drop-down.
    public var label: Label { frame.label }
    /// The options, in order.
    public let options: [String]

    private let frame: LabelledField
    /// The look of the error line, which the engine writes and holds weakly.
    private var errorPresentation: FieldErrorPresentation?

    /// A drop-down labelled `label` offering "None" and then `options`; "None" is chosen.
    public init(label text: String, options: [String]) {
        self.options = options
        // Translators: the entry of a drop-down that chooses nothing.
        dropDown = DropDown(items: [tr("None")] + options)
        frame = LabelledField(label: text, content: dropDown, target: dropDown)
        control.follow(dropDown)
        errorPresentation = control.presentErrors(of: dropDown, in: frame.errorLabel)
        dropDown.selectedIndex = 0
    }

    /// The chosen option; "" for "None". Setting text that is no option chooses "None".
    public var text: String? {
        get {
            guard let index = dropDown.selectedIndex, index > 0, index <= options.count else { return "" }
            return options[index - 1]
        }
        set { dropDown.selectedIndex = newValue.flatMap { options.firstIndex(of: $0) }.map { $0 + 1 } ?? 0 }
    }
}

extension OptionsInput: @MainActor FormInput {
    public typealias Output = String
}

extension OptionsInput: FormFieldView {
    /// The label, drop-down and error line.
    public var view: Widget { frame.container }
    /// The drop-down.
    public var focusTarget: Widget { dropDown }
    /// The input's own error line.
    public var errorLine: Label? { frame.errorLabel }

    /// Calls `handler` when the choice changes.
    public func onEdited(_ handler: @escaping @MainActor () -> Void) {
        dropDown.onSelectionChanged(handler)
    }
}
