import Gtk
import Localization

/// The table's cells: one label per cell, bound to the record its row shows, with its text
/// fetched a page at a time.
extension RecordList {
    func makeFactory(column: Int) -> ListItemFactory {
        let factory = ListItemFactory()
        factory.onSetup { [weak self] item in
            let label = Label()
            label.xAlign = 0
            // A long value wraps onto up to three lines before it is cut (and then offers
            // itself whole as tooltip): "Tennis Club Zürich-Nord" is read, not "Tennis Club…".
            label.wraps = true
            label.maximumLines = 3
            label.ellipsizesAtEnd = true
            label.showsWholeTextWhenCut()
            // In a table cell, so that its row is as high as its lines at its column's width
            // (GTK 4.18's rows would give it one line, on which it would run past its column).
            item.setChild(TableCell(wrapping: label))
            self?.cellWidgetCount += 1
            self?.cellLabels[column].append(label)
        }
        factory.onTeardown { [weak self] item in
            guard let self else { return }
            cellWidgetCount -= 1
            if let label = Self.label(of: item) { cellLabels[column].removeAll { $0 === label } }
        }
        factory.onUnbind { item in
            Self.label(of: item)?.setAssociatedValue(nil, for: boundRecordKey)
        }
        factory.onBind { [weak self] item in
            guard let self, let child = Self.label(of: item) else { return }
            if let string = item.string, let id = ListedRecordID(text: string) { child.setAssociatedValue(id, for: boundRecordKey) }
            let text = Self.shown(text(for: item, column: column))
            // Right to left, numbers and spaces (a phone number) are laid out right to left, their
            // groups reversed ("0958 7946 20 44+"): a left-to-right mark keeps their order (the
            // cell's alignment still follows the table's direction).
            let isNumbers = !text.contains(where: \.isLetter) && text.contains(" ")
            child.text = child.textDirection == .rtl && isNumbers ? "\u{200E}" + text : text
            // As wide as its longest word up to 20 characters: an address or a name is broken
            // only when it is longer than that, and cut (with its tooltip) past three lines. A
            // value with no letters (a phone number, "+44 20 7946 0958") is one word.
            child.widthChars = Self.widthChars(of: text)
            // Screen readers read rows and cells by name, which GTK 4.8 leaves as their types
            // (an empty label is "GtkLabel"): an empty cell says "None".
            let name = text.isEmpty ? tr("None") : text
            if let cell = child.ancestor(withRole: .gridCell) { cell.setAccessibleLabel(name) }
            child.setAccessibleLabel(name)
            if column == 0 { nameRow(of: child, item: item) }
        }
        return factory
    }

    // MARK: Cells

    /// The label a cell's table cell shows.
    private static func label(of item: ListItem) -> Label? {
        item.child?.childWidgets.first as? Label
    }

    /// Names the row a cell is in by its content ("Ada Lovelace, 36, ada@example.com, 1.65 m"):
    /// screen readers read a row by its name, which GTK 4.8 otherwise leaves as its type,
    /// "GtkListItemWidget". The name has the columns the pane has no room for too.
    private func nameRow(of cell: Widget, item: ListItem) {
        guard let row = cell.ancestor(withRole: .row) else { return }
        let texts = (0..<columns.count).map { Self.shown(text(for: item, column: $0)) }
        row.setAccessibleLabel(texts.filter { !$0.isEmpty }.joined(separator: ", "))
        if let list = row.ancestor(withRole: .list) { list.setAccessibleLabel(tr("Rows")) }
    }

    /// How many characters wide a cell asks to be for `text`: its longest word up to 20; a
    /// value with no letters (a phone number) is one word, and so is an e-mail address, which
    /// Pango would break mid-word ("katherine@examp / m"): it is kept whole up to 40 characters.
    nonisolated static func widthChars(of text: String) -> Int32 {
        let isAddress = text.contains("@") && !text.contains(" ")
        if isAddress { return Int32(min(40, text.count)) }
        let words = text.contains(where: \.isLetter) ? text.split(separator: " ").map(\.count) : [text.count]
        return Int32(min(20, words.max() ?? 0))
    }

    /// The most characters a cell shows: more than three lines of a column hold. A longer value
    /// (a note of 100,000 characters) is cut there with "…" before GTK lays it out — laying out
    /// the whole of it to show three lines froze the window for seconds; the record has it whole.
    static var cellCharacterLimit: Int { 300 }

    /// `text` as a cell shows it: whole, or its first `cellCharacterLimit` characters and "…".
    static func shown(_ text: String) -> String {
        guard text.count > cellCharacterLimit else { return text }
        return String(text.prefix(cellCharacterLimit)) + "…"
    }

    private func text(for item: ListItem, column: Int) -> String {
        guard let string = item.string, let id = ListedRecordID(text: string) else { return "" }
        if let texts = cellTexts[id] { return texts[column] }
        // The position only says which page to fetch: while GTK works through a change of
        // the list it can be another row's, so the texts are looked up by identity.
        let position = item.position.flatMap { rowIDs.indices.contains($0) && rowIDs[$0] == id ? $0 : nil }
            ?? rowIDs.firstIndex(of: id)
        guard let position else { return "" }
        return texts(ofRowAt: position)?[column] ?? ""
    }

    /// The texts of a row, fetching the page around it when they are not cached.
    func texts(ofRowAt position: Int) -> [String]? {
        let id = rowIDs[position]
        if let texts = cellTexts[id] { return texts }
        // Rows bind as they scroll in from either end, so fetch some before the row too.
        let start = max(0, position - pageSize / 2)
        let end = min(rowIDs.count, position + pageSize)
        let missing = rowIDs[start..<end].filter { cellTexts[$0] == nil }
        if cellTexts.count + missing.count > pageSize * 20 { cellTexts.removeAll(keepingCapacity: true) }
        do {
            let models = try source.models(for: missing)
            for (id, model) in models {
                cellTexts[id] = columns.map { $0.shown(model) }
            }
        } catch {
            report(error)
        }
        return cellTexts[id]
    }
}
