/// Table and column names, checked so that they can be put into SQL text safely.
package enum SQLIdentifier {
    /// The longest name the stores take.
    package static let maximumLength = 64

    /// Whether `name` is 1 to 64 ASCII letters, digits and `_`, starts with a letter or `_`,
    /// and is not in SQLite's reserved `sqlite_` namespace.
    package static func isValid(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (1...maximumLength).contains(bytes.count), !name.lowercased().hasPrefix("sqlite_") else { return false }
        func isLetter(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte == UInt8(ascii: "_")
        }
        func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        return isLetter(bytes[0]) && bytes.allSatisfy { isLetter($0) || isDigit($0) }
    }

    /// The name in double quotes, so that SQL keywords can be names too.
    package static func quoted(_ name: String) -> String {
        "\"" + name + "\""
    }
}
