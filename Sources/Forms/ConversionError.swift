/// Why a text could not be converted to a typed value, with a message for people.
public struct ConversionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure.
    public enum Kind: Sendable, Hashable {
        /// Nothing but whitespace was typed.
        case blank
        /// The text is not a value of the type, e.g. "12a" for a number.
        case malformed
        /// The text is a number, but the type cannot hold it.
        case outOfRange
    }

    /// The kind of failure.
    public let kind: Kind
    /// What to tell the person who typed it, e.g. "Enter a whole number".
    public let message: String

    /// Creates a conversion error.
    public init(_ kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message for people.
    public var description: String {
        message
    }
}
