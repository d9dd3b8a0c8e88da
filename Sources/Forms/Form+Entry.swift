// What Form keeps for each bound element, rule across fields and input binding.
extension Form {
    /// A bound element: the input or view, and how an input resolves (nil for a view).
    @usableFromInline
    struct Entry {
        @usableFromInline let object: AnyObject
        @usableFromInline let binding: InputBinding?
        /// Puts a model's value into the input; nil for a view or a closure binding without one.
        @usableFromInline let load: ((Model) -> Void)?
        /// Reads the input's text; nil for a view, a list or a computed field.
        @usableFromInline var text: (() -> String?)?
        /// Writes the input's text; nil for a view.
        var setText: ((String?) -> Void)?
        /// Whether consecutive changes are one undo step (typing), not one each (a choice).
        var mergesEdits = true
        /// The rows of a list field; nil for any other.
        var list: (any ListPart)?
        /// Shows a computed field's value of a model; nil for any other field.
        var compute: ((Model) -> Void)?

        @usableFromInline
        init(object: AnyObject, binding: InputBinding?, load: ((Model) -> Void)?) {
            self.object = object
            self.binding = binding
            self.load = load
        }
    }

    /// A rule across fields, from ``addRule(on:message:_:)``.
    @usableFromInline
    struct CrossFieldRule {
        @usableFromInline let fields: [FieldID]
        @usableFromInline let message: String
        @usableFromInline let check: (Model) -> Bool

        @usableFromInline
        init(fields: [FieldID], message: String, check: @escaping (Model) -> Bool) {
            self.fields = fields
            self.message = message
            self.check = check
        }
    }

    /// A type-erased input binding.
    @usableFromInline
    struct InputBinding {
        /// Writes the input into the model, appends errors as found, and returns success.
        @usableFromInline let resolve: (inout Model, inout [any Error]) -> Bool
        /// Returns the field's errors without touching any real model.
        @usableFromInline let check: (Model?, FieldID) -> [FormFieldError]

        @usableFromInline
        init(
            resolve: @escaping (inout Model, inout [any Error]) -> Bool,
            check: @escaping (Model?, FieldID) -> [FormFieldError]
        ) {
            self.resolve = resolve
            self.check = check
        }
    }
}
