/// When the app locks itself for want of input: the last input's time plus the delay set in
/// Preferences. Times are seconds on a monotonic clock (GLib's `g_get_monotonic_time`, in the
/// app), so a changed wall clock neither locks early nor never.
public struct IdleLockClock: Equatable, Sendable {
    /// Seconds without input before the lock; 0 or less never locks.
    public var delay: Double
    /// When the last input was seen.
    public private(set) var lastInput: Double

    /// A clock that starts counting at `now`.
    public init(delay: Double, now: Double) {
        self.delay = delay
        lastInput = now
    }

    /// Whether idleness locks at all.
    public var isEnabled: Bool { delay > 0 }

    /// Notes an input at `now` (a key, a click, a pointer move).
    public mutating func noteInput(at now: Double) {
        lastInput = max(lastInput, now)
    }

    /// Starts counting again from `now`, as after unlocking.
    public mutating func restart(at now: Double) {
        lastInput = now
    }

    /// Seconds until the lock at `now` (0 when it is due), or nil when idleness never locks.
    public func remaining(at now: Double) -> Double? {
        guard isEnabled else { return nil }
        return max(0, lastInput + delay - now)
    }

    /// Whether the lock is due at `now`.
    public func isDue(at now: Double) -> Bool { remaining(at: now) == 0 }
}
