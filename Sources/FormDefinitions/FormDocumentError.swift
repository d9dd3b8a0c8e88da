/// Why a `.pinform-form` file cannot be opened, in words for the person opening it.
public struct FormDocumentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The message, translated.
    public let message: String

    /// An error saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
