/// A form that resolves what people typed into a typed model: GenericUI's `UIQuickFormView`
/// without the view.
///
/// Bind inputs (to a key path with rules, or with a closure as in GenericUI) and views, place
/// them in rows, load a model to edit, then resolve:
///
/// ```swift
/// let form = Form<Person>()
/// let first = form.bind(firstInput, to: \.firstName, rules: [.required])
/// let age = form.bind(ageInput, to: \.age, rules: [.atMost(120, message: "Too old")])
/// form.addRow([FormElement(first), .spacer(), FormElement(age)])
/// form.load(person)                  // the inputs show person's values
/// switch form.resolve(person) {      // what was typed, as a Person
/// case .success(let edited): save(edited)
/// case .failure(let errors): print(errors[age])
/// }
/// ```
///
/// Field ids index arrays, so binding, lookup, resolving and validating a field cost O(1) each;
/// resolving a form that has no errors allocates nothing beyond what the bindings do.
public final class Form<Model> {
    /// The model that closure bindings are tried on by `validate(field:)`, `validateAll()` and
    /// `isResolvable`; without one, closure bindings count as valid until resolved.
    public var prototype: Model?

    /// The rows and the fields placed in them.
    public private(set) var layout = FormLayout()

    @usableFromInline var entries: [Entry] = []
    private var placed: [Bool] = []
    private var fieldsByObject: [ObjectIdentifier: FieldID] = [:]
    /// Each input's text as the last `load` or `markClean()` left it ("" for nil).
    @usableFromInline var cleanTexts: [String] = []
    /// Rules across fields, checked once every field resolved.
    @usableFromInline var crossRules: [CrossFieldRule] = []
    /// The conditions of fields shown only when they hold, by field index.
    @usableFromInline var conditions: [Int: (Model) -> Bool] = [:]
    /// What computed fields write into a resolved model, run once every other field resolved.
    @usableFromInline var computedWriters: [(inout Model) -> Void] = []

    // Data entry (lists, undo, computed fields, drafts): see Form+Edits.swift.
    /// The undo history of a form that is not a row of a list.
    let ownHistory = FormHistory()
    /// The history of the form this one is a row of (set by its ``FormList``).
    var parentHistory: (() -> FormHistory)?
    /// Told after every change of this form's fields (set on a row's form by its ``FormList``).
    var changeHandler: ((FieldID) -> Void)?
    /// Each input's text as the form last saw it: the `before` of the next undo step.
    var seenTexts: [String?] = []
    /// Each input's text when it was bound: what a new record starts from (a choice's first
    /// case, a switch that is off), not "" (which a choice reads as none).
    var boundTexts: [String?] = []
    /// The model as typed so far: each field's last value that resolved, on the loaded model
    /// (or `prototype`). Computed fields read it.
    var live: Model?
    /// True while the form fills its own inputs (load, restore, a new record).
    var isFilling = false
    /// The placed inputs whose text does not resolve now, when known.
    var invalidNow: Set<FieldID>? = nil
    /// The fields marked "repeat last value", and the text each had when last saved.
    var repeating: [Int: String?] = [:]
    /// The computed fields, by field index, in binding order.
    var computedFields: [Int] = []

    /// Creates an empty form; `prototype` lets live validation try closure bindings.
    public init(prototype: Model? = nil) {
        self.prototype = prototype
    }

    // MARK: Binding

