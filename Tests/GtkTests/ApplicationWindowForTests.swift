@_spi(Testing) import Gtk
import XCTest

/// A libadwaita application window (`AdwApplicationWindow`, as Pinform's records window is):
/// a dialog presented over it, or over a widget in it, is shown inside it.
@MainActor
enum ApplicationWindowForTests {
    /// One application for the test process, registered (not run) once: windows need one.
    private static var application: Application?

    /// A new window of the test application; nil when the application could not register.
    static func make() -> ApplicationWindow? {
        if application == nil {
            let made = Application(id: "io.github.pinform.GtkTests")
            made.runsAsSeparateInstance()
            guard made.registerWithoutRunning() else { return nil }
            application = made
        }
        return application.map { ApplicationWindow(application: $0) }
    }
}
