import Foundation
import Gtk
import Localization

/// Where a bound cell keeps the record its row shows (on the cell's GObject).
let boundRecordKey = AssociationKey<ListedRecordID>("pinform-record-list-cell")

/// A table of saved records of one model: columns declared by key path with titles, sorted by
/// clicking a column header, filtered by a search entry (Escape clears it), scaling to 100,000
/// rows. With no records it shows a status page ("No Records Yet"), and another ("No Results")
/// when the search matches nothing; a cell that cuts its text shows the whole text as tooltip.
///
/// The table holds only the records' identities, in a list model; GTK makes widgets only for
/// the rows on screen and the list asks its `RecordListDataSource` for the models of those
/// rows, a page at a time. Sorting and searching happen in the data source (SQL for the app's
/// store), and the identities are queried again.
///
/// ```swift
/// let list = RecordList<Person>(source: people, columns: [
///     RecordColumn("First name", \.firstName, sortKey: "first_name"),
///     RecordColumn("Age", \.age, sortKey: "age"),
/// ])
/// list.onActivate = { id in edit(id) }
/// window.child = list.widget
/// ```
@MainActor
public final class RecordList<Model> {
    /// A column of the list.
    public typealias Column = RecordColumn<Model>

    /// What the list shows in the table's place.
    public enum Content: Equatable, Sendable {
        /// The rows.
        case rows
        /// The status page saying there are no records yet.
        case empty
        /// The status page saying the search matches nothing.
        case noResults
        /// The page given to `showProblem(_:)`.
        case problem
    }

    /// The search entry, the table (or a status page in its place) and the count, top to bottom.
    public let widget: Box
    /// The search entry; typing filters the rows once typing pauses.
    public let searchEntry = SearchEntry()
    /// The table of rows.
    public let table: ColumnView
    /// The columns, in order.
    public let columns: [Column]

    /// Called with a record's identity when its row is activated (double-click or Enter).
    public var onActivate: ((ListedRecordID) -> Void)?
    /// Called with the selected records' identities when Delete is pressed in the table.
    public var onDeleteRequest: (([ListedRecordID]) -> Void)?
    /// The page shown when there are no records, "No Records Yet"; its description can say
    /// where records come from.
    public let emptyPage = StatusPage(iconName: "x-office-document-symbolic", title: tr("No Records Yet"),
                                      description: tr("Saved records appear here"))
    /// The page shown when the search matches no record, "No Results".
    public let noResultsPage = StatusPage(iconName: "edit-find-symbolic", title: tr("No Results"),
                                          description: tr("Try a different search"))

    /// Called when the selection of shown rows changes, also when a search hides selected rows.
    public var onSelectionChanged: (() -> Void)?
    /// Called after the rows were queried again (a save, a delete, a search, a sort).
    public var onReload: (() -> Void)?
    /// Called when the data source fails; the list then shows what it could.
    public var onError: ((any Error) -> Void)?

    /// How many records a page fetched from the data source holds.
    public let pageSize: Int

    let source: any RecordListDataSource<Model>
    private let rows = StringList()
    let scroller = ScrolledWindow()
    /// The table's place: the rows, or a status page, only one of them visible (no GtkStack,
    /// whose pages GTK 4.8 names "GtkStackPage" for screen readers).
    private let area = Box(.vertical)
    /// The status pages, each in a scroller of its own so that the list asks for no more
    /// height than the table would and the form above keeps its room.
    private let emptyScroller = ScrolledWindow()
    private let noResultsScroller = ScrolledWindow()
    private let problemScroller = ScrolledWindow()
    private var problemPage: Widget?
    private let statusLabel = Label()
    var tableColumns: [ColumnViewColumn] = []
    /// Whether `fitColumns()` is to run once the current layout is done.
    var fitScheduled = false
    /// The width each column needed when it last showed (`fitColumns()`), by index.
    var columnWidths: [Int: Int32] = [:]
    /// Each column's cell labels, as its factory made them (bound to a row or not).
    var cellLabels: [[Label]] = []
    private(set) var rowIDs: [ListedRecordID] = []
    var cellTexts: [ListedRecordID: [String]] = [:]
    private var sortColumn: Int?
    private var sortAscending = true
    private var currentSearch = ""
    private var failedSinceReload = false

