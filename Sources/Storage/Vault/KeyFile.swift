/// What the key file holds: which database encryption the data key is for, and the slots,
/// each of which wraps the same data key under another secret.
///
/// ```json
/// {"format":"pinform-keys","version":1,"database":"sqlcipher-4",
///  "slots":[{"kind":"pin","digits":6,"kdf":"$argon2id$v=19$m=262144,t=3,p=1$…",
///            "nonce":"…","wrappedKey":"…"}]}
/// ```
///
/// A slot's kind says how its wrapping key is had: `pin` (argon2id of the PIN), `recovery`
/// (argon2id of a recovery key shown once), and `tpm2+pin` (a random key that a TPM 2.0 sealed
/// under the PIN, in `sealed`, and unseals only for the PIN). Slots of a kind this version does not know are
/// kept as they are when the file is rewritten.
struct KeyFile: Codable, Equatable {
    /// Always "pinform-keys", so the file says what it is.
    var format = KeyFile.formatName
    /// The layout's version; a newer one is refused rather than misread.
    var version = KeyFile.currentVersion
    /// How the data key is used: the records file's `CipherFormat` ("sqlcipher-4"; a file
    /// written on Debian 12 says "sqlcipher-3.4" until its records are moved to SQLCipher 4's
    /// format at the unlock, `KeyVault.recordCipherFormat(_:)`).
    var database = CipherFormat.sqlcipher4.rawValue
    /// Names the data key (see `KeyVault.keyID(of:)`), so a key can be told to belong here.
    var keyID: String
    var slots: [KeySlot]
    /// Secrets this desk needs beside the data key — a shared database's password — each sealed
    /// under the data key (`KeyVault+Credentials.swift`); absent in files that hold none.
    var credentials: [String: SealedCredential]?
    /// The TPM's NV indices counting the PIN's attempts (`TPM2AttemptCounter`), when the PIN
    /// slot is sealed in a TPM with free NV; absent otherwise.
    var attemptCounter: TPM2AttemptCounter?

    static let formatName = "pinform-keys"
    static let currentVersion = 1
}

/// The two fields of a key file that say what it is, read before the rest: a newer version's
/// file may hold anything else.
struct KeyFileHeader: Decodable {
    var format: String
    var version: Int
}

/// One way to the data key: the data key encrypted with XChaCha20-Poly1305 under a key had
/// from some secret.
struct KeySlot: Codable, Equatable {
    /// `pin`, `recovery` or `tpm2+pin` (see `KeyFile`).
    var kind: KeySlotKind
    /// The PIN's length, for the `pin` slot: the pad asks for as many digits.
    var digits: Int?
    /// The argon2id parameters and salt, in PHC form, for slots derived from a secret.
    var kdf: String?
    /// For a TPM slot: the sealed object's parts, base64, as the TPM returned them.
    var sealed: [String: String]?
    /// The AEAD's 24-byte nonce, base64.
    var nonce: String
    /// The data key encrypted and authenticated (32 + 16 bytes), base64.
    var wrappedKey: String

    /// The key in `sealed` under which a `tpm2+pin` slot keeps `TPM2SealedSecret.bytes`.
    static let sealedObjectKey = "object"

    /// Whether the PIN opens this slot (`pin` or `tpm2+pin`).
    var isPINSlot: Bool { kind.protection != nil }

    /// The lengths a PIN slot may record: what the PIN pad can ask for (`PinCode`'s 1 to 32).
    static let pinLengths = 1...32

    /// The PIN's length when it is one the pad can ask for; nil for a tampered one (0, -1, 40).
    var validDigits: Int? {
        digits.flatMap { KeySlot.pinLengths.contains($0) ? $0 : nil }
    }

    /// The associated data the AEAD authenticates: everything in the slot but the nonce and
    /// the ciphertext, so that a length or parameter swapped in the file fails the unwrap.
    var associatedData: [UInt8] {
        // The sealed object is bound too, for the TPM slot (other slots have none: unchanged).
        let sealedPart = sealed.map { "/" + $0.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",") } ?? ""
        return Array("pinform-keys/1/\(kind.rawValue)/\(digits.map(String.init) ?? "-")/\(kdf ?? "-")\(sealedPart)".utf8)
    }
}
