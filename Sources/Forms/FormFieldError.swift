import Foundation
import Localization

/// A problem with one field of a form: which field, why, and what to tell people.
///
/// An error in a row of a list field (``FormList``) is on the list's field, with the row's
/// identity in `row` and the field of the row's form in `rowField`.
///
/// Equality compares `field`, `row`, `rowField`, `reason` and `message` (not `underlying`).
public struct FormFieldError: Error, Hashable, CustomStringConvertible {
    /// Why a field was rejected.
    public enum Reason: Sendable, Hashable {
        /// The field is empty but a value is required.
        case required
        /// The text is not a value of the field's type (or the type cannot hold it).
        case notConvertible
        /// The value is outside the allowed range.
        case outOfRange
        /// The text is shorter than allowed.
        case tooShort
        /// The text is longer than allowed.
        case tooLong
        /// The text does not match the required pattern.
        case patternMismatch
        /// The text is not an email address.
        case invalidEmail
        /// A custom rule, or an error from a closure binding.
        case custom
    }

    /// The field that is wrong.
    public let field: FieldID
    /// Why it is wrong.
    public let reason: Reason
    /// What to tell the person, e.g. "Enter a whole number"; shown next to the field.
    public let message: String
    /// The error a closure binding returned, when this error wraps one.
    public let underlying: (any Error)?
    /// The row of the list field `field` that is wrong; nil outside a list.
    public let row: RowID?
    /// The field of `row`'s form that is wrong; nil outside a list.
    public let rowField: FieldID?

    /// Creates a field error.
    public init(field: FieldID, reason: Reason, message: String, underlying: (any Error)? = nil) {
        self.init(field: field, row: nil, rowField: nil, reason: reason, message: message, underlying: underlying)
    }

    /// Creates the error of `rowField` in `row` of the list field `field`.
    public init(field: FieldID, row: RowID?, rowField: FieldID?, reason: Reason, message: String,
                underlying: (any Error)? = nil) {
        self.field = field
        self.row = row
        self.rowField = rowField
        self.reason = reason
        self.message = message
        self.underlying = underlying
    }

    /// This error as its row's form reports it: on `rowField`, outside any list.
    public var inRow: FormFieldError {
        FormFieldError(field: rowField ?? field, reason: reason, message: message, underlying: underlying)
    }

    /// Wraps any error from a closure binding; a `FormFieldError` is returned as it is.
    ///
    /// The message is the error's `errorDescription` when it is a `LocalizedError` with one,
    /// else its `description`.
    public init(wrapping error: any Error, field: FieldID) {
        if let error = error as? FormFieldError {
            self = error
            return
        }
        self.init(field: field, reason: .custom, message: Self.message(for: error), underlying: error)
    }

    /// The message for people.
    public var description: String {
        message
    }

    /// Compares field, row, reason and message.
    public static func == (lhs: FormFieldError, rhs: FormFieldError) -> Bool {
        lhs.field == rhs.field && lhs.row == rhs.row && lhs.rowField == rhs.rowField
            && lhs.reason == rhs.reason && lhs.message == rhs.message
    }

    /// Hashes field, row, reason and message.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(field)
        hasher.combine(row)
        hasher.combine(rowField)
        hasher.combine(reason)
        hasher.combine(message)
    }

    private static func message(for error: any Error) -> String {
        if let localized = error as? LocalizedError, let description = localized.errorDescription {
            return description
        }
        return String(describing: error)
    }

    /// The error for a closure binding that failed without saying why.
    @usableFromInline
    static func unexplained(field: FieldID) -> FormFieldError {
        FormFieldError(field: field, reason: .custom, message: tr("Check this value"))
    }
}
