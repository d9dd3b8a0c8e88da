import Controls
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
struct RecordField<Model>: Sendable {
    /// The column header, also the CSV header.
    let title: String
    /// The SQL column beside each record.
    let column: Column<Model>
    /// The cell's text.
    let text: @Sendable (Model) -> String

    /// The records list's column for this field, sorted by its stored column.
    var listColumn: RecordColumn<Model> {
        RecordColumn(title: title, sortKey: column.name, text: text)
    }

    /// Text, searchable.
    static func text(_ title: String, stored name: String, _ keyPath: KeyPath<Model, String> & Sendable) -> Self {
        Self(title: title, column: .text(name, keyPath)) { $0[keyPath: keyPath] }
    }

    /// Optional text, searchable; empty when absent.
    static func text(_ title: String, stored name: String, _ keyPath: KeyPath<Model, String?> & Sendable) -> Self {
        Self(title: title, column: .text(name, keyPath)) { $0[keyPath: keyPath] ?? "" }
    }

    /// A whole number.
    static func number<Value: BinaryInteger & SendableMetatype>(
        _ title: String, stored name: String, _ keyPath: KeyPath<Model, Value> & Sendable
    ) -> Self {
        Self(title: title, column: .integer(name, keyPath)) { $0[keyPath: keyPath].description }
    }

    /// A measure shown with two decimals in the user's locale.
    static func measure(_ title: String, stored name: String, _ keyPath: KeyPath<Model, Double> & Sendable) -> Self {
        Self(title: title, column: .real(name, keyPath)) { LocaleText.twoDecimals($0[keyPath: keyPath]) }
    }

    /// A decimal amount, sorted by value, shown with the user's decimal separator.
    static func decimal(_ title: String, stored name: String, _ keyPath: KeyPath<Model, Decimal> & Sendable) -> Self {
        let column = Column<Model>(name, type: .real) { .real(NSDecimalNumber(decimal: $0[keyPath: keyPath]).doubleValue) }
        return Self(title: title, column: column) { LocaleText.amount($0[keyPath: keyPath]) }
    }

    /// A calendar day, stored as ISO 8601 text (which sorts by date), shown in the user's locale.
    static func date(_ title: String, stored name: String, _ keyPath: KeyPath<Model, CalendarDate> & Sendable) -> Self {
        let column = Column<Model>(name, type: .text) { .text($0[keyPath: keyPath].description) }
        return Self(title: title, column: column) { $0[keyPath: keyPath].formatted(using: .current) }
    }

    /// A choice, stored as its raw value, shown as its title.
    static func choice<Choice: FormChoice>(
        _ title: String, stored name: String, _ keyPath: KeyPath<Model, Choice> & Sendable
    ) -> Self {
        let column = Column<Model>(name, type: .text) { .text($0[keyPath: keyPath].rawValue) }
        return Self(title: title, column: column) { $0[keyPath: keyPath].title }
    }

    /// Yes or no, stored as 0 or 1.
    static func flag(_ title: String, stored name: String, _ keyPath: KeyPath<Model, Bool> & Sendable) -> Self {
        Self(title: title, column: .integer(name, keyPath)) {
            // Translators: a yes-or-no field's value in the records list, such as Paid.
            $0[keyPath: keyPath] ? tr("Yes") : tr("No")
        }
    }
}

/// Numbers as the list and summaries show them, in the user's locale (`NumberParsing.current`).
enum LocaleText {
    /// Two decimals: "1,80" in German.
    static func twoDecimals(_ number: Double) -> String {
        NumberParsing.current.localized(String(format: "%.2f", number))
    }

    /// An amount with at least two decimals: "1234,50" in German.
    static func amount(_ number: Decimal) -> String {
        var text = number.description
        if let dot = text.firstIndex(of: ".") {
            let decimals = text.distance(from: dot, to: text.endIndex) - 1
            if decimals < 2 { text += String(repeating: "0", count: 2 - decimals) }
        } else {
            text += ".00"
        }
        return NumberParsing.current.localized(text)
    }
}
