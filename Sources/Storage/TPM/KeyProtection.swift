import Foundation

/// What protects the key that wraps the records' data key.
public enum KeyProtection: String, Equatable, Sendable {
    /// A secret sealed by the TPM under the PIN, behind the chip's dictionary-attack lockout.
    case tpm2
    /// A key derived from the PIN with argon2id alone.
    case argon2id

    /// The protection in use.
    ///
    /// For now it is decided by whether a usable TPM 2.0 is present (`TPM2Device.detect`).
    /// Once the key file records how its key is wrapped, decide it from the key file instead:
    /// this is the one place to change.
    public static func active(environment: [String: String] = ProcessInfo.processInfo.environment) -> KeyProtection {
        TPM2Device.detect(environment: environment) != nil ? .tpm2 : .argon2id
    }

    /// The line `pinform --security-status` prints: `key-protection: tpm2`.
    public var statusLine: String {
        "key-protection: \(rawValue)"
    }

    /// A short sentence for About or Preferences.
    public var title: String {
        switch self {
        case .tpm2: "Protected by the TPM"
        case .argon2id: "Protected by your PIN only"
        }
    }
}
