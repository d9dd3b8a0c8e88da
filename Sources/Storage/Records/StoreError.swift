#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CSQLite
import Localization

/// Why the records database could not do what was asked, with a sentence for the person.
///
/// SQLite's extended result codes are mapped to the few situations a person can act on;
/// `offersFreshStart` says when the window should offer to move the file aside
/// (`Database.moveAside(fileAt:)`) and start with an empty one, `offersRetry` when trying
/// again later may work. No error blames the file for what a search asked.
public enum StoreError: Error, Equatable, Sendable {
    /// The file is not a database or is damaged (`SQLITE_CORRUPT`, `SQLITE_NOTADB`).
    case corrupt(path: String)
    /// Another program holds the database locked (`SQLITE_BUSY`, `SQLITE_LOCKED`).
    case busy(path: String)
    /// The file or its folder cannot be opened (`SQLITE_CANTOPEN`, `SQLITE_PERM`, `SQLITE_AUTH`);
    /// `reason` is the system's or SQLite's words.
    case cannotOpen(path: String, reason: String)
    /// The file, its folder or the connection is read-only (`SQLITE_READONLY`); nothing changed.
    case readOnly(path: String)
    /// The disk is full (`SQLITE_FULL`, or an I/O error with `ENOSPC`/`EDQUOT`); nothing changed.
    case diskFull(path: String)
    /// The file was written by a newer Pinform, with more migrations (or a table with columns)
    /// than this one knows; it can still be opened read-only.
    case newerSchema(path: String, found: Int, supported: Int)
    /// Something that is not a plain file — a named pipe, a device, a symbolic link, a folder —
    /// is where a data file belongs; it is neither opened nor moved. `kind` names what it is.
    case notARegularFile(path: String, kind: String)
    /// Another program has the file open, so it was not moved aside.
    case inUse(path: String)
    /// A search of more words than a search may have; nothing is wrong with the file.
    case searchTooLong(words: Int, limit: Int)
    /// A constraint rejected the change (`SQLITE_CONSTRAINT`); `reason` is SQLite's words.
    case constraint(reason: String)
    /// No record has this identity (it may have been deleted).
    case notFound(RecordID)
    /// A sort key names a column the store does not declare.
    case unknownColumn(String)
    /// The model could not be turned into JSON, e.g. it throws from `encode(to:)`.
    case encodingFailed(reason: String)
    /// A stored record could not be read back as the model type.
    case decodingFailed(id: RecordID, reason: String)
    /// Moving a damaged file aside failed; nothing was deleted.
    case moveAsideFailed(path: String, reason: String)
    /// Writing an exported file failed; any previous file at `path` is unchanged.
    case exportFailed(path: String, reason: String)
    /// The connection was closed before this use.
    case closed(path: String)
    /// Any other SQLite failure: the extended result code and SQLite's words.
    case other(code: Int32, reason: String)
    /// SQLCipher (or a library it needs) is not installed, so no records file can be opened;
    /// `reason` names the library and its package (`LibraryMissing`).
    case libraryMissing(reason: String)
    /// The shared database's server cannot be reached or dropped the connection; `reason` is
    /// libpq's words (never with a password in them).
    case serverUnavailable(reason: String)
    /// The shared database's server refused what was asked (a role's rights, a policy);
    /// `reason` is the server's words.
    case serverRefused(reason: String)
    /// The shared database was set up by a newer Pinform, whose schema this one does not know;
    /// nothing in it is changed.
    case sharedSchemaNewer(found: Int, supported: Int)
    /// Another desk changed the same fields of the record to other values since this desk read
    /// it; nothing was saved.
    case conflict(RecordConflict)
    /// A table's name is not 1 to 64 ASCII letters, digits and `_` starting with a letter (63 on
    /// a shared database: a form whose id is too long): nothing was opened or written.
    case invalidTableName(String)
    /// Two columns of a table have one name, as the store compares them (without case): a
    /// form whose field ids differ only in case or punctuation. Nothing was opened or written.
    case duplicateColumn(table: String, column: String)
    /// A column's name is longer than the database keeps whole (PostgreSQL cuts names at 63
    /// bytes, and the cut column would not be found again): a form whose field id is too long.
    /// Nothing was opened or written.
    case invalidColumnName(table: String, column: String)
    /// The shared database's server could not be reached, so the save was kept in this desk's
    /// sealed file, to be sent when it answers; `waiting` saves are kept now.
    case keptForLater(reason: String, waiting: Int)

