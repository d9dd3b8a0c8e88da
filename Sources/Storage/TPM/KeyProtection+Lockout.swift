import Foundation
import Localization

/// What the TPM's dictionary-attack lockout is worth, for `--security-status` and About.
///
/// The TPM counts wrong PINs and locks out, but its lockout hierarchy usually has no password
/// (`lockoutAuthSet` 0, as computers ship): then anyone who may use the TPM resets the count
/// (`tpm2_dictionarylockout --clear-lockout`) or raises the limits, and the chip slows a guesser
/// only by its time per unseal. Pinform cannot set that password for the owner; it says so.
extension KeyProtection {
    /// The lines `pinform --security-status` prints about a TPM's lockout:
    /// `tpm-lockout-password: unset`, `tpm-lockout-reset-by-anyone: yes`, `tpm-max-tries: 3`,
    /// `tpm-recovery-time: 1000 s`, `tpm-lockout-recovery: 1000 s`.
    public static func tpmStatusLines(_ status: TPM2LockoutStatus) -> [String] {
        ["tpm-lockout-password: \(status.isLockoutAuthSet ? "set" : "unset")",
         "tpm-lockout-reset-by-anyone: \(status.canBeResetByAnyone ? "yes" : "no")",
         "tpm-max-tries: \(status.maxAttempts)",
         "tpm-recovery-time: \(status.recoveryInterval.components.seconds) s",
         "tpm-lockout-recovery: \(status.lockoutRecovery.components.seconds) s"]
    }

    /// Everything `pinform --security-status` prints: `key-protection: …`, then, when the key
    /// file is sealed in a TPM, that TPM's lockout (or `tpm-lockout-password: unknown` when it
    /// does not answer within 5 s). Talks to the TPM: not on the main thread.
    public static func securityStatusLines(vault: KeyVault,
                                           environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        let protection = active(vault: vault, environment: environment)
        var lines = [protection.statusLine]
        guard protection == .tpm2 else { return lines }
        if let device = TPM2Device.configured(environment: environment), let status = try? device.lockoutStatus() {
            TPM2LockoutStatus.remember(status)
            lines += tpmStatusLines(status)
            // Where the PIN's failures are counted (asked only of a TPM that answered in time):
            // in its NV, where no file write resets them, or in the attempts file alone (no free
            // NV, or an older key file); tpm-nv-missing: the indices are gone, no PIN is tried (the
            // recovery key is the way); unknown: the TPM did not answer the read.
            switch vault.hasPIN ? vault.chipAttempts() : nil {
            case nil: break
            case .some(.none): lines.append("attempt-counter: file")
            case .failures: lines.append("attempt-counter: tpm-nv")
            case .missing: lines.append("attempt-counter: tpm-nv-missing")
            case .unanswered: lines.append("attempt-counter: unknown")
            }
        } else {
            lines.append("tpm-lockout-password: unknown")
        }
        return lines
    }

    /// A sentence for About when the TPM last read (at the last unlock or PIN change through it)
    /// can have its lockout reset by anyone; nil when it cannot, or when no TPM was read.
    public static var tpmLockoutWarning: String? {
        guard let status = TPM2LockoutStatus.lastRead, status.canBeResetByAnyone else { return nil }
        // Translators: shown in About after "Protected by the TPM."; the lockout password is the TPM's own (tpm2_changeauth -c lockout).
        return tr("The TPM has no lockout password, so anyone at this computer can reset its count of wrong PINs: then only your PIN’s length protects the records.")
    }
}
