@testable import Controls
import Forms
import PinformCore
@testable import PinformModels
import XCTest

/// An invoice's Lines cell in the records list reads as a person reads it ("2 lines:
/// Consulting, Hosting"), while the export keeps writing its own cell.
final class InvoiceLinesSummaryTests: XCTestCase {
    private static let lines = [
        Invoice.Line(description: "Consulting", quantity: 1, unitPrice: 1234.5, taxRate: 0),
        Invoice.Line(description: "Hosting", quantity: 2, unitPrice: 10, taxRate: 19),
    ]

    @MainActor
    private static func invoice(_ lines: [Invoice.Line]) -> Invoice {
        var invoice = Invoice.blank
        invoice.number = "2026-017"
        invoice.lines = lines
        return invoice
    }

    func testTheSummaryCountsAndNamesTheLines() {
        XCTAssertEqual(InvoiceLinesSummary.text([]), "")
        XCTAssertEqual(InvoiceLinesSummary.text(Array(Self.lines.prefix(1)), using: .posix), "1 line: Consulting")
        XCTAssertEqual(InvoiceLinesSummary.text(Self.lines, using: .posix), "2 lines: Consulting, Hosting")
        let many = Self.lines + [Invoice.Line(description: "Travel\nby train"), Invoice.Line(description: "Paper")]
        XCTAssertEqual(InvoiceLinesSummary.text(many, using: .posix), "4 lines: Consulting, Hosting, Travel by train…")
        XCTAssertEqual(InvoiceLinesSummary.text([Invoice.Line()], using: .posix), "1 line")
    }

    func testTheListShowsTheSummaryAndTheExportItsCell() throws {
        try MainActor.assumeIsolated { try Self.listShowsTheSummary() }
    }

    @MainActor
    private static func listShowsTheSummary() throws {
        let columns = Invoice.listColumns(ModelContext(records: nil, today: { CalendarDate(year: 2026, month: 12, day: 1) }))
        let column = try XCTUnwrap(columns.first { $0.sortKey == "lines_text" })
        let invoice = Self.invoice(Self.lines)
        XCTAssertEqual(column.shown(invoice), "2 lines: Consulting, Hosting")
        XCTAssertNotEqual(column.shown(invoice), column.text(invoice), "the list shows the export's cell")
        XCTAssertEqual(column.text(invoice), InvoiceLinesCell.text(Self.lines))
        // Every other column shows what it exports.
        for other in columns where other.sortKey != "lines_text" {
            XCTAssertEqual(other.shown(invoice), other.text(invoice), other.title)
        }
    }
}
