import Gtk
import Localization
import PinformCore
import PinformModels

/// A `PrintedDocument` laid out on pages of one size: what to draw where, page by page. Text
/// is measured on the print job's own canvas, so it wraps as it will print; a table that runs
/// over a page break repeats its header; in a right-to-left language the columns mirror.
@MainActor
struct PageLayout {
    /// One thing drawn on a page, in points from the printable area's top left.
    enum Mark: Equatable {
        /// Text wrapped in `width`.
        case text(String, font: PrintFont, x: Double, y: Double, width: Double, alignment: PrintAlignment, gray: Double)
        /// A horizontal rule.
        case rule(x: Double, y: Double, width: Double, thickness: Double, gray: Double)
        /// A shaded box.
        case box(x: Double, y: Double, width: Double, height: Double, gray: Double)
    }

    /// The marks of each page.
    private(set) var pages: [[Mark]] = [[]]
    private let canvas: PrintCanvas
    private let width: Double
    /// Where the page's content ends: above the footer.
    private let bottom: Double
    private var y = 0.0

    static let titleFont = PrintFont(size: 18, isBold: true)
    static let labelFont = PrintFont(size: 10, isBold: true)
    static let tableFont = PrintFont(size: 9)
    static let tableHeaderFont = PrintFont(size: 9, isBold: true)
    static let footerFont = PrintFont(size: 8)
    static let keyFont = PrintFont(family: "Monospace", size: 16, isBold: true)

    /// Lays `document` out on pages the size of `canvas`.
    init(_ document: PrintedDocument, on canvas: PrintCanvas) {
        self.canvas = canvas
        width = canvas.width
        bottom = canvas.height - 24
        text(document.title, font: Self.titleFont, x: 0, width: width)
        if !document.subtitle.isEmpty {
            y += 2
            text(document.subtitle, font: .body, x: 0, width: width, gray: 0.35)
        }
        y += 18
        for block in document.blocks {
            switch block {
            case .fields(let pairs): fields(pairs)
            case .table(let table): self.table(table)
            case .totals(let pairs): totals(pairs)
            case .paragraph(let text): self.text(text, font: .body, x: 0, width: width)
            case .key(let key): self.key(key)
            }
            y += 14
        }
        let footer = document.footer
        for index in pages.indices {
            // Translators: a printed page's footer: "Pinform — page 2 of 5".
            let words = tr("{name} — page {page} of {pages}", ["name": footer, "page": String(index + 1), "pages": String(pages.count)])
            pages[index].append(.text(words, font: Self.footerFont, x: 0, y: canvas.height - 12, width: width,
                                      alignment: .center, gray: 0.4))
        }
        if canvas.isRightToLeft { pages = pages.map { $0.map(Self.mirrored(width: width)) } }
    }

    /// Draws page `index` on `canvas`.
    static func draw(_ marks: [Mark], on canvas: PrintCanvas) {
        for mark in marks {
            switch mark {
            case .text(let text, let font, let x, let y, let width, let alignment, let gray):
                canvas.draw(text, font: font, x: x, y: y, width: width, alignment: alignment, gray: gray)
            case .rule(let x, let y, let width, let thickness, let gray):
                canvas.line(fromX: x, y: y, toX: x + width, y: y, width: thickness, gray: gray)
            case .box(let x, let y, let width, let height, let gray):
                canvas.fill(x: x, y: y, width: width, height: height, gray: gray)
            }
        }
    }

    // MARK: Blocks

    /// Starts a new page when `height` more does not fit on this one; true when it did.
    @discardableResult
    private mutating func makeRoom(_ height: Double) -> Bool {
        guard y + height > bottom, y > 0 else { return false }
        pages.append([])
        y = 0
        return true
    }

    private mutating func text(_ text: String, font: PrintFont, x: Double, width: Double,
                               alignment: PrintAlignment = .start, gray: Double = 0) {
        let height = canvas.height(of: text, font: font, width: width)
        makeRoom(height)
        pages[pages.count - 1].append(.text(text, font: font, x: x, y: y, width: width, alignment: alignment, gray: gray))
        y += height
    }

    private mutating func fields(_ pairs: [PrintedDocument.Pair]) {
        let labelWidth = width * 0.3
        for pair in pairs {
            let height = max(canvas.height(of: pair.label, font: Self.labelFont, width: labelWidth - 8),
                             canvas.height(of: pair.value, font: .body, width: width - labelWidth))
            makeRoom(height)
            pages[pages.count - 1].append(.text(pair.label, font: Self.labelFont, x: 0, y: y, width: labelWidth - 8,
                                                alignment: .start, gray: 0.3))
            pages[pages.count - 1].append(.text(pair.value, font: .body, x: labelWidth, y: y, width: width - labelWidth,
                                                alignment: .start, gray: 0))
            y += height + 5
        }
    }