    /// Binds `input` with a closure that writes it into the model, as GenericUI does.
    ///
    /// The closure returns whether the input resolved and an optional error; ``resolve(_:)``
    /// reports that error on the field. `load`, when given, puts a model's value into the input
    /// for ``load(_:)``.
    /// - Precondition: `input` is not bound in this form yet.
    @inlinable
    public func bind<I: FormInput>(
        input: I,
        binding: @escaping (inout Model, I) -> (Bool, (any Error)?),
        load: ((Model, I) -> Void)? = nil
    ) -> FieldID {
        append(input, load: load.map { load in { model in load(model, input) } }, InputBinding(
            resolve: { model, errors in
                let (success, error) = binding(&model, input)
                if let error { errors.append(error) }
                return success
            },
            check: { model, field in
                guard var scratch = model else { return [] }
                let (success, error) = binding(&scratch, input)
                if let error { return [FormFieldError(wrapping: error, field: field)] }
                return success ? [] : [.unexplained(field: field)]
            }
        ))
    }

    /// Binds `input` to a property: its text is converted, checked by `rules`, and written.
    ///
    /// Empty text is an error ("Required", or the message of a `.required` rule); text that does
    /// not convert is a `.notConvertible` error with a message for its type; then every rule
    /// runs and each failure is an error. The property is written only when there is no error.
    /// - Precondition: `input` is not bound in this form yet.
    @inlinable
    public func bind<I: FormInput>(
        _ input: I,
        to keyPath: WritableKeyPath<Model, I.Output>,
        rules: [Rule<I.Output>] = []
    ) -> FieldID {
        let field = FieldID(index: entries.count)
        let checker = FieldChecker(input: input, field: field, rules: rules, isOptional: false)
        let load: (Model) -> Void = { model in input.text = model[keyPath: keyPath].formatted(using: input.numberParsing) }
        return append(input, load: load, InputBinding(
            resolve: { model, errors in
                var found: [FormFieldError] = []
                guard case .value(let value) = checker.evaluate(into: &found) else {
                    errors.append(contentsOf: found as [any Error])
                    return false
                }
                model[keyPath: keyPath] = value
                return true
            },
            check: { _, _ in checker.errors() }
        ))
    }

    /// Binds `input` to an optional property: as the non-optional form, except that empty text
    /// writes nil (unless a `.required` rule is given).
    /// - Precondition: `input` is not bound in this form yet.
    @inlinable
    public func bind<I: FormInput>(
        _ input: I,
        to keyPath: WritableKeyPath<Model, I.Output?>,
        rules: [Rule<I.Output>] = []
    ) -> FieldID {
        let field = FieldID(index: entries.count)
        let checker = FieldChecker(input: input, field: field, rules: rules, isOptional: true)
        let load: (Model) -> Void = { model in
            input.text = model[keyPath: keyPath]?.formatted(using: input.numberParsing) ?? ""
        }
        return append(input, load: load, InputBinding(
            resolve: { model, errors in
                var found: [FormFieldError] = []
                switch checker.evaluate(into: &found) {
                case .value(let value):
                    model[keyPath: keyPath] = value
                    return true
                case .empty:
                    model[keyPath: keyPath] = nil
                    return true
                case .rejected:
                    errors.append(contentsOf: found as [any Error])
                    return false
                }
            },
            check: { _, _ in checker.errors() }
        ))
    }

    /// Registers a view that is not an input (a label, a native widget) so it can be placed in a
    /// row; it takes no part in resolving.
    /// - Precondition: `view` is not bound in this form yet.
    public func bind(view: AnyObject) -> FieldID {
        append(view, load: nil, nil)
    }

    @usableFromInline
    func append<I: FormInput>(_ input: I, load: ((Model) -> Void)?, _ binding: InputBinding) -> FieldID {
        let field = append(input as AnyObject, load: load, binding)
        entries[field.index].text = { input.text }
        entries[field.index].setText = { input.text = $0 }
        entries[field.index].mergesEdits = !I.Output.editsAreChoices
        cleanTexts[field.index] = input.text ?? ""
        seenTexts[field.index] = input.text
        boundTexts[field.index] = input.text
        return field
    }

