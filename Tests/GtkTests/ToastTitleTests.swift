@_spi(Testing) import Gtk
import XCTest

/// A toast's title is plain text: libadwaita reads it as Pango markup, and the wrapper escapes
/// it, so an `&` or `<` in a message shows as typed instead of blanking the toast.
final class ToastTitleTests: XCTestCase {
    func testATitleWithAmpersandAndAngleBracketsShowsAsTyped() {
        GtkRuntime.test {
            let window = Window()
            defer { window.destroy() }
            let overlay = ToastOverlay()
            overlay.child = Label("Content")
            window.child = overlay
            window.present()

            let message = "Joined postgresql://db?sslmode=verify-full&user=a <desk \"B\"> 'x'"
            let toast = ToastOverlay.Toast(message, timeout: 0)
            overlay.add(toast)
            XCTAssertEqual(toast.title, message)
            XCTAssertFalse(toast.markup.contains("&user"), "the markup libadwaita reads is escaped")
            let shown = overlay.descendants.compactMap { ($0 as? Label)?.text }
            XCTAssertTrue(shown.contains(message), "the toast shows the message as typed, not blank: \(shown)")

            toast.title = "Tom & Jerry <3"
            XCTAssertEqual(toast.title, "Tom & Jerry <3")
            XCTAssertEqual(toast.markup, "Tom &amp; Jerry &lt;3")
            XCTAssertTrue(overlay.descendants.compactMap { ($0 as? Label)?.text }.contains("Tom & Jerry <3"))
            toast.dismiss()
        }
    }
}