    /// How many cell widgets exist now: a screenful of rows, whatever the number of records.
    @_spi(Testing) public internal(set) var cellWidgetCount = 0

    /// The cell labels bound to a row now (each knows its record: `boundRecordKey`).
    var boundCells: [Label] {
        table.descendants.compactMap { $0 as? Label }.filter { $0.associatedValue(for: boundRecordKey) != nil }
    }

    /// The records whose rows have cells now: those on screen (and a few beyond).
    @_spi(Testing) public var boundIDs: Set<ListedRecordID> { Set(boundCells.compactMap { $0.associatedValue(for: boundRecordKey) }) }

    /// The tooltip a bound cell showing `text` offers: its whole text when the cell cuts it.
    @_spi(Testing) public func cellTooltip(text: String) -> String? {
        boundCells.first { $0.text == text }?.cutText
    }

    /// Whether a bound cell showing `text` has been laid out (given its width) yet.
    @_spi(Testing) public func isCellLaidOut(text: String) -> Bool {
        boundCells.first { $0.text == text }.map { $0.allocatedWidth > 0 } ?? false
    }

    /// A list of `source`'s records showing `columns`; call `reload()` to fill it.
    public init(source: any RecordListDataSource<Model>, columns: [Column], pageSize: Int = 100) {
        precondition(!columns.isEmpty, "A record list needs a column")
        self.source = source
        self.columns = columns
        self.pageSize = max(1, pageSize)
        table = ColumnView(selection: MultiSelection(model: rows))
        widget = Box(.vertical, spacing: 6)
        cellLabels = Array(repeating: [], count: columns.count)
        build()
    }

    private func build() {
        searchEntry.placeholder = tr("Search records")
        searchEntry.setAccessibleLabel(tr("Search records"))
        searchEntry.onSearchChanged { [weak self] in self?.searchChanged() }
        // Escape clears the search; once it is clear, Escape leaves the entry for the rows.
        searchEntry.onStopSearch { [weak self] in
            guard let self else { return }
            if searchEntry.text.isEmpty {
                if !rowIDs.isEmpty { _ = table.grabFocus() }
            } else {
                search("")
            }
        }
        widget.append(searchEntry)

        table.showsRowSeparators = true
        table.allowsRubberbandSelection = true
        table.setAccessibleLabel(tr("Records"))
        for (index, column) in columns.enumerated() {
            let tableColumn = ColumnViewColumn(title: column.title, factory: makeFactory(column: index))
            tableColumn.expands = true
            tableColumn.isResizable = true
            tableColumn.isSortable = column.sortKey != nil
            table.append(tableColumn)
            tableColumns.append(tableColumn)
        }
        table.onSortChanged { [weak self] in self?.sortChanged() }
        table.onActivate { [weak self] position in self?.activated(position) }
        table.selection.onSelectionChanged { [weak self] in self?.onSelectionChanged?() }
        let keys = KeyController()
        keys.onKeyPressed { [weak self] keyval, _, _ in
            guard let self else { return false }
            switch keyval {
            case .delete, .keypadDelete:
                let selected = selectedIDs
                guard !selected.isEmpty, let onDeleteRequest else { return false }
                onDeleteRequest(selected)
                return true
            case .escape:
                guard !currentSearch.isEmpty else { return false }
                search("")
                return true
            default:
                return false
            }
        }
        table.add(keys)
        // The header row, which GTK 4.8 would leave named "GtkListItemWidget" for screen readers.
        if let header = table.childWidgets.first(where: { $0.accessibleRole == .row }) {
            header.setAccessibleLabel(tr("Column headers"))
        }

        scroller.child = table
        // The columns that do not fit the pane are hidden (`fitColumns()`); a first column
        // wider than the pane scrolls sideways rather than widen the window.
        scroller.scrollsHorizontally = true
        scroller.onHorizontalExtentChange { [weak self] in self?.scheduleFit() }
        // A right-to-left table opens on its first column, at the right.
        scroller.keepsLeadingEdgeInView()
        scroller.expandsVertically = true
        scroller.setSizeRequest(width: -1, height: 120)
        for page in [emptyPage, noResultsPage] {
            page.addCSSClass("compact")
        }
        emptyScroller.child = emptyPage
        noResultsScroller.child = noResultsPage
        // A status page alone, nothing to act on: no (unnamed, generic) Tab stop.
        for pane in [emptyScroller, noResultsScroller] {
            pane.canFocus = false
            pane.isFocusable = false
        }
        for page in [scroller, emptyScroller, noResultsScroller, problemScroller] {
            page.expandsVertically = true
            page.setSizeRequest(width: -1, height: 120)
            area.append(page)
        }
        area.expandsVertically = true
        widget.append(area)

        statusLabel.xAlign = 0
        statusLabel.addCSSClass("caption")
        widget.append(statusLabel)
        updateStatus()
    }

