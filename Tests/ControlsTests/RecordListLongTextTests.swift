@_spi(Testing) @testable import Controls
import Foundation
@_spi(Testing) import Gtk
import GtkTesting
import XCTest

/// A value of 100,000 characters (a long note) in the list: its cell shows the start, cut with
/// "…", and the window does not freeze while GTK lays it out (it froze for about 4 s).
final class RecordListLongTextTests: XCTestCase {
    func testAHundredThousandCharacterValueShowsItsStartWithoutFreezingTheWindow() {
        GtkRuntime.test {
            let long = String(repeating: "Lorem ipsum dolor sit amet. ", count: 100_000 / 28 + 1)
            let list = makePetList(PetSource([Pet(name: long, species: "cat", age: 3)]))
            let window = Window()
            window.setDefaultSize(width: 800, height: 300)
            window.child = list.widget
            list.reload()
            window.present()
            var longest = 0.0
            let end = Date().addingTimeInterval(1.5)
            while Date() < end {
                let started = Date()
                _ = MainContext.iterate(blocking: false)
                longest = max(longest, Date().timeIntervalSince(started))
            }
            XCTAssertTrue(list.boundIDs.contains(1))
            XCTAssertLessThan(longest, 0.5, "the window froze for \(longest) s")
            let shown = String(long.prefix(300)) + "…"
            XCTAssertEqual(list.boundCells.first { $0.text.hasPrefix("Lorem") }?.text, shown)
            XCTAssertTrue(list.text(row: 0, column: 0) == long, "the record keeps it whole")
            window.destroy()
        }
    }
}
