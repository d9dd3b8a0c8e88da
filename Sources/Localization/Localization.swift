import CIntl
import Synchronization

/// Where Pinform's user-visible text is translated: GNU gettext's catalogs for the text domain
/// `pinform`, or a translator that an application supplies for the libraries' strings.
///
/// An application calls `Localization.start(catalogs:)` once at start-up; library code marks each
/// message with `tr(_:)` or `trn(_:_:_:)` (the keywords `po/` extracts).
///
/// ```swift
/// Localization.start(catalogs: "/usr/share/locale")
/// let text = trn("%d record", "%d records", count)
/// ```
public enum Localization {
    /// The gettext text domain of the libraries and the app.
    public static let domain = "pinform"

    private static let supplied = Mutex<(any Translator)?>(nil)

    /// Adopts the user's locale for every category (`LC_ALL`, then `LC_*`, then `LANG`) and
    /// reads the catalogs of `domain` from `catalogs` (`<catalogs>/<lang>/LC_MESSAGES/pinform.mo`).
    public static func start(catalogs directory: String) {
        _ = setlocale(LC_ALL, "")
        useCatalogs(in: directory)
    }

    /// Reads the catalogs of `domain` from `directory`, in UTF-8, whatever the locale's charset.
    public static func useCatalogs(in directory: String) {
        _ = bindtextdomain(domain, directory)
        _ = bind_textdomain_codeset(domain, "UTF-8")
    }

    /// A translator consulted before the catalogs: how an application that uses the libraries
    /// supplies its own text for their messages. `nil` goes back to the catalogs alone.
    public static var translator: (any Translator)? {
        get { supplied.withLock { $0 } }
        set { supplied.withLock { $0 = newValue } }
    }

    /// `message` in the user's language, or `message` itself when no translation exists.
    public static func translate(_ message: String) -> String {
        if let text = translator?.translate(message) { return text }
        // gettext returns the msgid's own pointer when it has no translation: read the result
        // while the C string of `message` still lives (an implicit bridge dies with the call).
        return message.withCString { String(cString: dgettext(domain, $0)) }
    }

    /// `message` as translated in `context` (gettext's `pgettext`), or `message` itself when no
    /// translation exists: one English word that two places translate differently.
    public static func translate(_ message: String, context: String) -> String {
        if let text = translator?.translate(message) { return text }
        // gettext keys a message with a context as "context\u{4}message".
        let key = context + "\u{4}" + message
        let found = key.withCString { String(cString: dgettext(domain, $0)) }
        return found == key ? message : found
    }

    /// The form of `singular`/`plural` that fits `count` in the user's language.
    public static func translate(_ singular: String, _ plural: String, count: Int) -> String {
        if let text = translator?.translate(singular, plural, count: count) { return text }
        return singular.withCString { one in
            plural.withCString { many in String(cString: dngettext(domain, one, many, UInt(max(count, 0)))) }
        }
    }
}

/// Translations supplied by an application for the libraries' messages.
public protocol Translator: Sendable {
    /// The translation of `message`, or `nil` to use the libraries' catalogs.
    func translate(_ message: String) -> String?
    /// The plural form for `count`, or `nil` to use the libraries' catalogs.
    func translate(_ singular: String, _ plural: String, count: Int) -> String?
}

/// `message` in the user's language (gettext's `_()`; extracted into `po/`).
public func tr(_ message: String) -> String {
    Localization.translate(message)
}

/// `message` in the user's language as meant in `context` (gettext's `pgettext`; extracted
/// into `po/` with a `msgctxt`): `trc("person", "Height")` is a person's height ("Größe" in
/// German), `trc("size", "Height")` an object's ("Höhe"). Both are plain literals.
public func trc(_ context: String, _ message: String) -> String {
    Localization.translate(message, context: context)
}

/// The plural form of a message for `count` (gettext's `ngettext`; extracted into `po/`), with
/// each `%d` in it replaced by `number`, the count as the caller shows it (in the locale's
/// digits, say), or by the count in ASCII digits.
public func trn(_ singular: String, _ plural: String, _ count: Int, number: String? = nil) -> String {
    substitute(in: Localization.translate(singular, plural, count: count)) { token in
        token == "%d" ? number ?? String(count) : nil
    }
}

/// `message` in the user's language with each `{name}` in it replaced by its value, so that a
/// translation can put the values in its own order:
/// `tr("Exported {count} to “{file}”", ["count": "3", "file": name])`.
/// Write the message as one plain literal (no interpolation, no `\u{…}` escapes): `po/` reads
/// the sources as C.
public func tr(_ message: String, _ values: KeyValuePairs<String, String>) -> String {
    fill(Localization.translate(message), values)
}

/// The plural form of a message for `count` with `%d` and each `{name}` in it replaced.
public func trn(_ singular: String, _ plural: String, _ count: Int, number: String? = nil,
                _ values: KeyValuePairs<String, String>) -> String {
    fill(trn(singular, plural, count, number: number), values)
}

private func fill(_ text: String, _ values: KeyValuePairs<String, String>) -> String {
    substitute(in: text) { token in
        guard token.first == "{" else { return nil }
        let name = token.dropFirst().dropLast()
        return values.first { $0.key == name }?.value
    }
}

/// `text` with each `%d` and `{name}` token that `value(for:)` knows replaced, in one pass
/// (forms build messages as people type: `String.replacing` would cost more than the form).
private func substitute(in text: String, value: (Substring) -> String?) -> String {
    guard text.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "%") }) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    var index = text.startIndex
    while index < text.endIndex {
        let character = text[index]
        var end: String.Index?
        if character == "%", let next = text.index(index, offsetBy: 1, limitedBy: text.endIndex),
           next < text.endIndex, text[next] == "d" {
            end = text.index(after: next)
        } else if character == "{", let close = text[index...].firstIndex(of: "}") {
            end = text.index(after: close)
        }
        if let end, let replacement = value(text[index..<end]) {
            result += replacement
            index = end
        } else {
            result.append(character)
            index = text.index(after: index)
        }
    }
    return result
}
