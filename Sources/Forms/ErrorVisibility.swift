/// When each field of a form shows its error, decided without a view: an error is news only
/// after the person had a chance to get the field right.
///
/// A field shows its error once the person changed it and left it, and from then on as they
/// type; or, for every field, once they tried to save. Filling the inputs from a model
/// (`isFilling`) is no change; loading, resetting and hiding a field take its error away.
/// A view (`FormView`) reports what happens and shows the errors of `showing`:
///
/// ```swift
/// var visibility = ErrorVisibility()
/// visibility.edited(age)          // typing: nothing shows yet
/// visibility.left(age)            // true: age shows its error from now on
/// visibility.showsError(of: age)  // true
/// ```
public struct ErrorVisibility: Sendable {
    /// The fields whose errors show now.
    public private(set) var showing: Set<FieldID> = []
    /// The fields the person changed since the last load or reset.
    private var changed: Set<FieldID> = []

    /// Whether the inputs are being filled by the program (a load, a reset): edits then are no
    /// change by the person.
    public var isFilling = false

    /// No field changed, none shows an error.
    public init() {}

    /// Whether `field` shows its error now.
    public func showsError(of field: FieldID) -> Bool {
        showing.contains(field)
    }

    /// The person changed `field` (ignored while `isFilling`). Its error does not show yet: the
    /// person is still typing.
    public mutating func edited(_ field: FieldID) {
        guard !isFilling else { return }
        changed.insert(field)
    }

    /// The person left `field`; returns whether its error starts showing now (it was changed
    /// and did not show yet).
    @discardableResult
    public mutating func left(_ field: FieldID) -> Bool {
        guard changed.contains(field), !showing.contains(field) else { return false }
        showing.insert(field)
        return true
    }

    /// The person tried to save: every one of `fields` (those shown and placed) shows its error.
    public mutating func saveAttempted(on fields: some Sequence<FieldID>) {
        showing.formUnion(fields)
    }

    /// `field` was hidden: its error no longer shows. Returns whether it showed.
    @discardableResult
    public mutating func hide(_ field: FieldID) -> Bool {
        showing.remove(field) != nil
    }

    /// A model was loaded or the form was emptied: nothing counts as changed and no error
    /// shows. Returns the fields whose errors showed until now, for the view to clear.
    @discardableResult
    public mutating func startOver() -> Set<FieldID> {
        let shown = showing
        changed.removeAll()
        showing.removeAll()
        return shown
    }
}
