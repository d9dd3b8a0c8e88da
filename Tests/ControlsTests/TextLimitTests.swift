import Controls
@_spi(Testing) import Gtk
import GtkTesting
import XCTest

/// A one-line field's stated limit: a paste past it is refused whole, with a message at the
/// field — GTK alone cut a 1 MiB paste to 65,535 characters without a word.
final class TextLimitTests: XCTestCase {
    func testAMebibytePasteIsRefusedWholeWithAMessageNotCut() {
        GtkRuntime.test {
            let name = InputField<String>()
            name.entry.insertText("Ada ", at: 0)
            let paste = String(repeating: "x", count: 1 << 20)
            name.entry.insertText(paste, at: 4)
            XCTAssertEqual(name.entry.text, "Ada ", "nothing of the paste went in, nothing was cut")
            let warning = try? XCTUnwrap(name.entry.warning)
            XCTAssertEqual(warning, TextLimit.refusal(limit: TextLimit.lineCharacters, length: 4 + (1 << 20)))
            XCTAssertTrue(warning?.contains(TextLimit.lineCharacters.formatted()) ?? false, "the limit is stated")
            // Up to the limit goes in whole; the next change takes the warning away.
            let fits = String(repeating: "y", count: TextLimit.lineCharacters - 4)
            name.entry.insertText(fits, at: 4)
            XCTAssertEqual(name.entry.text.count, TextLimit.lineCharacters)
            XCTAssertNil(name.entry.warning)
            name.entry.insertText("z", at: 0)
            XCTAssertEqual(name.entry.text.count, TextLimit.lineCharacters)
            XCTAssertNotNil(name.entry.warning)
        }
    }

    func testTheProgramMaySetALongerTextAStoredRecordsIsShownWhole() {
        GtkRuntime.test {
            let notes = InputField<String>()
            let stored = String(repeating: "n", count: TextLimit.lineCharacters + 10)
            notes.text = stored
            XCTAssertEqual(notes.entry.text, stored)
            XCTAssertNil(notes.entry.warning)
        }
    }
}
