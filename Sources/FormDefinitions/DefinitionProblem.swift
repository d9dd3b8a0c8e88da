/// Something in a ``FormDefinition`` that does not make sense, in words naming the field:
/// what the designer shows, and why a definition is refused.
public struct DefinitionProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The field it is about (a line-items column's own id for a column), nil for the form.
    public let field: FieldDefinitionID?
    /// The message, translated: "“Age” is computed from itself".
    public let message: String

    /// A problem of `field`.
    public init(field: FieldDefinitionID?, message: String) {
        self.field = field
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