    /// A sentence to show the person.
    public var message: String {
        switch self {
        case .corrupt(let path):
            tr("The records file is damaged (“{path}”).", ["path": path])
        case .busy(let path):
            tr("The records file is busy: another program is writing to it (“{path}”). Nothing was changed.", ["path": path])
        case .cannotOpen(let path, let reason):
            tr("The records file “{path}” cannot be opened: {reason}.", ["path": path, "reason": reason])
        case .readOnly(let path):
            tr("The records file “{path}” is read-only — the change was not saved.", ["path": path])
        case .diskFull:
            tr("The disk is full — the record was not saved.")
        case .newerSchema(let path, _, _):
            tr("The records file “{path}” was written by a newer version of Pinform. It is open read-only, so that nothing in it is lost.",
               ["path": path])
        case .notARegularFile(let path, let kind):
            // Translators: {kind} is one of "a symbolic link", "a named pipe", "a device", "a folder", "a socket".
            tr("“{path}” is {kind}, not a data file. Pinform does not open it; move it away and try again.",
               ["path": path, "kind": kind])
        case .inUse(let path):
            tr("The records file is open in another program (“{path}”), so it was not moved. Close that program and try again.",
               ["path": path])
        case .searchTooLong(let words, let limit):
            trn("Search for at most {limit} words — this search has %d.", "Search for at most {limit} words — this search has %d.",
                words, ["limit": String(limit)])
        case .constraint(let reason):
            tr("The record was not saved: {reason}.", ["reason": reason])
        case .notFound:
            tr("The record no longer exists.")
        case .unknownColumn(let name):
            tr("There is no column “{name}” to sort by.", ["name": name])
        case .encodingFailed(let reason):
            tr("The record could not be prepared for saving: {reason}.", ["reason": reason])
        case .decodingFailed(let id, let reason):
            tr("Record {id} could not be read: {reason}.", ["id": id.description, "reason": reason])
        case .moveAsideFailed(let path, let reason):
            tr("Could not move “{path}” aside: {reason}. Nothing was deleted.", ["path": path, "reason": reason])
        case .exportFailed(let path, let reason):
            tr("Could not export to “{path}”: {reason}.", ["path": path, "reason": reason])
        case .closed(let path):
            tr("The records file “{path}” is closed.", ["path": path])
        case .other(_, let reason), .libraryMissing(let reason):
            tr("The records file could not be used: {reason}.", ["reason": reason])
        case .serverUnavailable(let reason):
            tr("The shared database cannot be reached: {reason}.", ["reason": reason])
        case .serverRefused(let reason):
            tr("The shared database refused this: {reason}.", ["reason": reason])
        case .keptForLater(let reason, let waiting):
            // Translators: {reason} is libpq's words (in English); %d counts the saves this desk keeps for the server.
            trn("The shared database cannot be reached ({reason}). The save is kept on this desk and sent when the server answers again; %d save waits.", "The shared database cannot be reached ({reason}). The save is kept on this desk and sent when the server answers again; %d saves wait.",
                waiting, ["reason": reason])
        case .conflict(let conflict):
            trn("Another desk changed this record meanwhile: %d field differs. Nothing was saved yet.", "Another desk changed this record meanwhile: %d fields differ. Nothing was saved yet.",
                conflict.fields.count)
        case .invalidTableName(let table):
            tr("The records cannot be stored under the name “{table}”; nothing was changed.", ["table": table])
        case .duplicateColumn(let table, let column):
            tr("The records of “{table}” cannot be stored: two of their columns are named “{column}”; nothing was changed.",
               ["table": table, "column": column])
        case .invalidColumnName(let table, let column):
            // Translators: {column} is a long name of letters, digits and "_" that a crafted form file gave a field.
            tr("The records of “{table}” cannot be stored: the column name “{column}” is too long; nothing was changed.",
               ["table": table, "column": column])
        case .sharedSchemaNewer(let found, let supported):
            tr("The shared database was set up by a newer version of Pinform (schema {found}; this version knows {supported}). Update Pinform on this desk to use it; nothing in it was changed.",
               ["found": String(found), "supported": String(supported)])
        }
    }

    /// Whether the records file cannot be used as it is, so the window should offer to move
    /// it aside and start with an empty one (the moved file is kept).
    public var offersFreshStart: Bool {
        switch self {
        case .corrupt, .cannotOpen: true
        default: false
        }
    }

    /// Whether the same action may work when tried again, once another program is done.
    public var offersRetry: Bool {
        switch self {
        case .busy, .inUse, .serverUnavailable: true
        default: false
        }
    }

    /// Why `table` with `columns` cannot be stored, or nil when it can: the checks every
    /// store makes before it touches the database (a wrong input is refused, never trapped).
    /// - Parameters:
    ///   - longestTable: the longest table name the store takes, in bytes: a PostgreSQL server
    ///     cuts a name (a table's, its triggers', "<table>_versioned") at 63 without an error,
    ///     and the cut name is not found again at the next opening.
    ///   - longestColumn: the longest column name, in bytes.
    package static func layoutProblem(table: String, columnNames: [String], longestTable: Int = SQLIdentifier.maximumLength,
                                      longestColumn: Int = SQLIdentifier.maximumLength) -> StoreError? {
        guard SQLIdentifier.isValid(table), !table.hasPrefix("_"), table.utf8.count <= longestTable else {
            return .invalidTableName(table)
        }
        if let long = columnNames.first(where: { $0.utf8.count > longestColumn }) {
            return .invalidColumnName(table: table, column: long)
        }
        var seen: Set<String> = []
        for name in columnNames where !seen.insert(name.lowercased()).inserted {
            return .duplicateColumn(table: table, column: name)
        }
        return nil
    }

    /// Maps an SQLite result code, with its message and the `errno` behind it, to an error.
    static func sqlite(code: Int32, message: String, systemError: Int32, path: String) -> StoreError {
        switch code & 0xFF {
        case SQLITE_CORRUPT, SQLITE_NOTADB:
            return .corrupt(path: path)
        case SQLITE_BUSY, SQLITE_LOCKED:
            return .busy(path: path)
        case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH:
            let reason = systemError != 0 ? String(cString: strerror(systemError)) : message
            return .cannotOpen(path: path, reason: reason)
        case SQLITE_READONLY:
            return .readOnly(path: path)
        case SQLITE_FULL:
            return .diskFull(path: path)
        case SQLITE_IOERR where systemError == ENOSPC || systemError == EDQUOT:
            return .diskFull(path: path)
        case SQLITE_IOERR where systemError == EROFS || systemError == EACCES:
            return .readOnly(path: path)
        case SQLITE_CONSTRAINT:
            return .constraint(reason: message)
        default:
            return .other(code: code, reason: message)
        }
    }
}
