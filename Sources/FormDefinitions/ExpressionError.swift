/// Why an expression cannot be read, checked or computed, in words for the form's author (or,
/// when computing, for the person filling in the form): "Division by zero".
public struct ExpressionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The message, translated.
    public let message: String
    /// Where in the expression (a character offset), when known.
    public let position: Int?

    /// An error saying `message`.
    public init(_ message: String, at position: Int? = nil) {
        self.message = message
        self.position = position
    }

    /// The message.
    public var description: String { message }
}
