/// The TPM's dictionary-attack state, as its variable properties report it.
///
/// Every wrong PIN for an object without `noDA` raises `failedAttempts`; at `maxAttempts` the TPM
/// refuses all such objects, and it forgets one failure every `recoveryInterval` (never, when
/// that is zero: then only the lockout hierarchy's owner can reset it).
public struct TPM2LockoutStatus: Equatable, Sendable {
    /// `TPM2_PT_LOCKOUT_COUNTER`: failures counted now.
    public var failedAttempts: Int
    /// `TPM2_PT_MAX_AUTH_FAIL`: failures at which the TPM locks out.
    public var maxAttempts: Int
    /// `TPM2_PT_LOCKOUT_INTERVAL`: how long the TPM takes to forget one failure.
    public var recoveryInterval: Duration
    /// `TPMA_PERMANENT.inLockout`: whether the TPM says it is locked out.
    public var isInLockout: Bool
    /// `TPM2_PT_LOCKOUT_RECOVERY`: how long the lockout hierarchy waits after a wrong lockout
    /// password before it takes another.
    public var lockoutRecovery: Duration = .zero
    /// `TPMA_PERMANENT.lockoutAuthSet`: whether the TPM's lockout hierarchy has a password. When
    /// it has none (as most computers ship), anyone who may use the TPM can reset the failure
    /// count (`tpm2_dictionarylockout --clear-lockout`) or change the limits, and the lockout
    /// then slows nobody down: each guess costs only the TPM's time for one unseal.
    public var isLockoutAuthSet = false

    /// Whether anyone who may use the TPM can reset its dictionary-attack counter.
    public var canBeResetByAnyone: Bool { !isLockoutAuthSet }

    /// Whether a PIN would be refused now, right or wrong.
    public var isLockedOut: Bool {
        isInLockout || failedAttempts >= maxAttempts
    }

    /// How many more wrong PINs the TPM takes before it locks out.
    public var attemptsLeft: Int {
        max(0, maxAttempts - failedAttempts)
    }

    /// The longest wait until the TPM accepts a PIN again: zero when it is not locked out, nil
    /// when it never recovers by itself. The TPM does not say how far into the current interval
    /// it is, so this is an upper bound by less than one interval.
    public var retryAfter: Duration? {
        guard isLockedOut else { return .zero }
        guard recoveryInterval > .zero else { return nil }
        return recoveryInterval * max(1, failedAttempts - maxAttempts + 1)
    }
}
