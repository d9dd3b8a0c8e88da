/// A headless input: text plus its typed reading, for tests and anything without a display.
///
/// ```swift
/// let first = TextInput<String>(text: "John")
/// let age = TextInput<UInt8>()          // purpose .digits
/// age.text = "26"
/// ```
public final class TextInput<Output: StringTwoWayConvertible>: FormInput {
    /// The text as typed; nil when there is none.
    public var text: String?

    /// The kind of text expected.
    public var purpose: InputPurpose

    /// How numbers are read.
    public var numberParsing: NumberParsing

    /// Creates an input with `text`, the type's default purpose and the user's locale.
    public init(
        text: String? = nil,
        purpose: InputPurpose = Output.defaultPurpose,
        numberParsing: NumberParsing = .current
    ) {
        self.text = text
        self.purpose = purpose
        self.numberParsing = numberParsing
    }

    /// Creates an input showing `output`'s `description`.
    public convenience init(output: Output) {
        self.init(text: output.description)
    }
}
