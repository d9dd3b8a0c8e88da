import Foundation
import Forms
import Storage
import Localization

/// One property of a record model as the app keeps it: its title (the list's column header and
/// the CSV header), the SQL column it is stored in for sorting and searching, and its text in
/// the list. The list sorts by the stored column, so a sort key is never written twice.
///
/// ```swift
/// static var fields: [RecordField<Person>] {
///     [.text("First name", stored: "first_name", \.firstName), .number("Age", stored: "age", \.age)]
/// }
/// ```
public struct RecordField<Model>: Sendable {
    /// The column header, also the CSV header.
    public let title: String
    /// The SQL column beside each record.
    public let column: Column<Model>
    /// The cell's text.
    public let text: @Sendable (Model) -> String

    /// Text, searchable.
    public static func text(_ title: String, stored name: String, _ keyPath: KeyPath<Model, String> & Sendable) -> Self {
        Self(title: title, column: .text(name, keyPath)) { $0[keyPath: keyPath] }
    }

    /// Optional text, searchable; empty when absent.
    public static func text(_ title: String, stored name: String, _ keyPath: KeyPath<Model, String?> & Sendable) -> Self {
        Self(title: title, column: .text(name, keyPath)) { $0[keyPath: keyPath] ?? "" }
    }

    /// A whole number.
    public static func number<Value: BinaryInteger & SendableMetatype>(
        _ title: String, stored name: String, _ keyPath: KeyPath<Model, Value> & Sendable
    ) -> Self {
        Self(title: title, column: .integer(name, keyPath)) { $0[keyPath: keyPath].description }
    }

    /// A measure shown with two decimals in the user's locale.
    public static func measure(_ title: String, stored name: String, _ keyPath: KeyPath<Model, Double> & Sendable) -> Self {
        Self(title: title, column: .real(name, keyPath)) { LocaleText.twoDecimals($0[keyPath: keyPath]) }
    }

    /// A decimal amount, sorted by value, shown with the user's decimal separator.
    public static func decimal(_ title: String, stored name: String, _ keyPath: KeyPath<Model, Decimal> & Sendable) -> Self {
        let column = Column<Model>(name, type: .real) { .real(NSDecimalNumber(decimal: $0[keyPath: keyPath]).doubleValue) }
            .shared(as: .numeric) { .text($0[keyPath: keyPath].description) }
        return Self(title: title, column: column) { LocaleText.amount($0[keyPath: keyPath]) }
    }

    /// A calendar day, stored as ISO 8601 text (which sorts by date), shown in the user's locale.
    public static func date(_ title: String, stored name: String, _ keyPath: KeyPath<Model, CalendarDate> & Sendable) -> Self {
        let column = Column<Model>(name, type: .text) { .text($0[keyPath: keyPath].description) }.shared(as: .date)
        return Self(title: title, column: column) { $0[keyPath: keyPath].formatted(using: .current) }
    }

    /// A choice, stored as its raw value, shown as its title.
    public static func choice<Choice: FormChoice>(
        _ title: String, stored name: String, _ keyPath: KeyPath<Model, Choice> & Sendable
    ) -> Self {
        let column = Column<Model>(name, type: .text) { .text($0[keyPath: keyPath].rawValue) }
        return Self(title: title, column: column) { $0[keyPath: keyPath].title }
    }

    /// Yes or no, stored as 0 or 1.
    public static func flag(_ title: String, stored name: String, _ keyPath: KeyPath<Model, Bool> & Sendable) -> Self {
        Self(title: title, column: .integer(name, keyPath)) {
            // Translators: a yes-or-no field's value in the records list, such as Paid.
            $0[keyPath: keyPath] ? tr("Yes") : tr("No")
        }
    }
}
