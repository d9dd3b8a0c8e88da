/// What a printout says, before it is laid out on a page: a title, then blocks in order —
/// labelled values, a table of line items or records, totals, paragraphs, a key set in large
/// monospace. The printer lays it out for the paper and repeats a table's header on each page.
///
/// ```swift
/// PrintedDocument(title: "Invoice 2026-017", blocks: [
///     .fields([("Customer", "ACME Ltd"), ("Due date", "30.11.2026")]),
///     .table(PrintedTable(headers: ["Description", "Amount"], rows: [["Consulting", "1234.50"]], numericColumns: [1])),
///     .totals([("Total", "1234.50 EUR")]),
/// ])
/// ```
public struct PrintedDocument: Sendable, Equatable {
    /// One part of a printout.
    public enum Block: Sendable, Equatable {
        /// Labels and their values, one pair per line.
        case fields([Pair])
        /// A table.
        case table(PrintedTable)
        /// Labels and amounts aligned at the end, the last one bold: a subtotal, tax, the total.
        case totals([Pair])
        /// A paragraph of body text.
        case paragraph(String)
        /// Text set large in monospace in a shaded box: a recovery key.
        case key(String)
    }

    /// A label and its value.
    public struct Pair: Sendable, Equatable {
        /// The label, such as "Customer".
        public var label: String
        /// The value, such as "ACME Ltd".
        public var value: String

        /// A pair.
        public init(_ label: String, _ value: String) {
            self.label = label
            self.value = value
        }
    }

    /// The title at the top of the first page.
    public var title: String
    /// A line under the title (a date, a search), or empty.
    public var subtitle: String
    /// The blocks, in order.
    public var blocks: [Block]
    /// What each page's footer says before its number, such as "Pinform".
    public var footer: String

    /// A document.
    public init(title: String, subtitle: String = "", blocks: [Block], footer: String = "Pinform") {
        self.title = title
        self.subtitle = subtitle
        self.blocks = blocks
        self.footer = footer
    }
}
