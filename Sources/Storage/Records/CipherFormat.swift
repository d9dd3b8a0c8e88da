/// How an encrypted records file is written: the settings of one major version of SQLCipher.
///
/// Pinform writes SQLCipher 4's format (4096-byte pages, AES-256-CBC with HMAC-SHA512). Files
/// written on Debian 12, whose SQLCipher was 3.4, are in SQLCipher 3's (1024-byte pages,
/// HMAC-SHA1); they are read with those settings and moved to SQLCipher 4's once, at the
/// unlock (`Database.upgradeCipherFormat(at:key:progress:)`): SQLCipher 5 changes the format
/// again, and a file one major version behind stays within reach of its migration. The key
/// file names the format (`"database"`), and is updated only after a move.
public enum CipherFormat: String, Sendable, CaseIterable {
    /// SQLCipher 4's settings: what this version writes.
    case sqlcipher4 = "sqlcipher-4"
    /// SQLCipher 3.4's settings: read, and moved to `.sqlcipher4` at the unlock.
    case sqlcipher3 = "sqlcipher-3.4"

    /// The value of SQLCipher's `PRAGMA cipher_compatibility` that selects these settings.
    var compatibility: Int {
        switch self {
        case .sqlcipher4: 4
        case .sqlcipher3: 3
        }
    }
}
