import Foundation
@_spi(Testing) import Gtk
import XCTest

/// The session's lock signals, sent on the test's private session bus (`dbus-run-session`,
/// which `scripts/test` starts) with `gdbus emit`, as GNOME Shell and logind would.
final class SessionLockSignalTests: XCTestCase {
    private static func emit(_ path: String, _ signal: String, _ arguments: String...) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
        process.arguments = ["emit", "--session", "--object-path", path, "--signal", signal] + arguments
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
    }

    private func requireSessionBus() throws {
        guard ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] != nil,
              FileManager.default.isExecutableFile(atPath: "/usr/bin/gdbus") else {
            throw XCTSkip("needs a session bus and gdbus (scripts/test provides both)")
        }
    }

    func testTheScreenShieldTurningOnLocksAndTurningOffDoesNot() throws {
        try requireSessionBus()
        try GtkRuntime.test {
            var locks = 0
            let signal = SessionLockSignal(logindBus: .none) { locks += 1 }
            XCTAssertTrue(signal.isListening)
            try Self.emit("/org/gnome/ScreenSaver", "org.gnome.ScreenSaver.ActiveChanged", "false")
            try Self.emit("/org/gnome/ScreenSaver", "org.gnome.ScreenSaver.ActiveChanged", "true")
            XCTAssertTrue(MainContext.spin(until: { locks > 0 }, timeout: 5))
            for _ in 0..<20 { MainContext.iterate() }
            XCTAssertEqual(locks, 1, "ActiveChanged(false) must not lock")
        }
    }

    func testLogindsLockOfThisSessionLocksAndAnothersDoesNot() throws {
        try requireSessionBus()
        try GtkRuntime.test {
            var locks = 0
            let signal = SessionLockSignal(logindBus: .session, sessionPath: SessionLockSignal.logindPath(ofSession: "4")) {
                locks += 1
            }
            try Self.emit("/org/freedesktop/login1/session/_35", "org.freedesktop.login1.Session.Lock")
            try Self.emit("/org/freedesktop/login1/session/_34", "org.freedesktop.login1.Session.Lock")
            XCTAssertTrue(MainContext.spin(until: { locks > 0 }, timeout: 5))
            for _ in 0..<20 { MainContext.iterate() }
            XCTAssertEqual(locks, 1, "another session's Lock must not lock")
            withExtendedLifetime(signal) {}
        }
    }

    func testNothingIsHeardOnceTheListenerIsGone() throws {
        try requireSessionBus()
        try GtkRuntime.test {
            var locks = 0
            var signal: SessionLockSignal? = SessionLockSignal(logindBus: .none) { locks += 1 }
            XCTAssertNotNil(signal)
            signal = nil
            try Self.emit("/org/gnome/ScreenSaver", "org.gnome.ScreenSaver.ActiveChanged", "true")
            for _ in 0..<50 { MainContext.iterate() }
            XCTAssertEqual(locks, 0)
        }
    }

    func testLogindPathsAreEscapedAsSdBusDoes() {
        XCTAssertEqual(SessionLockSignal.logindPath(ofSession: "2"), "/org/freedesktop/login1/session/_32")
        XCTAssertEqual(SessionLockSignal.logindPath(ofSession: "c12"), "/org/freedesktop/login1/session/c12")
        XCTAssertEqual(SessionLockSignal.logindPath(ofSession: "a-b"), "/org/freedesktop/login1/session/a_2db")
    }
}
