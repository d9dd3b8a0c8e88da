@_spi(Testing) import Gtk
import XCTest

/// libadwaita's style manager, as the app uses it to pick its stylesheet.
final class StyleManagerTests: XCTestCase {
    func testForcingDarkTurnsDarkOnAndTellsTheApp() {
        GtkRuntime.test {
            let manager = StyleManager.shared
            let before = manager.colorScheme
            defer { manager.colorScheme = before }
            manager.colorScheme = .forceLight
            XCTAssertFalse(manager.isDark)

            var seen: [Bool] = []
            let connection = manager.onDarkChanged { seen.append($0) }
            defer { connection.disconnect() }
            manager.colorScheme = .forceDark
            XCTAssertTrue(manager.isDark)
            XCTAssertTrue(ThemePreference.prefersDark)
            manager.colorScheme = .forceLight
            XCTAssertEqual(seen, [true, false])
        }
    }
}
