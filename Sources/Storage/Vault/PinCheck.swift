import Foundation
import Localization
import PinCode

/// The security transaction around a PIN: every check, and every new PIN, in one call that
/// holds the attempts lock (`AttemptStore.lock()`) for its whole length.
///
/// A check reads the attempt record again under the lock, writes the failure it is about to
/// risk first, lets the PIN unwrap the data key (that is the check), and clears the failure when
/// the PIN was right. When the failure cannot be written, no PIN is checked; when the PIN cannot
/// be judged (a TPM or file error), the failure written ahead is taken back. So neither a crash
/// nor a second instance can win a guess that is not counted.
///
/// Every call blocks (argon2id, the TPM): run it off the main thread.
///
/// ```swift
/// let check = PinCheck(vault: KeyVault(paths: paths), attempts: AttemptStore(paths: paths))
/// switch check.check(pin) {
/// case .right(let key, _, _, _, let earlier): open(key); tell(earlier)
/// case .wrong(let policy): show(policy.attemptsLeftBeforeLockout)
/// default: …
/// }
/// ```
public struct PinCheck: Sendable {
    /// The key file the PIN unwraps.
    public let vault: KeyVault
    /// Where failures are counted.
    public let attempts: AttemptStore
    private let now: @Sendable () -> Date

    /// A check of `vault`'s PIN counted in `attempts`, with `now` as the clock of lockouts.
    public init(vault: KeyVault, attempts: AttemptStore, now: @escaping @Sendable () -> Date = { Date() }) {
        self.vault = vault
        self.attempts = attempts
        self.now = now
    }

    /// The attempts as recorded, to show a lockout before any PIN is typed. A damaged or missing
    /// record is replaced by the state assumed for it (see `AttemptStore.load`), and that is
    /// written back when the lock can be had at once, so that it does not start over at every
    /// launch.
    public func currentPolicy() -> AttemptPolicy {
        let loaded = attempts.load(now: now(), expectingFile: vault.hasPIN && !vault.needsUpgrade)
        let record = bound(loaded.record)
        if loaded.problem != nil || record != loaded.record, let lock = try? attempts.lock(waiting: false) {
            try? attempts.save(record)
            lock.release()
        }
        return policy(of: record)
    }

    /// Checks `pin` under the attempts lock: re-read, count the failure first, unwrap, clear.
    /// A key file without a recovery slot (an upgrade from `pin.hash`, or an older key file)
    /// gets one on a right PIN, returned to be shown once; when it cannot be written, the next
    /// right PIN tries again. Each counted failure records its time, so that the right PIN can
    /// say how many wrong ones came since the last right one, and when the last was.
    public func check(_ pin: SecretBytes) -> Result {
        let lock: AttemptLock?
        do {
            lock = try attempts.lock()
        } catch {
            return .notCounted(error)
        }
        defer { lock?.release() }
        let loaded = attempts.load(now: now(), expectingFile: !vault.needsUpgrade)
        // The TPM's count, where the key file names one: no file write lowers it. Indices the
        // TPM lacks leave the sealed key out of the PIN's reach: the recovery key is the way.
        let chip = vault.chipAttempts()
        if chip == .missing { return .failed(.tpm(countMissing), policy(of: bound(loaded.record))) }
        let record = bound(PinCheck.merged(loaded.record, chip: chip, now: now()))
        var policy = policy(of: record)
        if policy.isLocked {
            if loaded.problem != nil || record != loaded.record { try? attempts.save(record) }
            return .locked(policy)
        }
        // A TPM that did not answer the count judges no PIN either: nothing is counted.
        if case .unanswered(let error) = chip { return .failed(.tpm(error), policy) }
        do {
            // A key file no PIN could open (damaged, tampered, newer) is refused before
            // anything is counted or derived: the recovery key is the way then.
            try vault.checkPINSlot()
        } catch {
            return .failed(error, policy)
        }
        var failed = policy
        failed.recordFailure()
        var failedRecord = PinCheck.record(of: failed, lastFailure: now(), boot: record)
        if failed.lockouts > policy.lockouts, let id = attempts.bootClock.id(), let seconds = attempts.bootClock.seconds() {
            // A new lockout: its end on this boot's clock, which no wall clock moves.
            failedRecord.bootID = id
            failedRecord.lockedUntilBoot = seconds + AttemptPolicy.lockoutDuration(forLockout: failed.lockouts)
        }
        do {
            try attempts.save(failedRecord)
        } catch {
            return .notCounted(error)
        }
        let key: SecretBytes?
        do {
            key = try vault.unlock(pin: pin)
        } catch {
            // The PIN could not be judged: the failure written ahead does not stand.
            try? attempts.save(PinCheck.record(of: policy, lastFailure: loaded.record.lastFailure, boot: record))
            return .failed(error, policy)
        }
        guard let key else {
            // Judged wrong: counted in the TPM before the answer is shown, so that a check cut
            // short here tells nothing; when the TPM does not count it, the answer is withheld
            // (the failure written ahead stands).
            if case .failures = chip, let uncounted = vault.countFailureInChip() { return .failed(.tpm(uncounted), failed) }
            return failed.isLocked ? .locked(failed) : .wrong(failed)
        }
        let earlier = loaded.record.failures > 0
            ? WrongPINs(count: loaded.record.failures, last: loaded.record.lastFailure) : nil
        policy.recordSuccess()
        vault.recordRightPINInChip(dataKey: key)
        let recoveryKey = vault.hasRecoveryKey ? nil : try? vault.addRecoveryKey(dataKey: key)
        do {
            try attempts.save(PinCheck.record(of: policy))
            return .right(key, policy, saveProblem: nil, recoveryKey: recoveryKey, earlier: earlier)
        } catch {
            return .right(key, policy, saveProblem: error, recoveryKey: recoveryKey, earlier: earlier)
        }
    }

