@_spi(Testing) import Gtk
import XCTest

/// A shown window holding `content` and a button to move focus to, for widget tests.
@MainActor
final class FormTestWindow {
    let window = Window()
    let elsewhere = Button(label: "Elsewhere")

    init(_ content: Widget, width: Int32 = 600) {
        let box = Box(.vertical, spacing: 6)
        box.append(content)
        box.append(elsewhere)
        window.child = box
        window.setDefaultSize(width: width, height: -1)
        window.present()
        XCTAssertTrue(MainContext.spin(until: { content.isMapped && content.width > 0 }), "the window never showed")
    }

    /// Moves focus into `widget` and waits until GTK says it is there.
    func focus(_ widget: Widget, file: StaticString = #filePath, line: UInt = #line) {
        widget.grabFocus()
        XCTAssertTrue(MainContext.spin(until: { widget.containsFocus }), "focus did not arrive", file: file, line: line)
    }

    /// Moves focus out of whatever has it, to the spare button.
    func leave(file: StaticString = #filePath, line: UInt = #line) {
        focus(elsewhere, file: file, line: line)
    }

    /// Lets GTK lay out and draw what changed.
    func settle() {
        var drawn = false
        MainContext.idle(priority: 300) { drawn = true } // after GTK's layout and drawing (priority 120)
        MainContext.spin(until: { drawn })
    }

    func close() {
        window.destroy()
    }
}
