/// An input that holds text and reads it as a typed value: the headless side of an input field.
///
/// The GTK layer's input widgets conform, and so does ``TextInput`` for code without a display.
/// A conformer provides `text`; `output`, `purpose`, `numberParsing` and `conversion` have
/// defaults that follow GenericUI's `UIInputField<T>`:
///
/// ```swift
/// let age = TextInput<Int>(text: " 42 ")
/// age.output          // 42
/// age.output = 7      // age.text == "7"
/// ```
public protocol FormInput: AnyObject {
    /// The type the text converts to.
    associatedtype Output: StringTwoWayConvertible

    /// The text as typed; nil when there is none.
    var text: String? { get set }

    /// The typed value of `text`: nil when the text is nil or does not convert; a `String`
    /// output passes through ("" stays ""). Setting it writes the value's `description`.
    var output: Output? { get set }

    /// The kind of text expected; defaults to `Output.defaultPurpose`.
    var purpose: InputPurpose { get }

    /// How numbers are read; defaults to the user's locale (``NumberParsing/current``).
    var numberParsing: NumberParsing { get }
}

extension FormInput {
    /// The typed value of `text`, as GenericUI's `UIInputField.output`.
    public var output: Output? {
        @inlinable get {
            guard let text else { return nil }
            return try? Output.parse(text, using: numberParsing).get()
        }
        set {
            text = newValue?.description
        }
    }

    /// `Output.defaultPurpose`.
    public var purpose: InputPurpose { Output.defaultPurpose }

    /// The user's locale.
    public var numberParsing: NumberParsing { .current }

    /// The typed value of `text`, or why it does not convert; nil when the text is nil or "".
    @inlinable
    public var conversion: Result<Output, ConversionError>? {
        guard let text, !text.isEmpty else { return nil }
        return Output.parse(text, using: numberParsing)
    }
}