    private mutating func table(_ table: PrintedTable) {
        let count = max(table.headers.count, 1)
        let weights = table.weights.count == count ? table.weights : Array(repeating: 1, count: count)
        let total = weights.reduce(0, +)
        var starts: [Double] = []
        var position = 0.0
        for weight in weights {
            starts.append(position)
            position += width * weight / total
        }
        let widths = weights.map { width * $0 / total - 6 }
        func cells(_ texts: [String], font: PrintFont) -> (marks: [Mark], height: Double) {
            var marks: [Mark] = []
            var height = 0.0
            for column in 0..<count {
                let text = column < texts.count ? texts[column] : ""
                height = max(height, canvas.height(of: text, font: font, width: widths[column]))
                let alignment: PrintAlignment = table.numericColumns.contains(column) ? .end : .start
                marks.append(.text(text, font: font, x: starts[column], y: 0, width: widths[column], alignment: alignment, gray: 0))
            }
            return (marks, height)
        }
        let header = cells(table.headers, font: Self.tableHeaderFont)
        func placeHeader(_ layout: inout PageLayout) {
            layout.pages[layout.pages.count - 1].append(.box(x: 0, y: layout.y, width: layout.width, height: header.height + 6, gray: 0.9))
            layout.pages[layout.pages.count - 1].append(contentsOf: header.marks.map { $0.moved(by: layout.y + 3) })
            layout.y += header.height + 8
        }
        makeRoom(header.height * 3)
        placeHeader(&self)
        for row in table.rows {
            let line = cells(row, font: Self.tableFont)
            if makeRoom(line.height + 4) { placeHeader(&self) }
            pages[pages.count - 1].append(contentsOf: line.marks.map { $0.moved(by: y) })
            y += line.height + 3
            pages[pages.count - 1].append(.rule(x: 0, y: y, width: width, thickness: 0.3, gray: 0.75))
            y += 3
        }
    }

    private mutating func totals(_ pairs: [PrintedDocument.Pair]) {
        let start = width * 0.5
        for (index, pair) in pairs.enumerated() {
            let isLast = index == pairs.count - 1
            let font = isLast ? PrintFont(size: 11, isBold: true) : PrintFont.body
            let height = canvas.height(of: pair.value, font: font, width: width * 0.25)
            makeRoom(height + 6)
            if isLast {
                pages[pages.count - 1].append(.rule(x: start, y: y, width: width - start, thickness: 0.8, gray: 0))
                y += 4
            }
            pages[pages.count - 1].append(.text(pair.label, font: font, x: start, y: y, width: width * 0.25, alignment: .start, gray: 0))
            pages[pages.count - 1].append(.text(pair.value, font: font, x: width * 0.75, y: y, width: width * 0.25, alignment: .end, gray: 0))
            y += height + 4
        }
    }

    private mutating func key(_ key: String) {
        let height = canvas.height(of: key, font: Self.keyFont, width: width - 48)
        makeRoom(height + 36)
        pages[pages.count - 1].append(.box(x: 0, y: y, width: width, height: height + 36, gray: 0.92))
        pages[pages.count - 1].append(.text(key, font: Self.keyFont, x: 24, y: y + 18, width: width - 48, alignment: .center, gray: 0))
        y += height + 36
    }

    /// The mark as it sits when the page reads right to left.
    private static func mirrored(width: Double) -> (Mark) -> Mark {
        { mark in
            switch mark {
            case .text(let text, let font, let x, let y, let w, let alignment, let gray):
                // Pango already sets right-to-left text at the right of its width.
                return .text(text, font: font, x: width - x - w, y: y, width: w, alignment: alignment, gray: gray)
            case .rule(let x, let y, let w, let thickness, let gray):
                return .rule(x: width - x - w, y: y, width: w, thickness: thickness, gray: gray)
            case .box(let x, let y, let w, let height, let gray):
                return .box(x: width - x - w, y: y, width: w, height: height, gray: gray)
            }
        }
    }
}

extension PageLayout.Mark {
    /// The mark moved down by `offset` points.
    func moved(by offset: Double) -> PageLayout.Mark {
        switch self {
        case .text(let text, let font, let x, let y, let width, let alignment, let gray):
            .text(text, font: font, x: x, y: y + offset, width: width, alignment: alignment, gray: gray)
        case .rule(let x, let y, let width, let thickness, let gray):
            .rule(x: x, y: y + offset, width: width, thickness: thickness, gray: gray)
        case .box(let x, let y, let width, let height, let gray):
            .box(x: x, y: y + offset, width: width, height: height, gray: gray)
        }
    }
}
