/// A form that resolves what people typed into a typed model: GenericUI's `UIQuickFormView`
/// without the view.
///
/// Bind inputs (with a closure as in GenericUI, or to a key path with rules) and views, place
/// them in rows, then resolve:
///
/// ```swift
/// let form = Form<Person>()
/// let first = form.bind(input: firstInput) { person, input in
///     guard let name = input.output, !name.isEmpty else { return (false, PersonError.nilInput) }
///     person.firstName = name
///     return (true, nil)
/// }
/// let age = form.bind(ageInput, to: \.age, rules: [.atMost(120, message: "Too old")])
/// form.addRow([FormElement(first), .spacer(), FormElement(age)])
/// var person = Person()
/// let (success, errors) = form.resolve(model: &person)
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

    /// Creates an empty form; `prototype` lets live validation try closure bindings.
    public init(prototype: Model? = nil) {
        self.prototype = prototype
    }

    // MARK: Binding

    /// Binds `input` with a closure that writes it into the model, as GenericUI does.
    ///
    /// The closure returns whether the input resolved and an optional error; ``resolve(model:)``
    /// reports that error as it is.
    /// - Precondition: `input` is not bound in this form yet.
    @inlinable
    public func bind<I: FormInput>(
        input: I,
        binding: @escaping (inout Model, I) -> (Bool, (any Error)?)
    ) -> FieldID {
        append(input, InputBinding(
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
        return append(input, InputBinding(
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
        return append(input, InputBinding(
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
        append(view, nil)
    }

    @usableFromInline
    func append(_ object: AnyObject, _ binding: InputBinding?) -> FieldID {
        let field = FieldID(index: entries.count)
        let key = ObjectIdentifier(object)
        precondition(fieldsByObject[key] == nil, "\(object) is already bound in this form")
        entries.append(Entry(object: object, binding: binding))
        placed.append(false)
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
    }

    // MARK: Lookup

    /// The number of bound fields (inputs and views).
    public var fieldCount: Int {
        entries.count
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

    /// Runs every input binding placed in a row, in row order, never stopping at a failure.
    ///
    /// Returns false if any binding failed, and every error found: errors of closure bindings as
    /// they returned them, ``FormFieldError``s for key-path bindings. Exactly GenericUI's
    /// semantics; `model` keeps what the successful bindings wrote.
    @inlinable
    public func resolve(model: inout Model) -> (Bool, [any Error]) {
        var success = true
        var errors: [any Error] = []
        for field in layout.placedFields {
            guard let binding = entries[field.index].binding else { continue }
            if !binding.resolve(&model, &errors) { success = false }
        }
        return (success, errors)
    }

    /// Resolves a copy of `model`: the filled-in model, or every error keyed by field.
    ///
    /// Errors of closure bindings are wrapped in ``FormFieldError`` (reason `.custom`, the
    /// original in `underlying`); a closure binding that fails without an error reports
    /// "Check this value". The result is a failure exactly when ``resolve(model:)`` returns false.
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
        var success = true
        var errors: [any Error] = []
        var fieldErrors: [FormFieldError] = []
        for field in layout.placedFields {
            guard let binding = entries[field.index].binding else { continue }
            let before = errors.count
            let resolved = binding.resolve(&model, &errors)
            for error in errors[before...] {
                fieldErrors.append(FormFieldError(wrapping: error, field: field))
            }
            if !resolved {
                success = false
                if errors.count == before { fieldErrors.append(.unexplained(field: field)) }
            }
        }
        return success ? .success(model) : .failure(FormErrors(fieldErrors))
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

    /// Whether every placed input validates now: what a Save button's sensitivity follows.
    @inlinable
    public var isResolvable: Bool {
        layout.placedFields.allSatisfy { validate(field: $0).isEmpty }
    }
}

extension Form {
    /// A bound element: the input or view, and how an input resolves (nil for a view).
    @usableFromInline
    struct Entry {
        @usableFromInline let object: AnyObject
        @usableFromInline let binding: InputBinding?

        @usableFromInline
        init(object: AnyObject, binding: InputBinding?) {
            self.object = object
            self.binding = binding
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
