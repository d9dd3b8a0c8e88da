@_spi(Testing) import Gtk
import GtkTesting
import XCTest

/// A text field made insensitive while it has the focus is told it lost it: GTK 4.18 takes the
/// focus without telling the field (GTK issue 5845), and its cursor went on blinking and warned
/// "GtkText - did not receive a focus-out event" (the PIN view made insensitive while a PIN is
/// checked did, at every PIN typed).
final class FocusOutWarningTests: XCTestCase {
    func testATextFieldMadeInsensitiveWithTheFocusGivesItUpWithoutAWarning() {
        GtkRuntime.test {
            let window = Window()
            defer { window.destroy() }
            let box = Box(.vertical)
            let entry = PasswordEntry()
            box.append(entry)
            window.child = box
            window.present()
            XCTAssertTrue(MainContext.spin(until: { entry.grabFocus() && entry.containsFocus }))

            let warnings = GLibWarnings.collect {
                box.isSensitive = false
                // The cursor's next blink is when GTK would warn (within 1.2 s, GTK's blink time).
                _ = MainContext.spin(until: { !GLibWarnings.recordedSoFar.isEmpty }, timeout: 1.5)
            }
            XCTAssertEqual(warnings, [])
            XCTAssertNil(window.focusWidget, "the window is left with no focus, as GTK leaves it")
            XCTAssertFalse(entry.isEffectivelySensitive)
        }
    }
}
