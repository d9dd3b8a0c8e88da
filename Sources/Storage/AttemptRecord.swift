import Foundation

/// The stored state of failed PIN attempts, as `PinCode.AttemptPolicy` encodes it.
///
/// Storage does not depend on PinCode, so the app maps between the two:
///
/// ```swift
/// let policy = AttemptPolicy(failures: record.failures, lockouts: record.lockouts,
///                            lockedUntil: record.lockedUntil)
/// try store.save(AttemptRecord(failures: policy.consecutiveFailures,
///                              lockouts: policy.lockouts, lockedUntil: policy.lockedUntil))
/// ```
public struct AttemptRecord: Codable, Equatable, Sendable {
    /// Failed attempts since the last success.
    public var failures: Int
    /// Lockouts since the last success.
    public var lockouts: Int
    /// When the current or most recent lockout ends, if there was one.
    public var lockedUntil: Date?
    /// When the last wrong PIN was counted, while `failures` is not 0 (absent in older files).
    /// It tells the owner, after the next right PIN, when someone last tried; it says nothing
    /// about which PINs were tried.
    public var lastFailure: Date?
    /// The boot (`BootClock.id`) the lockout is bound to; `nil` in older files.
    public var bootID: String?
    /// When the lockout ends on `bootID`'s boot clock (`BootClock.seconds`); `nil` once it has
    /// been seen to end there, or when it was never bound.
    public var lockedUntilBoot: Double?

    /// Creates a record from its values.
    public init(failures: Int, lockouts: Int, lockedUntil: Date?, lastFailure: Date? = nil,
                bootID: String? = nil, lockedUntilBoot: Double? = nil) {
        self.failures = failures
        self.lockouts = lockouts
        self.lockedUntil = lockedUntil
        self.lastFailure = lastFailure
        self.bootID = bootID
        self.lockedUntilBoot = lockedUntilBoot
    }

    /// No failures and no lockout: the state before the first attempt.
    public static let fresh = AttemptRecord(failures: 0, lockouts: 0, lockedUntil: nil)

    /// The state assumed when the counter was tampered with — missing while a PIN is set,
    /// damaged, or not a regular file: the longest lockout `PinCode.AttemptPolicy` has
    /// (its 8th, capped at one hour), from `now`, and one attempt after it.
    public static func strictest(now: Date) -> AttemptRecord {
        AttemptRecord(failures: 5, lockouts: 8, lockedUntil: now.addingTimeInterval(3600))
    }
}
