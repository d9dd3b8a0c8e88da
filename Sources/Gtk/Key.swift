internal import CGtk

/// A key on the keyboard as GDK reports it (a key value, not a physical key code): named keys
/// such as `Key.escape` (generated from GDK's list), or the key that types a character.
///
/// ```swift
/// keys.onKeyPressed { key, _, modifiers in
///     guard key == .escape, modifiers.isEmpty else { return false }
///     return close()
/// }
/// ```
public struct Key: Hashable, Sendable {
    /// GDK's key value.
    let keyval: UInt32

    init(keyval: UInt32) {
        self.keyval = keyval
    }

    /// The key that types `character` (`Key("s")`, `Key("2")`).
    public init(_ character: Unicode.Scalar) {
        keyval = gdk_unicode_to_keyval(character.value)
    }

    /// The character the key types, if it types one (digits on the number pad included).
    public var unicodeScalar: Unicode.Scalar? {
        let value = gdk_keyval_to_unicode(keyval)
        return value == 0 ? nil : Unicode.Scalar(value)
    }
}
