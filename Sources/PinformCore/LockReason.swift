/// Why the records lock: every lock goes through one path in the app, which is told why.
public enum LockReason: Equatable, Sendable {
    /// The person chose Lock (Ctrl+L, the menu).
    case user
    /// No input in the app's windows for the idle delay set in Preferences.
    case idle
    /// The desktop session locked (the screen shield, or logind's `Lock`).
    case session

    /// Whether the person is there to be asked something before the lock. An idle or a session
    /// lock happens whatever is unsaved: no question may hold the records open meanwhile.
    public var canAsk: Bool { self == .user }
}