    @usableFromInline
    func append(_ object: AnyObject, load: ((Model) -> Void)?, _ binding: InputBinding?) -> FieldID {
        let field = FieldID(index: entries.count)
        let key = ObjectIdentifier(object)
        precondition(fieldsByObject[key] == nil, "\(object) is already bound in this form")
        entries.append(Entry(object: object, binding: binding, load: load))
        placed.append(false)
        cleanTexts.append("")
        seenTexts.append(nil)
        boundTexts.append(nil)
        invalidNow = nil
        fieldsByObject[key] = field
        return field
    }

    // MARK: Layout

    /// Appends a row of elements; each field may be placed once.
    ///
    /// - Precondition: every field was returned by this form's `bind` and is not placed yet
    ///   (placing an unknown id is a programming error, like an index out of range).
    public func addRow(_ elements: [FormElement]) {
        for element in elements {
            guard let field = element.field else { continue }
            precondition(entries.indices.contains(field.index), "\(field) was not bound in this form")
            precondition(!placed[field.index], "\(field) is already placed in a row")
            placed[field.index] = true
        }
        layout.append(FormRow(elements))
        invalidNow = nil
    }

    // MARK: Lookup

    /// The number of bound fields (inputs and views).
    public var fieldCount: Int {
        entries.count
    }

    /// Every bound field (inputs and views), in binding order: what a view attaches to.
    public var fields: [FieldID] {
        entries.indices.map { FieldID(index: $0) }
    }

    /// The input or view bound as `field`.
    public func object(for field: FieldID) -> AnyObject {
        entries[field.index].object
    }

    /// The field `object` is bound as, if any.
    public func field(of object: AnyObject) -> FieldID? {
        fieldsByObject[ObjectIdentifier(object)]
    }

    /// Whether `field` is an input (as opposed to a view).
    public func isInput(_ field: FieldID) -> Bool {
        entries[field.index].binding != nil
    }

    /// Whether `field` is placed in a row (only placed inputs resolve).
    public func isPlaced(_ field: FieldID) -> Bool {
        placed[field.index]
    }

    // MARK: Resolving

    /// Runs every input binding placed in a row, in row order, never stopping at a failure:
    /// GenericUI's `resolve`, kept for code written against it. New code calls ``resolve(_:)``.
    ///
    /// Returns false if any binding failed, and every error found: errors of closure bindings as
    /// they returned them, ``FormFieldError``s for key-path bindings and rules across fields.
    /// `model` keeps what the successful bindings wrote. Hidden fields (``show(_:when:)``) are
    /// skipped.
    @inlinable
    public func resolve(model: inout Model) -> (Bool, [any Error]) {
        var errors: [any Error] = []
        var fieldErrors: [FormFieldError]? = nil
        let success = resolveFields(into: &model, errors: &errors, fieldErrors: &fieldErrors)
        return (success, errors)
    }

    /// Resolves what people typed into a copy of `model`: the filled-in model, or every error
    /// keyed by field. This is the way to resolve a form.
    ///
    /// Every input placed in a row resolves, in row order, never stopping at a failure; then,
    /// when all did, every rule across fields (``addRule(on:message:_:)``) is checked. Fields
    /// that are hidden (``show(_:when:)``) keep `model`'s values. Errors of closure bindings are
    /// wrapped in ``FormFieldError`` (reason `.custom`, the original in `underlying`); a closure
    /// binding that fails without an error reports "Check this value".
    ///
    /// ```swift
    /// switch form.resolve(Person()) {
    /// case .success(let person): save(person)
    /// case .failure(let errors): show(errors[ageField])
    /// }
    /// ```
    @inlinable
    public func resolve(_ model: Model) -> Result<Model, FormErrors> {
        var model = model
        var errors: [any Error] = []
        var fieldErrors: [FormFieldError]? = []
        let success = resolveFields(into: &model, errors: &errors, fieldErrors: &fieldErrors)
        return success ? .success(model) : .failure(FormErrors(fieldErrors ?? []))
    }

