import Foundation

/// Counts failed PIN attempts and decides when, and for how long, the PIN is locked.
///
/// The rule, exactly:
/// - Failures 1 to 4 in a row only count; `attemptsLeftBeforeLockout` goes 4, 3, 2, 1.
/// - The 5th failure in a row locks the PIN for 30 s (the first lockout).
/// - Once locked, the next failure after the lock expires locks again at once, each time twice
///   as long: 1 min, 2 min, 4 min, 8 min, 16 min, 32 min, then 1 h for every lockout after.
///   So after the first lockout `attemptsLeftBeforeLockout` is 1 while unlocked.
/// - A failure recorded while locked is ignored: the pad is disabled then, and a stray call
///   must not lengthen the lock.
/// - A success resets everything.
/// - A remaining lockout longer than the current lockout's own duration (the clock was set
///   back) is cut to that duration, so changing the clock cannot lock the person out for days.
///
/// It is `Codable` as `{failures, lockouts, lockedUntil}` so the app can keep it across
/// restarts; the clock is not encoded, set `now` again after decoding when testing.
///
/// ```swift
/// var policy = AttemptPolicy()
/// policy.recordFailure()
/// label.text = "Wrong PIN — \(policy.attemptsLeftBeforeLockout) attempts left"
/// ```
public struct AttemptPolicy: Codable, Sendable {
    /// How many failures in a row cause the first lockout.
    public static let failuresBeforeLockout = 5
    /// How long the first lockout lasts.
    public static let firstLockout: TimeInterval = 30
    /// The longest a single lockout lasts.
    public static let longestLockout: TimeInterval = 3600

    /// Failures since the last success.
    public private(set) var consecutiveFailures: Int
    /// Lockouts since the last success.
    public private(set) var lockouts: Int
    /// When the current or most recent lockout ends, as stored (it may be in the past).
    public private(set) var lockedUntil: Date?
    /// The clock; `Date.init` unless a test injects a fake one.
    public var now: @Sendable () -> Date

    /// Creates a policy with no failures.
    ///
    /// - Parameter now: the clock to read; pass a fake clock in tests.
    public init(now: @escaping @Sendable () -> Date = { Date() }) {
        self.init(failures: 0, lockouts: 0, lockedUntil: nil, now: now)
    }

    /// Restores a policy from stored values, e.g. from Storage's `AttemptRecord`.
    ///
    /// Negative counts are read as zero.
    public init(
        failures: Int,
        lockouts: Int,
        lockedUntil: Date?,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        consecutiveFailures = max(0, failures)
        self.lockouts = max(0, lockouts)
        self.lockedUntil = lockedUntil
        self.now = now
    }

    /// How long the lockout number `lockout` (1 for the first) lasts: 30 s doubling, capped.
    public static func lockoutDuration(forLockout lockout: Int) -> TimeInterval {
        guard lockout > 0 else { return 0 }
        // Past 2^7 the cap has long been reached; stopping there avoids overflow.
        let doublings = min(lockout - 1, 7)
        return min(firstLockout * Double(1 << doublings), longestLockout)
    }

    /// How long until the PIN may be tried again; 0 when it is not locked.
    public var remainingLockout: TimeInterval {
        guard let lockedUntil else { return 0 }
        let remaining = lockedUntil.timeIntervalSince(now())
        return min(max(0, remaining), AttemptPolicy.lockoutDuration(forLockout: max(1, lockouts)))
    }

    /// Whether the PIN may not be tried now.
    public var isLocked: Bool { remainingLockout > 0 }

    /// How many wrong PINs may still be entered before the next lockout; 0 while locked.
    public var attemptsLeftBeforeLockout: Int {
        if isLocked { return 0 }
        if lockouts > 0 { return 1 }
        return max(0, AttemptPolicy.failuresBeforeLockout - consecutiveFailures)
    }

    /// Counts a wrong PIN and locks when the rule says so; ignored while locked.
    public mutating func recordFailure() {
        guard !isLocked else { return }
        // Saturating: a tampered counter (`Int.max`) must not trap.
        consecutiveFailures = consecutiveFailures.addingReportingOverflow(1).overflow ? .max : consecutiveFailures + 1
        if lockouts > 0 || consecutiveFailures >= AttemptPolicy.failuresBeforeLockout {
            lockouts = lockouts.addingReportingOverflow(1).overflow ? .max : lockouts + 1
            lockedUntil = now().addingTimeInterval(AttemptPolicy.lockoutDuration(forLockout: lockouts))
        }
    }

    /// Forgets every failure and lockout after the right PIN.
    public mutating func recordSuccess() {
        consecutiveFailures = 0
        lockouts = 0
        lockedUntil = nil
    }

    private enum CodingKeys: String, CodingKey {
        case failures, lockouts, lockedUntil
    }

    /// Decodes the stored values; the clock is the system clock.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            failures: try container.decode(Int.self, forKey: .failures),
            lockouts: try container.decode(Int.self, forKey: .lockouts),
            lockedUntil: try container.decodeIfPresent(Date.self, forKey: .lockedUntil)
        )
    }

    /// Encodes the stored values, not the clock.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(consecutiveFailures, forKey: .failures)
        try container.encode(lockouts, forKey: .lockouts)
        try container.encodeIfPresent(lockedUntil, forKey: .lockedUntil)
    }
}