    // MARK: Rows

    /// Queries the identities again (after a save, a delete, a new search or sort) and shows
    /// them; the selected records stay selected.
    ///
    /// Only the rows that changed place are replaced, so rows on screen that stay where they
    /// are keep their widgets and texts: after a record's values change, call `refresh(id:)`
    /// for it, or pass `refreshingAll` when any record may have changed.
    public func reload(refreshingAll: Bool = false) {
        let selectedBefore = selectedIDs
        let selected = Set(selectedBefore)
        failedSinceReload = false
        let old = refreshingAll ? [] : rowIDs
        do {
            rowIDs = try source.recordIDs(sortedBy: sortKey, ascending: sortAscending, search: currentSearch)
        } catch {
            rowIDs = []
            report(error)
        }
        if refreshingAll { cellTexts.removeAll(keepingCapacity: true) }
        let new = rowIDs
        let shorter = min(old.count, new.count)
        var prefix = 0
        while prefix < shorter, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let removed = refreshingAll ? rows.count : old.count - prefix - suffix
        let added = new[prefix..<(new.count - suffix)].map(\.text)
        if removed > 0 || !added.isEmpty {
            rows.replace(from: prefix, count: removed, with: added)
        }
        if !selected.isEmpty {
            for (position, id) in rowIDs.enumerated() where selected.contains(id) && !table.selection.isSelected(position) {
                table.selection.select(position, exclusive: false)
            }
        }
        updateStatus()
        // New rows can be narrower or wider than the ones before: fit the columns again.
        scheduleFit()
        // GTK does not report a selection that went with its rows (a search hid them).
        if selectedIDs != selectedBefore { onSelectionChanged?() }
        onReload?()
    }

    /// Shows a record's row again after its record changed, without querying every identity.
    public func refresh(id: ListedRecordID) {
        cellTexts[id] = nil
        guard let position = rowIDs.firstIndex(of: id) else { return }
        let wasSelected = table.selection.isSelected(position)
        rows.replace(from: position, count: 1, with: [id.text])
        if wasSelected { table.selection.select(position, exclusive: false) }
    }

    /// How many rows the list shows (those matching the search).
    public var rowCount: Int { rowIDs.count }

    /// The identities of the rows, in the order shown.
    public var recordIDs: [ListedRecordID] { rowIDs }

    /// The identities of the selected rows, in the order shown.
    public var selectedIDs: [ListedRecordID] {
        table.selection.selectedPositions.compactMap { $0 < rowIDs.count ? rowIDs[$0] : nil }
    }

    /// Whether a shown row is selected: what Delete acts on.
    public var hasSelection: Bool { !selectedIDs.isEmpty }

    /// Selects a record's row alone and scrolls it into view; false when the list does not
    /// show it.
    @discardableResult
    public func select(id: ListedRecordID) -> Bool {
        guard let position = rowIDs.firstIndex(of: id) else { return false }
        table.selection.select(position)
        table.scrollTo(row: position)
        return true
    }

