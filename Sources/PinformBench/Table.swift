import Glibc

/// An aligned text table: a title, a header row, rows, and notes under it.
struct Table {
    /// How a column's cells line up.
    enum Alignment {
        case left, right
    }

    let title: String
    private let header: [String]
    private let alignments: [Alignment]
    private var rows: [[String]] = []
    private var notes: [String] = []

    /// A table whose first column is left-aligned and whose other columns are right-aligned.
    init(_ title: String, columns: [String]) {
        self.title = title
        header = columns
        alignments = columns.indices.map { $0 == 0 ? .left : .right }
    }

    mutating func add(_ cells: [String]) {
        rows.append(cells)
    }

    mutating func note(_ text: String) {
        notes.append(text)
    }

    /// The table as lines of text.
    var lines: [String] {
        let all = [header] + rows
        var widths = Array(repeating: 0, count: header.count)
        for row in all {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.count)
            }
        }
        func render(_ row: [String]) -> String {
            var line = ""
            for (index, cell) in row.enumerated() where index < widths.count {
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                if index > 0 { line += "  " }
                line += alignments[index] == .left ? cell + padding : padding + cell
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
        let rule = String(repeating: "-", count: widths.reduce(0, +) + 2 * max(0, widths.count - 1))
        var lines = ["", "== " + title + " ==", render(header), rule]
        lines += rows.map(render)
        lines += notes.map { "  " + $0 }
        return lines
    }

    func print() {
        for line in lines {
            Swift.print(line)
        }
        // So that a table printed before a later failure is not lost in the buffer.
        fflush(nil)
    }
}
