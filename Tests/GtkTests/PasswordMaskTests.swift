@_spi(Testing) import Gtk
import XCTest

/// GTK 4.8 sends every insertion into an entry, with its text, to the accessibility bus (where
/// Orca echoed a recovery key's digits): a masked password entry holds dots only, and the mask
/// the text typed.
final class PasswordMaskTests: XCTestCase {
    func testTheEntryHoldsOnlyDotsAndTheMaskTheTypedText() {
        GtkRuntime.test {
            let entry = PasswordEntry()
            let mask = PasswordMask(entry: entry)
            var seen: [String] = []
            entry.onChanged { seen.append(entry.text) }
            entry.typedText = "12345-67890"
            XCTAssertEqual(entry.text, String(repeating: "●", count: 11))
            XCTAssertFalse(seen.contains { $0.contains { $0.isNumber || $0 == "-" } }, "the entry held the key: \(seen)")
            XCTAssertEqual(mask.withTextBytes { String(decoding: $0, as: UTF8.self) }, "12345-67890")
            XCTAssertEqual(mask.characterCount, 11)
            XCTAssertFalse(mask.isEmpty)
        }
    }

    func testReplacingAndEmptyingTheEntryFollowsInTheMask() {
        GtkRuntime.test {
            let entry = PasswordEntry()
            let mask = PasswordMask(entry: entry)
            entry.typedText = "Grüße"
            XCTAssertEqual(mask.withTextBytes { String(decoding: $0, as: UTF8.self) }, "Grüße")
            XCTAssertEqual(entry.text, "●●●●●")
            entry.typedText = "42"
            XCTAssertEqual(mask.withTextBytes { String(decoding: $0, as: UTF8.self) }, "42")
            entry.typedText = ""
            XCTAssertTrue(mask.isEmpty)
            entry.typedText = "7"
            mask.clear()
            XCTAssertTrue(mask.isEmpty)
            XCTAssertEqual(entry.text, "")
        }
    }

    func testALongPasteGrowsTheBuffer() {
        GtkRuntime.test {
            let entry = PasswordEntry()
            let mask = PasswordMask(entry: entry)
            let long = String(repeating: "0123456789", count: 60)
            entry.typedText = long
            XCTAssertEqual(mask.withTextBytes { String(decoding: $0, as: UTF8.self) }, long)
            XCTAssertEqual(entry.text.count, 600)
        }
    }
}