    /// Selects the rows of these records (those the list shows) and scrolls the first into view.
    public func select(ids: [ListedRecordID]) {
        let wanted = Set(ids)
        let positions = rowIDs.indices.filter { wanted.contains(rowIDs[$0]) }
        guard let first = positions.first else { return }
        table.selection.select(first)
        for position in positions.dropFirst() { table.selection.select(position, exclusive: false) }
        table.scrollTo(row: first)
    }

    /// The text the row at `row` shows in `column`, fetching it when needed.
    public func text(row: Int, column: Int) -> String? {
        guard rowIDs.indices.contains(row), columns.indices.contains(column) else { return nil }
        return texts(ofRowAt: row)?[column]
    }

    // MARK: Searching and sorting

    /// The search the rows are filtered by.
    public var searchText: String { currentSearch }

    /// Filters the rows by `text` now, as typing it in the search entry would once typing pauses.
    public func search(_ text: String) {
        if searchEntry.text != text { searchEntry.text = text }
        guard text != currentSearch else { return }
        currentSearch = text
        reload()
    }

    private func searchChanged() {
        let text = searchEntry.text
        guard text != currentSearch else { return }
        currentSearch = text
        reload()
    }

    /// The index of the column the rows are sorted by, or nil for the saved order.
    public var sortColumnIndex: Int? { sortColumn }

    /// Whether the rows are sorted in ascending order.
    public var isSortedAscending: Bool { sortAscending }

    /// Sorts by the column at `column` (nil for the saved order), as clicking its header would.
    public func sort(by column: Int?, ascending: Bool = true) {
        if let column { precondition(columns[column].sortKey != nil, "Column \(column) is not sortable") }
        table.sort(by: column.map { tableColumns[$0] }, ascending: ascending)
        // GTK reports the change through `sortChanged`; apply it here too in case it did not.
        applySort(column: column, ascending: ascending)
    }

    private func sortChanged() {
        let state = table.sortState
        let column = state.flatMap { state in tableColumns.firstIndex { $0 === state.column } }
        applySort(column: column, ascending: state?.ascending ?? true)
    }

    private func applySort(column: Int?, ascending: Bool) {
        guard column != sortColumn || ascending != sortAscending else { return }
        sortColumn = column
        sortAscending = ascending
        reload()
    }

    private var sortKey: String? { sortColumn.flatMap { columns[$0].sortKey } }

    private func activated(_ position: Int) {
        guard let string = rows.string(at: position), let id = ListedRecordID(text: string) else { return }
        onActivate?(id)
    }

    func report(_ error: any Error) {
        guard !failedSinceReload else { return }
        failedSinceReload = true
        onError?(error)
    }

    private func updateStatus() {
        let count = rowIDs.count
        statusLabel.text = switch (count, currentSearch.isEmpty) {
        case (0, _): ""
        case (_, true): trn("%d record", "%d records", count)
        case (_, false): trn("%d record matches", "%d records match", count)
        }
        statusLabel.isVisible = count > 0
        showPage()
    }

    private func showPage() {
        let shown = shownContent
        scroller.isVisible = shown == .rows
        emptyScroller.isVisible = shown == .empty
        noResultsScroller.isVisible = shown == .noResults
        problemScroller.isVisible = shown == .problem
    }

    /// The count under the table ("3 records", "1 record matches"); empty when a status page
    /// says there is nothing.
    public var statusText: String { statusLabel.text }

    /// What shows in the table's place now.
    public var shownContent: Content {
        if problemPage != nil { return .problem }
        if !rowIDs.isEmpty { return .rows }
        return currentSearch.isEmpty ? .empty : .noResults
    }

    /// Shows `page` in the table's place — a status page saying why the records cannot be
    /// read, with what can be done — until `showProblem(nil)` shows the rows again.
    public func showProblem(_ page: Widget?) {
        problemPage = page
        problemScroller.child = page
        searchEntry.isSensitive = page == nil
        showPage()
    }
}