    /// Sets the first PIN: a fresh attempt record is written (under the lock) before the key
    /// file, so that a key file never lacks one; returns the new data key and recovery key.
    public func setFirstPIN(_ pin: SecretBytes) throws(VaultError) -> (dataKey: SecretBytes, recoveryKey: SecretBytes) {
        let lock = try attempts.lock()
        defer { lock?.release() }
        try attempts.save(.fresh)
        return try vault.createWithRecoveryKey(pin: pin)
    }

    /// Wraps `dataKey` under a new PIN. After the recovery key proved the owner
    /// (`resettingAttempts`), the PIN's attempts start over.
    public func changePIN(dataKey: SecretBytes, to pin: SecretBytes, resettingAttempts: Bool) throws(VaultError) {
        try vault.changePIN(dataKey: dataKey, to: pin)
        guard resettingAttempts else { return }
        let lock = try attempts.lock()
        defer { lock?.release() }
        try attempts.save(.fresh)
    }

    /// The policy of a record; a lockout bound to this boot runs on the boot clock as well, so
    /// it ends when both the wall clock and the boot clock say so (the clock run forward, or
    /// faked for the process, does not end it sooner; set back, the policy caps it).
    private func policy(of record: AttemptRecord) -> AttemptPolicy {
        let wall = now
        guard let until = record.lockedUntil, let end = record.lockedUntilBoot, end.isFinite,
              let id = record.bootID, id == attempts.bootClock.id()
        else {
            return AttemptPolicy(failures: record.failures, lockouts: record.lockouts, lockedUntil: record.lockedUntil, now: wall)
        }
        let boot = attempts.bootClock
        // The wall time the boot clock says it is, counted back from the lockout's end.
        let trusted: @Sendable () -> Date = {
            let wallNow = wall()
            guard let seconds = boot.seconds() else { return wallNow }
            return min(wallNow, until.addingTimeInterval(seconds - end))
        }
        return AttemptPolicy(failures: record.failures, lockouts: record.lockouts, lockedUntil: until, now: trusted)
    }

    /// The record with its lockout bound to this boot's clock: a lockout never bound (an older
    /// file, a tampered one) binds with what remains of it by the wall clock; one bound to an
    /// earlier boot that had not been seen to end waits its whole duration again, since no
    /// clock says how much of it passed before the restart; one seen to end on this boot
    /// is marked so (`lockedUntilBoot` nil), so that a later restart does not start it again.
    func bound(_ record: AttemptRecord) -> AttemptRecord {
        guard record.lockouts > 0, let until = record.lockedUntil,
              let id = attempts.bootClock.id(), let seconds = attempts.bootClock.seconds()
        else { return record }
        let duration = AttemptPolicy.lockoutDuration(forLockout: record.lockouts)
        var result = record
        if record.bootID == id {
            if let end = record.lockedUntilBoot, !(end.isFinite && end - seconds <= duration) {
                // Not a time this boot's clock can have given: the whole duration from now.
                result.lockedUntilBoot = seconds + duration
                result.lockedUntil = now().addingTimeInterval(duration)
            } else if let end = record.lockedUntilBoot, end <= seconds,
                      policy(of: record).remainingLockout <= 0 {
                result.lockedUntilBoot = nil
            }
            return result
        }
        let remaining: TimeInterval
        if record.bootID == nil {
            remaining = min(max(0, until.timeIntervalSince(now())), duration)
        } else {
            remaining = record.lockedUntilBoot == nil ? 0 : duration
        }
        guard remaining > 0 else { return record }
        result.bootID = id
        result.lockedUntilBoot = seconds + remaining
        result.lockedUntil = now().addingTimeInterval(remaining)
        return result
    }

    private static func record(of policy: AttemptPolicy, lastFailure: Date? = nil, boot: AttemptRecord? = nil) -> AttemptRecord {
        AttemptRecord(failures: policy.consecutiveFailures, lockouts: policy.lockouts, lockedUntil: policy.lockedUntil,
                      lastFailure: policy.consecutiveFailures > 0 ? lastFailure : nil,
                      bootID: policy.lockouts > 0 ? boot?.bootID : nil,
                      lockedUntilBoot: policy.lockouts > 0 ? boot?.lockedUntilBoot : nil)
    }
}
