import Forms
import Gtk

/// A labelled multi-line text input, for notes. Tab moves on to the next field (Ctrl+Tab too).
///
/// ```swift
/// form.bind(TextAreaInput(label: "Notes"), to: \.notes)   // String or String?
/// ```
@MainActor
public final class TextAreaInput {
    /// The text view.
    public let textView = TextView()
    /// The state engine styling the input.
    public let control = InputFieldControl()
    /// The label above the text.
    public var label: Label { frame.label }

    private let frame: LabelledField
    /// The look of the error line, which the engine writes and holds weakly.
    private var errorPresentation: FieldErrorPresentation?

    /// A text input labelled `label`, `lines` lines high before it scrolls.
    public init(label text: String, lines: Int32 = 4) {
        let scrolled = ScrolledWindow()
        scrolled.child = textView
        scrolled.addCSSClass("text-area")
        scrolled.hasFrame = true
        scrolled.setSizeRequest(width: -1, height: lines * 22)
        frame = LabelledField(label: text, content: scrolled, target: textView)
        control.follow(textView)
        errorPresentation = control.presentErrors(of: textView, in: frame.errorLabel)
    }

    /// The text.
    public var text: String? {
        get { textView.text }
        set { textView.text = newValue ?? "" }
    }
}

extension TextAreaInput: @MainActor FormInput {
    public typealias Output = String
}

extension TextAreaInput: FormFieldView {
    /// The label, text and error line.
    public var view: Widget { frame.container }
    /// The text view.
    public var focusTarget: Widget { textView }
    /// The input's own error line.
    public var errorLine: Label? { frame.errorLabel }

    /// Calls `handler` after every change of the text.
    public func onEdited(_ handler: @escaping @MainActor () -> Void) {
        textView.onChanged(handler)
    }
}
