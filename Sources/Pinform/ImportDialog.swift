import Controls
import Foundation
import Gtk
import Localization
import PinformCore
import PinformModels
import Storage

/// The import preview: a CSV file's columns, each mapped to a field of the model (as guessed
/// from the headers, changed with a drop-down), and every row with what the import will do
/// with it — New, the form's reasons it is invalid, or the line or saved record it duplicates.
/// Nothing is written until Import is pressed; the completion then gets the new records.
@MainActor
final class ImportDialog<Model: FormModel> {
    /// The dialog's window.
    let window = Window()
    /// Creates the records the preview shows as New; insensitive when there are none.
    let importButton = Button(label: tr("Import"))
    /// Closes without importing.
    let cancelButton = Button(label: tr("Cancel"))
    /// What the import will do, in one sentence.
    let summaryLabel = Label()
    /// Every row of the file with its outcome and its cells.
    let rows: RecordList<ImportPreviewSource<Model>.Row>
    /// The drop-downs that map each of the file's columns to a field, in column order.
    private(set) var columnChoices: [DropDown] = []

    private let table: CSVReader.Table
    private let existingKeys: Set<String>
    private let reader: FormRowReader<Model>
    /// The fields a column can fill (those the form has an input for), by their index in `fields`.
    private let importable: [Int]
    private let source: ImportPreviewSource<Model>
    private var mapping: ImportMapping
    private(set) var preview: ImportPreview<Model>
    private var completion: (([Model]) -> Void)?
    private var keepAlive: ImportDialog?
    /// The main loop's source that reads the next slice of rows, while there is one.
    private var readSource: UInt32?
    /// The main loop's source that adds the next slice of column rows, while there is one.
    private var columnSource: UInt32?
    /// The rows of the file's columns.
    // Translators: the import dialog's list of the file's columns and the fields they fill.
    private let columnRows = PreferencesGroup(title: tr("Columns"))

    /// A hidden dialog over `parent` for the file `name` read as `table`; `existingKeys` are
    /// the saved records' duplicate keys. `completion` runs once, with the records to create
    /// (empty when cancelled). `context` is the window's, for the form the rows are read through.
    init(table: CSVReader.Table, fileName: String, existingKeys: Set<String>, parent: Window?,
         context: ModelContext, completion: @escaping ([Model]) -> Void) {
        self.table = table
        self.existingKeys = existingKeys
        self.completion = completion
        let reader = Model.makeRowReader(context)
        self.reader = reader
        let fields = Model.fields
        importable = fields.indices.filter { reader.imports(field: $0) }
        var guessed = ImportMapping.guess(headers: table.header, fieldNames: Model.importFieldNames,
                                          exportLayout: Model.exportLayout(context),
                                          computedNames: Model.computedColumnNames(context))
        for column in guessed.fields.indices where guessed.fields[column].map({ !reader.imports(field: $0) }) ?? false {
            guessed.fields[column] = nil
        }
        mapping = guessed
        preview = ImportPreview(table: table, mapping: guessed, existingKeys: existingKeys)

        var columns: [RecordColumn<ImportPreviewSource<Model>.Row>] = [
            // Translators: the import preview's column of the file's line numbers.
            RecordColumn(title: tr("Line"), sortKey: "line") { $0.texts[0] },
            // Translators: the import preview's column that says what happens to each row.
            RecordColumn(title: tr("Result"), sortKey: "result") { $0.texts[1] },
        ]
        for (index, field) in fields.enumerated() {
            columns.append(RecordColumn(title: field.title, sortKey: "field\(index)") { $0.texts[index + 2] })
        }
        source = ImportPreviewSource(sortKeys: columns.compactMap(\.sortKey))
        rows = RecordList(source: source, columns: columns)

        window.title = tr("Import {model}", ["model": Model.title])
        window.setTransient(for: parent)
        window.isModal = true
        window.destroysWithParent = true
        window.setDefaultSize(width: 760, height: 760)
        let header = HeaderBar()
        header.packStart(cancelButton)
        importButton.addCSSClass("suggested-action")
        header.packEnd(importButton)
        window.titlebar = header

        let box = Box(.vertical, spacing: 12)
        box.setMargins(top: 12, bottom: 12, start: 12, end: 12)
        let fileLabel = Label(tr("“{file}”: {rows} rows, {columns} columns", [
            "file": fileName, "rows": String(table.rows.count), "columns": String(table.header.count),
        ]))
        fileLabel.addCSSClass("heading")
        fileLabel.xAlign = 0
        fileLabel.wraps = true
        box.append(fileLabel)
        if guessed.isByPosition {
            let notice = Label(tr("Some headers are not the name of a field: those columns are taken in the order Pinform exports them. Check them below."))
            notice.wraps = true
            notice.xAlign = 0
            box.append(notice)
        }
        box.append(columnsGroup())
        summaryLabel.xAlign = 0
        summaryLabel.wraps = true
        summaryLabel.addCSSClass("heading")
        box.append(summaryLabel)
        rows.widget.expandsVertically = true
        box.append(rows.widget)
        window.child = box

        cancelButton.onClicked { [weak self] in self?.finish(importing: false) }
        importButton.onClicked { [weak self] in self?.finish(importing: true) }
        let keys = KeyController()
        keys.onKeyPressed { [weak self] key, _, _ in
            guard key == Key.escape else { return false }
            self?.finish(importing: false)
            return true
        }
        window.add(keys)
        window.onCloseRequest { [weak self] in
            self?.finish(importing: false)
            return false
        }
        startReading()
    }

