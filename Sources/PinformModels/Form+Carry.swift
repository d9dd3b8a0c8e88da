import Controls
import Forms

extension Form {
    /// Keeps a property no input edits through `resolve`, whatever model the form resolves
    /// into: the value of the model as loaded (or as typed since, `modelAsTyped`), passed
    /// through `value` — an invoice's customer name as last saved, the age a person's record
    /// had before birth dates. It is an unplaced, never shown computed field.
    @MainActor
    func carry(_ keyPath: WritableKeyPath<Model, String>,
               _ value: @escaping (_ resolved: Model, _ asLoaded: String) -> String = { $1 }) {
        bind(computed: ComputedValueInput<String>(label: ""), to: keyPath) { [weak self] model in
            value(model, self?.modelAsTyped?[keyPath: keyPath] ?? model[keyPath: keyPath])
        }
    }
}
