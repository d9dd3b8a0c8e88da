/// Why an imported row does not make a record: one message per problem, each led by its
/// field ("Age: Must be 120 or less").
public struct ImportRejection: Error, Equatable, Sendable {
    /// What is wrong, in the form's words.
    public let messages: [String]

    /// A rejection saying `messages`.
    public init(_ messages: [String]) {
        self.messages = messages
    }
}
