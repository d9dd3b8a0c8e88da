import FormDefinitions

/// The ready forms the designer offers to start from.
enum DesignerTemplates {
    /// The templates, in the drop-down's order.
    static var all: [FormDefinition] { [] }
}
