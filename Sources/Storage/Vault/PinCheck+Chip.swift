import Foundation
import Localization
import PinCode

// The TPM's count of failures (`KeyVault.chipAttempts()`) merged into the file's: the lockout
// uses whichever is stricter, so a fresh or restored attempts file cannot lower the count.
extension PinCheck {
    /// `record` made at least as strict as `chip` says: more failures than the file holds
    /// (the file was replaced) become the file's, with the lockouts they earn, starting now;
    /// indices the key file names but the TPM lacks are the strictest state; a TPM that did
    /// not answer leaves the file's record (and `check` then tries no PIN).
    static func merged(_ record: AttemptRecord, chip: KeyVault.ChipAttempts, now: Date) -> AttemptRecord {
        switch chip {
        case .none, .unanswered:
            return record
        case .missing:
            // `check` tries no PIN then (the recovery key is the way); should one be, the strictest.
            let strictest = AttemptRecord.strictest(now: now)
            return record.lockouts >= strictest.lockouts && record.lockedUntil != nil ? record : strictest
        case .failures(let failures):
            guard failures > record.failures else { return record }
            var result = record
            result.failures = failures
            result.lastFailure = record.lastFailure ?? now
            let lockouts = max(0, failures - (AttemptPolicy.failuresBeforeLockout - 1))
            if lockouts > record.lockouts {
                result.lockouts = lockouts
                result.lockedUntil = now.addingTimeInterval(AttemptPolicy.lockoutDuration(forLockout: lockouts))
                result.bootID = nil
                result.lockedUntilBoot = nil
            }
            return result
        }
    }

    /// Why no PIN is tried when the key file's indices are not in the TPM (or no TPM is there).
    var countMissing: TPM2Error {
        vault.tpm == nil ? .noTPM(reason: tr("the key is sealed in a TPM, and none is configured here")) : .attemptCountMissing
    }
}