    /// Shows the dialog; it keeps itself alive until it closes.
    func present() {
        keepAlive = self
        window.present()
        // Not on Import: one Enter would write the whole file. The first column's field instead.
        if let first = columnChoices.first {
            _ = first.grabFocus()
        } else {
            _ = rows.searchEntry.grabFocus()
        }
    }

    /// One row per column of the file: its header, an example cell, and the field it fills.
    /// The first rows are made at once, the others a slice between two frames (a row and its
    /// drop-down are some milliseconds of work each: a file of 2,000 columns would hold the
    /// window for seconds).
    private func columnsGroup() -> Widget {
        addColumnRows(count: Self.columnSliceSize)
        if columnChoices.count < table.header.count {
            columnSource = MainContext.timeout(milliseconds: 1) { [weak self] in
                guard let self else { return false }
                addColumnRows(count: Self.columnSliceSize)
                let isDone = columnChoices.count == table.header.count
                if isDone { columnSource = nil }
                return !isDone
            }
        }
        let scrolled = ScrolledWindow()
        scrolled.child = columnRows
        // Up to three columns show at once; more scroll.
        scrolled.setSizeRequest(width: -1, height: Int32(min(table.header.count, 3) * 56 + 44))
        return scrolled
    }

    /// Whether every column of the file has its row (they are added a slice at a time).
    var showsEveryColumn: Bool { columnChoices.count == table.header.count }

    /// How many columns get their row between two frames.
    private static var columnSliceSize: Int { 20 }

    /// Adds the rows of up to `count` more of the file's columns.
    private func addColumnRows(count: Int) {
        let fields = Model.fields
        // Translators: the choice for a column of an imported file that fills no field.
        let items = [tr("Not imported")] + importable.map { fields[$0].title }
        let end = min(columnChoices.count + count, table.header.count)
        for column in columnChoices.count..<end {
            let header = table.header[column]
            let example = table.rows.first { column < $0.fields.count && !$0.fields[column].isEmpty }?.fields[column] ?? ""
            let title = header.isEmpty ? tr("Column {number}", ["number": String(column + 1)]) : header
            var subtitle = String(example.prefix(60))
            if mapping.computedColumns.contains(column) {
                // Translators: under a column of an imported file that Pinform computes (a person's age): {example} is its first cell.
                subtitle = tr("{example} — computed from the other fields, not imported", ["example": subtitle])
            }
            let row = ActionRow(title: title, subtitle: subtitle)
            let choice = DropDown(items: items)
            choice.selectedIndex = mapping.field(forColumn: column).flatMap { importable.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
            choice.verticalAlignment = .center
            choice.setAccessibleLabel(tr("Field for column “{column}”", ["column": title]))
            row.addSuffix(choice)
            row.setActivatableWidget(choice)
            columnRows.add(row)
            columnChoices.append(choice)
            choice.onSelectionChanged { [weak self] in self?.choose(column: column) }
        }
    }

    /// A drop-down changed: its column fills another field (or none) and the preview follows.
    private func choose(column: Int) {
        let index = columnChoices[column].selectedIndex ?? 0
        let field = index == 0 ? nil : importable[index - 1]
        guard mapping.field(forColumn: column) != field else { return }
        mapping.set(field: field, forColumn: column)
        for (other, choice) in columnChoices.enumerated() where other != column {
            let shown = mapping.field(forColumn: other).flatMap { importable.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
            if choice.selectedIndex != shown { choice.selectedIndex = shown }
        }
        preview = ImportPreview(table: table, mapping: mapping, existingKeys: existingKeys)
        startReading()
    }

    /// Reads the file's rows a slice at a time while the window stays responsive, then shows
    /// them; until then Import waits and the summary counts the rows checked.
    private func startReading() {
        if let readSource { MainContext.remove(source: readSource) }
        importButton.isSensitive = false
        readSlice()
        guard !preview.isComplete else { return }
        readSource = MainContext.timeout(milliseconds: 1) { [weak self] in
            guard let self else { return false }
            readSlice()
            if preview.isComplete { readSource = nil }
            return !preview.isComplete
        }
    }

    private func readSlice() {
        preview.read(count: Self.sliceSize) { reader.resolve($0) }
        if preview.isComplete {
            showPreview()
        } else {
            summaryLabel.text = tr("Checking the rows… {done} of {total}",
                                   ["done": String(preview.rows.count), "total": String(preview.totalCount)])
        }
    }

    /// How many rows are checked between two frames: some 50 ms of work.
    private static var sliceSize: Int { 100 }

    private func showPreview() {
        source.show(preview)
        rows.reload()
        summaryLabel.text = preview.summary
        summaryLabel.setAccessibleLabel(preview.summary)
        let count = preview.createdCount
        importButton.label = count == 0 ? tr("Import") : trn("Import %d Record", "Import %d Records", count)
        importButton.isSensitive = count > 0
    }

    private func finish(importing: Bool) {
        guard let completion else { return }
        if let readSource { MainContext.remove(source: readSource) }
        readSource = nil
        if let columnSource { MainContext.remove(source: columnSource) }
        columnSource = nil
        self.completion = nil
        completion(importing && preview.isComplete ? preview.createdRecords : [])
        window.destroy()
        keepAlive = nil
    }
}
