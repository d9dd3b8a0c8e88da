import Localization

/// Converts a key-path binding's input and runs its rules (shared by resolving and validating).
///
/// Inlinable so that each binding is specialized for its input type in the module that binds it:
/// unspecialized generic code pays a metadata lookup per call, too much at 1 µs per field.
@usableFromInline
struct FieldChecker<Input: FormInput> {
    @usableFromInline
    enum Evaluation {
        case value(Input.Output)
        case empty
        case rejected
    }

    @usableFromInline let input: Input
    @usableFromInline let field: FieldID
    @usableFromInline let rules: [Rule<Input.Output>]
    /// The message for empty text, or nil when empty text is allowed (an optional property).
    @usableFromInline let emptyMessage: String?

    @usableFromInline
    init(input: Input, field: FieldID, rules: [Rule<Input.Output>], isOptional: Bool) {
        self.input = input
        self.field = field
        self.rules = rules
        let required = rules.lazy.compactMap(\.emptyMessage).first
        self.emptyMessage = required ?? (isOptional ? nil : tr("Required"))
    }

    /// The input's typed value, or empty, or rejected with errors appended to `errors`.
    @inlinable
    func evaluate(into errors: inout [FormFieldError]) -> Evaluation {
        guard let text = input.text, !text.isEmpty else { return empty(into: &errors) }
        switch Input.Output.parse(text, using: input.numberParsing) {
        case .failure(let failure):
            if failure.kind == .blank { return empty(into: &errors) }
            errors.append(FormFieldError(field: field, reason: .notConvertible, message: failure.message))
            return .rejected
        case .success(let value):
            let before = errors.count
            for rule in rules {
                if let error = rule.error(for: value, in: field) { errors.append(error) }
            }
            return errors.count == before ? .value(value) : .rejected
        }
    }

    /// The input's errors now.
    @inlinable
    func errors() -> [FormFieldError] {
        var errors: [FormFieldError] = []
        _ = evaluate(into: &errors)
        return errors
    }

    @inlinable
    func empty(into errors: inout [FormFieldError]) -> Evaluation {
        guard let emptyMessage else { return .empty }
        errors.append(FormFieldError(field: field, reason: .required, message: emptyMessage))
        return .rejected
    }
}
