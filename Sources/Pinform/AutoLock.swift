import Foundation
import Gtk
import PinformCore

/// Locks the records without being asked: after the idle delay set in Preferences with no input
/// in any of the app's windows, and when the desktop session locks. It only reports
/// (`onLock`); the application's one lock path does the locking.
///
/// Idle means no key press, click, pointer move, scroll or touch in a window of this process
/// (`InputActivity`); the time is the monotonic clock's, so changing the date changes nothing.
@MainActor
final class AutoLock {
    /// Runs when a lock is due, with why.
    var onLock: (@MainActor (LockReason) -> Void)?

    private let settings: AppSettings
    private var clock: IdleLockClock
    private var timer: UInt32 = 0
    private var isArmed = false
    private var sessionLock: SessionLockSignal?

    /// Watches input from now on, and the session's lock signals.
    ///
    /// - Parameter logindBus: where logind's `Lock` is heard (the system bus; the session bus in
    ///   tests, `PINFORM_LOGIND_BUS=session`).
    init(settings: AppSettings, logindBus: SessionLockSignal.LogindBus = AutoLock.logindBusFromEnvironment) {
        self.settings = settings
        clock = IdleLockClock(delay: Double(settings.idleLockDelay), now: AutoLock.now)
        InputActivity.watch { [weak self] in self?.clock.noteInput(at: AutoLock.now) }
        settings.observe(.idleLockDelay) { [weak self] in
            guard let self else { return }
            clock.delay = Double(self.settings.idleLockDelay)
            if isArmed { schedule() }
        }
        sessionLock = SessionLockSignal(logindBus: logindBus) { [weak self] in
            guard let self, isArmed else { return }
            onLock?(.session)
        }
    }

    /// Starts counting idleness (once unlocked).
    func arm() {
        isArmed = true
        clock.restart(at: AutoLock.now)
        schedule()
    }

    /// Stops counting (while locked: nothing to lock).
    func disarm() {
        isArmed = false
        cancelTimer()
    }

    /// Seconds until the idle lock, or nil when idleness never locks or nothing is unlocked.
    var secondsUntilIdleLock: Double? { isArmed ? clock.remaining(at: AutoLock.now) : nil }

    private func schedule() {
        cancelTimer()
        guard let remaining = clock.remaining(at: AutoLock.now) else { return }
        // One timer to the deadline; input meanwhile only moves the deadline, read when it fires.
        timer = MainContext.timeout(milliseconds: UInt32(min(remaining, 86_400) * 1000) + 50) { [weak self] in
            guard let self else { return false }
            timer = 0
            if clock.isDue(at: AutoLock.now) {
                onLock?(.idle)
            } else if isArmed {
                schedule()
            }
            return false
        }
    }

    private func cancelTimer() {
        guard timer != 0 else { return }
        MainContext.remove(source: timer)
        timer = 0
    }

    private static var now: Double { ProcessInfo.processInfo.systemUptime }

    private static var logindBusFromEnvironment: SessionLockSignal.LogindBus {
        ProcessInfo.processInfo.environment["PINFORM_LOGIND_BUS"] == "session" ? .session : .system
    }
}
