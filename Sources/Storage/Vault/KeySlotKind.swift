/// How a key slot's wrapping key is had: the `kind` of a slot in the key file, written there as
/// `pin`, `recovery` or `tpm2+pin` (see `KeyFile`). A kind this version does not know is kept,
/// as `other`, with its text.
public enum KeySlotKind: Hashable, Sendable, RawRepresentable, Codable, CustomStringConvertible {
    /// argon2id of the PIN (`pin`).
    case pin
    /// argon2id of a recovery key shown once (`recovery`).
    case recovery
    /// A random key that a TPM 2.0 sealed under the PIN (`tpm2+pin`).
    case tpm2PIN
    /// A kind from another version, kept as it is when the file is rewritten.
    case other(String)

    /// The kind written as `rawValue` in the key file.
    public init(rawValue: String) {
        switch rawValue {
        case "pin": self = .pin
        case "recovery": self = .recovery
        case "tpm2+pin": self = .tpm2PIN
        default: self = .other(rawValue)
        }
    }

    /// The kind as the key file writes it.
    public var rawValue: String {
        switch self {
        case .pin: "pin"
        case .recovery: "recovery"
        case .tpm2PIN: "tpm2+pin"
        case .other(let text): text
        }
    }

    /// The kind as the key file writes it.
    public var description: String { rawValue }

    /// What protects a PIN slot of this kind; nil for a slot the PIN does not open.
    public var protection: KeyProtection? {
        switch self {
        case .pin: .argon2id
        case .tpm2PIN: .tpm2
        case .recovery, .other: nil
        }
    }

    /// Reads the kind from its text.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    /// Writes the kind as its text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