    @inlinable
    func resolveFields(into model: inout Model, errors: inout [any Error], fieldErrors: inout [FormFieldError]?) -> Bool {
        var success = true
        if conditions.isEmpty {
            for field in layout.placedFields {
                if !resolve(field, into: &model, errors: &errors, fieldErrors: &fieldErrors) { success = false }
            }
        } else {
            // Fields shown on a condition resolve last, on the model the other fields made.
            for field in layout.placedFields where conditions[field.index] == nil {
                if !resolve(field, into: &model, errors: &errors, fieldErrors: &fieldErrors) { success = false }
            }
            for field in layout.placedFields {
                guard let condition = conditions[field.index], condition(model) else { continue }
                if !resolve(field, into: &model, errors: &errors, fieldErrors: &fieldErrors) { success = false }
            }
            if fieldErrors != nil { fieldErrors = sortedInRowOrder(fieldErrors ?? []) }
        }
        for write in computedWriters { write(&model) }
        guard success, !crossRules.isEmpty else { return success }
        let hidden = conditions.isEmpty ? [] : hiddenFields(in: model, resolved: true)
        for rule in crossRules where !rule.check(model) {
            success = false
            for field in rule.fields where !hidden.contains(field) {
                let error = FormFieldError(field: field, reason: .custom, message: rule.message)
                errors.append(error)
                fieldErrors?.append(error)
            }
        }
        return success
    }

    @inlinable
    func resolve(_ field: FieldID, into model: inout Model, errors: inout [any Error],
                 fieldErrors: inout [FormFieldError]?) -> Bool {
        guard let binding = entries[field.index].binding else { return true }
        let before = errors.count
        let resolved = binding.resolve(&model, &errors)
        if fieldErrors != nil {
            for error in errors[before...] {
                fieldErrors?.append(FormFieldError(wrapping: error, field: field))
            }
            if !resolved, errors.count == before { fieldErrors?.append(.unexplained(field: field)) }
        }
        return resolved
    }

    @usableFromInline
    func sortedInRowOrder(_ errors: [FormFieldError]) -> [FormFieldError] {
        var position: [FieldID: Int] = [:]
        for (index, field) in layout.placedFields.enumerated() { position[field] = index }
        return errors.enumerated().sorted {
            let (left, right) = (position[$0.element.field] ?? 0, position[$1.element.field] ?? 0)
            return left != right ? left < right : $0.offset < $1.offset
        }.map(\.element)
    }

    // MARK: Live validation

    /// The errors `field` has now, without writing any model: for live validation as it changes.
    ///
    /// Key-path bindings are checked by conversion and rules alone; closure bindings run on a
    /// copy of ``prototype`` (no errors without one). A view has no errors.
    @inlinable
    public func validate(field: FieldID) -> [FormFieldError] {
        entries[field.index].binding?.check(prototype, field) ?? []
    }

    /// The errors `field` has now, trying a closure binding on a copy of `model`.
    @inlinable
    public func validate(field: FieldID, in model: Model) -> [FormFieldError] {
        entries[field.index].binding?.check(model, field) ?? []
    }

    /// The errors of every placed input, in row order, as ``validate(field:)`` finds them.
    @inlinable
    public func validateAll() -> [FormFieldError] {
        var errors: [FormFieldError] = []
        for field in layout.placedFields {
            errors.append(contentsOf: validate(field: field))
        }
        return errors
    }

    /// Whether the form would resolve now: what a Save button's sensitivity follows.
    ///
    /// With a ``prototype`` the whole form is resolved on it, so rules across fields and hidden
    /// fields count; without one, every placed input is validated on its own.
    @inlinable
    public var isResolvable: Bool {
        if let prototype {
            var scratch = prototype
            var errors: [any Error] = []
            var none: [FormFieldError]? = nil
            return resolveFields(into: &scratch, errors: &errors, fieldErrors: &none)
        }
        return layout.placedFields.allSatisfy { validate(field: $0).isEmpty }
    }
}
