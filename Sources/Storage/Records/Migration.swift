/// One step in the history of a database's schema, applied once, in order, by `Database`.
///
/// A database's `userVersion` counts the migrations it has had, so the list only grows at its
/// end: never reorder, change or remove a migration that has shipped.
///
/// ```swift
/// let migrations = [
///     Migration.sql("create settings", "CREATE TABLE setting(key TEXT PRIMARY KEY, value TEXT)"),
///     Migration("default theme") { database in
///         try database.execute("INSERT INTO setting VALUES ('theme', ?)", [.text("system")])
///     },
/// ]
/// let database = try Database(at: url, migrations: migrations)
/// ```
public struct Migration: Sendable {
    /// A short description, for reading the list.
    public let name: String

    /// Changes the schema or data; runs inside the migration transaction.
    let apply: @Sendable (Database) throws -> Void

    /// A migration that runs Swift code against the database.
    public init(_ name: String, _ apply: @escaping @Sendable (Database) throws -> Void) {
        self.name = name
        self.apply = apply
    }

    /// A migration that runs SQL statements separated by semicolons.
    public static func sql(_ name: String, _ script: String) -> Migration {
        Migration(name) { database in try database.executeScript(script) }
    }
}
