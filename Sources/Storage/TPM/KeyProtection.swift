import Foundation
import Localization

/// What protects the key that wraps the records' data key.
public enum KeyProtection: String, Equatable, Sendable {
    /// A secret sealed by the TPM under the PIN, behind the chip's dictionary-attack lockout.
    case tpm2
    /// A key derived from the PIN with argon2id alone.
    case argon2id

    /// The protection a PIN set now would get: `.tpm2` when a usable TPM 2.0 answers
    /// (`TPM2Device.detect`). Talks to the TPM: off the main thread.
    public static func active(environment: [String: String] = ProcessInfo.processInfo.environment) -> KeyProtection {
        TPM2Device.detect(environment: environment) != nil ? .tpm2 : .argon2id
    }

    /// The protection in use: what the key file's PIN slot uses (`KeyVault.protection`), whether
    /// or not that TPM answers now; with no key file yet, what a PIN set now would get.
    public static func active(vault: KeyVault, environment: [String: String] = ProcessInfo.processInfo.environment) -> KeyProtection {
        vault.protection ?? active(environment: environment)
    }

    /// The line `pinform --security-status` prints: `key-protection: tpm2`.
    public var statusLine: String {
        "key-protection: \(rawValue)"
    }

    /// A short sentence for About or Preferences, in the user's language, with its full stop
    /// (which not every language writes as ".").
    public var title: String {
        switch self {
        // Translators: shown in About, under the app's description; TPM is the computer's security chip.
        case .tpm2: tr("Protected by the TPM.")
        case .argon2id: tr("Protected by your PIN only.")
        }
    }
}
