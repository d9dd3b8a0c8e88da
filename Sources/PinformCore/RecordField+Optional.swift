import Forms
import Storage

extension RecordField {
    /// A calendar day that may be absent: stored as ISO 8601 text (empty when absent, which
    /// sorts first), shown in the user's locale.
    public static func date(_ title: String, stored name: String, _ keyPath: KeyPath<Model, CalendarDate?> & Sendable) -> Self {
        let column = Column<Model>(name, type: .text) { .text($0[keyPath: keyPath]?.description ?? "") }
        return Self(title: title, column: column) { $0[keyPath: keyPath]?.formatted(using: .current) ?? "" }
    }
}
