@_spi(Testing) import Gtk
import XCTest

/// A wrapping label in a column view's cell. Since GTK 4.12 the column view measures a row's
/// height for no width, so a label shown as the cell's child got one line's height and was laid
/// out on one line, past its column; in a `TableCell` it wraps within its column.
final class TableCellTests: XCTestCase {
    func testALongTextWrapsOntoItsLinesWithinItsColumnAndIsCut() throws {
        try GtkRuntime.test {
            let long = "Wolfeschlegelsteinhausenbergerdorff the Third of Many Names, Duke of the Long Rivers "
                + "and the Far Hills, Keeper of the Old Bridge and Warden of the Northern Marches"
            let table = Table(texts: [long, "Rex"], width: 300)
            defer { table.window.destroy() }
            XCTAssertTrue(MainContext.spin(until: { table.label(long)?.cutText != nil }), "the long text is not cut")
            let label = try XCTUnwrap(table.label(long))
            XCTAssertLessThanOrEqual(label.allocatedWidth, 300, "the label runs past its column")
            XCTAssertGreaterThan(label.allocatedHeight, label.naturalSize.height, "the label is on one line")
            XCTAssertTrue(MainContext.spin(until: { (table.label("Rex")?.allocatedWidth ?? 0) > 0 }))
            XCTAssertNil(table.label("Rex")?.cutText)
        }
    }

    func testARowIsMeasuredAgainWhenItsColumnWidens() {
        GtkRuntime.test {
            let words = "alpha beta gamma delta epsilon zeta eta theta"
            let table = Table(texts: [words], width: 200)
            defer { table.window.destroy() }
            let oneLine: () -> Int32 = { table.label(words)?.naturalSize.height ?? 0 }
            XCTAssertTrue(MainContext.spin(until: { (table.label(words)?.allocatedHeight ?? 0) > oneLine() }),
                          "the words do not wrap at 200 pixels")
            // Resized once the window manager has shown and focused it (under Wayland a resize
            // before mutter's first configure can be undone by it).
            XCTAssertTrue(MainContext.spin(until: { table.window.isActive }), "the window was never focused")
            table.window.setDefaultSize(width: 900, height: 300)
            XCTAssertTrue(MainContext.spin(until: { table.label(words)?.allocatedHeight == oneLine() }),
                          "the row kept the height of the narrow column")
        }
    }
}

/// A column view of one column of wrapping labels, each in a table cell, in a window.
@MainActor
private final class Table {
    let window = Window()
    private var labels: [Label] = []

    init(texts: [String], width: Int32) {
        let strings = StringList()
        strings.replaceAll(with: texts)
        let factory = ListItemFactory()
        factory.onSetup { [weak self] item in
            let label = Label()
            label.wraps = true
            label.maximumLines = 3
            label.ellipsizesAtEnd = true
            item.setChild(TableCell(wrapping: label))
            self?.labels.append(label)
        }
        factory.onBind { item in
            (item.child?.childWidgets.first as? Label)?.text = item.string ?? ""
        }
        let view = ColumnView(selection: MultiSelection(model: strings))
        let column = ColumnViewColumn(title: "Text", factory: factory)
        column.expands = true
        view.append(column)
        window.setDefaultSize(width: width, height: 300)
        window.child = view
        window.present()
    }

    func label(_ text: String) -> Label? { labels.first { $0.text == text } }
}
