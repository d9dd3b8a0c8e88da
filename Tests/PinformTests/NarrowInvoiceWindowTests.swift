@testable import Controls
import Foundation
import Forms
@_spi(Testing) import Gtk
import Localization
import XCTest
@testable import Pinform
@testable import PinformModels
import PinformCore

/// The invoice's page (the form in its card, as the window shows it at 360 pixels, the app's
/// style sheet loaded) with three lines still fits a window 360 pixels wide, in English and in
/// German, whose labels are longer: adding a line made the window 394–435 pixels wide.
final class NarrowInvoiceWindowTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The translations of po/de.po (single-line messages), as the German catalog gives them.
    private struct PoTranslator: Translator {
        let messages: [String: String]

        init(_ file: URL) throws {
            var messages: [String: String] = [:]
            var id: String?
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                if line.hasPrefix("msgid \"") {
                    id = Self.unquote(line.dropFirst(6))
                } else if line.hasPrefix("msgstr \""), let key = id {
                    let text = Self.unquote(line.dropFirst(7))
                    if !key.isEmpty && !text.isEmpty { messages[key] = text }
                    id = nil
                }
            }
            self.messages = messages
        }

        private static func unquote(_ text: Substring) -> String {
            String(text.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
        }

        func translate(_ message: String) -> String? { messages[message] }
        func translate(_ singular: String, _ plural: String, count: Int) -> String? { nil }
    }

    /// The page's minimum width with three lines typed, in a window asked to be 100 pixels wide.
    @MainActor
    private static func widthWithThreeLines(file: StaticString = #filePath, line: UInt = #line) -> (Int32, Int32) {
        let style = CSSProvider()
        XCTAssertNoThrow(try style.load(path: Self.repository.appendingPathComponent("data/style.css").path))
        style.applyToDisplay()
        defer { style.removeFromDisplay() }
        let page = FormPage<Invoice>(context: ModelContext(records: nil))
        let window = Window()
        window.child = page.widget
        window.setDefaultSize(width: 100, height: 700)
        window.present()
        defer { window.destroy() }
        XCTAssertTrue(MainContext.spin(until: { page.widget.isMapped && page.widget.width > 0 }), file: file, line: line)
        let before = window.width
        let editor = page.form.form.fields.compactMap { page.form.input(for: $0) as? LineItemsEditor<Invoice.Line> }[0]
        for text in [["Papier", "2", "3,50", "19"], ["Tinte", "1", "12", "19"], ["Briefmarken", "10", "0,85", "0"]] {
            let row = editor.addRow()
            let entries = editor.rowView(for: row)!.form.fields.compactMap { editor.rowView(for: row)!.input(for: $0)?.focusTarget as? Entry }
            for (entry, value) in zip(entries, text) { entry.text = value }
        }
        var drawn = false
        MainContext.idle(priority: 300) { drawn = true }
        MainContext.spin(until: { drawn })
        // At any height, and at the window's own (a form that needs more height than the window
        // has at its narrowest would widen it until it fits).
        XCTAssertLessThanOrEqual(window.minimumWidth(forHeight: window.height), 360, file: file, line: line)
        return (before, page.widget.minimumWidth)
    }

    func testThreeLinesKeepTheInvoicePageWithinThreeHundredSixtyPixels() throws {
        GtkRuntime.test {
            let (before, after) = Self.widthWithThreeLines()
            XCTAssertLessThanOrEqual(after, 360, "three lines make the invoice page \(after) pixels wide (\(before) without)")
        }
    }

    func testThreeLinesKeepTheGermanInvoicePageWithinThreeHundredSixtyPixels() throws {
        let german = try PoTranslator(Self.repository.appendingPathComponent("po/de.po"))
        XCTAssertEqual(german.translate("Quantity"), "Menge", "po/de.po read")
        GtkRuntime.test {
            Localization.translator = german
            defer { Localization.translator = nil }
            let (before, after) = Self.widthWithThreeLines()
            XCTAssertLessThanOrEqual(after, 360, "three lines make the German invoice page \(after) pixels wide (\(before) without)")
        }
    }
}
