import Forms
import Gtk
import Localization

/// A labelled drop-down of a `FormChoice`'s cases, showing their titles and reading as the
/// chosen case.
///
/// ```swift
/// enum Currency: String, CaseIterable, FormChoice { case eur, usd }
/// form.bind(ChoiceInput<Currency>(label: "Currency"), to: \.currency)
/// ```
/// For an optional property, `allowsNone` adds a first item ("None") that reads as nil.
@MainActor
public final class ChoiceInput<Choice: FormChoice> {
    /// The drop-down.
    public let dropDown: DropDown
    /// The state engine styling the input.
    public let control = InputFieldControl()
    /// The label above the drop-down.
    public var label: Label { frame.label }

    private let frame: LabelledField
    /// The look of the error line, which the engine writes and holds weakly.
    private var errorPresentation: FieldErrorPresentation?
    private let choices: [Choice]
    private let allowsNone: Bool

    /// A drop-down labelled `label` offering every case, the first chosen (or `noneTitle`, "None"
    /// in the user's language by default).
    public init(label text: String, allowsNone: Bool = false, noneTitle: String? = nil) {
        choices = Array(Choice.allCases)
        self.allowsNone = allowsNone
        // Translators: the entry of a drop-down that chooses nothing.
        dropDown = DropDown(items: (allowsNone ? [noneTitle ?? tr("None")] : []) + choices.map(\.title))
        frame = LabelledField(label: text, content: dropDown, target: dropDown)
        control.follow(dropDown)
        errorPresentation = control.presentErrors(of: dropDown, in: frame.errorLabel)
    }

    /// The chosen case, or nil for "None".
    public var choice: Choice? {
        get {
            guard let index = dropDown.selectedIndex else { return nil }
            let position = index - (allowsNone ? 1 : 0)
            return choices.indices.contains(position) ? choices[position] : nil
        }
        set {
            if let newValue, let index = choices.firstIndex(of: newValue) {
                dropDown.selectedIndex = index + (allowsNone ? 1 : 0)
            } else {
                dropDown.selectedIndex = allowsNone ? 0 : nil
            }
        }
    }

    /// The chosen case's raw value; "" for "None". Setting a raw value or a title chooses it.
    public var text: String? {
        get { choice?.rawValue ?? "" }
        set { choice = newValue.flatMap(Choice.init) }
    }
}

extension ChoiceInput: @MainActor FormInput {
    public typealias Output = Choice
}

extension ChoiceInput: FormFieldView {
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
