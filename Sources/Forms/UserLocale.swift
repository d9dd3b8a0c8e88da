import Foundation

/// The locale the user chose for the session, read the way the C library reads it: the first of
/// `LC_ALL`, then the category's own variable (`LC_NUMERIC`, `LC_TIME`), then `LANG`, that is
/// set and not empty.
///
/// Foundation's `Locale.current` is `en_001` on Linux whatever these say, so forms read numbers
/// and dates through this instead. `C` and `POSIX` mean the portable conventions ("." and ISO
/// dates).
///
/// ```swift
/// // LANG=de_DE.UTF-8
/// UserLocale.identifier(for: .numeric)   // "de_DE"
/// NumberParsing.current.decimalSeparator // ","
/// ```
public enum UserLocale {
    /// A locale category with its own environment variable.
    public enum Category: String, Sendable {
        /// How numbers are written (`LC_NUMERIC`).
        case numeric = "LC_NUMERIC"
        /// How dates are written (`LC_TIME`).
        case time = "LC_TIME"
    }

    /// The locale identifier for `category` in `environment`, without encoding or modifier
    /// ("de_DE.UTF-8@euro" gives "de_DE"); "en_US_POSIX" for `C`, `POSIX` or nothing set.
    public static func identifier(
        for category: Category,
        in environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String {
        let value = ["LC_ALL", category.rawValue, "LANG"].lazy
            .compactMap { environment[$0] }
            .first { !$0.isEmpty } ?? "C"
        var name = Substring(value)
        if let cut = name.firstIndex(where: { $0 == "." || $0 == "@" }) { name = name[..<cut] }
        if name.isEmpty || name == "C" || name == "POSIX" { return "en_US_POSIX" }
        return String(name)
    }

    /// The Foundation locale for `category` in `environment`.
    public static func locale(
        for category: Category,
        in environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Locale {
        Locale(identifier: identifier(for: category, in: environment))
    }
}
