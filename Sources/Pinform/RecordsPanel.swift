import Controls
import Foundation
import Gtk
import Localization
import PinformCore
import PinformModels
import Storage

/// What the form window needs of a records panel, whatever its model.
@MainActor
protocol RecordsPanelProtocol: AnyObject {
    /// The list with its buttons.
    var widget: Widget { get }
    /// Asks where to export the list, then writes it as CSV.
    func export()
    /// Opens the store again (after the file was moved aside) and shows its records.
    func reconnect()
    /// Moves the focus to the search entry.
    func focusSearch()
    /// Asks for a CSV file, previews what importing it does, and imports once confirmed
    /// (RecordsPanel+Import.swift).
    func importRecords()
    /// Prints the selected record, or the list as it is searched and sorted when none is
    /// selected (RecordsPanel+Print.swift).
    func printRecords()
    /// Gives the keyboard focus to the selected record's row (or to the list when none is).
    func focusSelection()
    /// Puts back what the last delete removed, while nothing else changed the records since
    /// (Ctrl+Z, also after the toast offering Undo is gone).
    /// - Returns: Whether there was such a delete.
    func undoLastDeletion() -> Bool
}

/// The saved records of one model beside its form: a searchable, sortable list; Save adds to
/// it, Edit (or double-click, or Enter) edits a record in a dialog, Delete removes with Undo,
/// and Export writes the list as CSV. After each of them the record acted on is selected and
/// has the focus (the one after it, after a delete).
///
/// A deletion is real at once, so that nothing depends on the toast's timer or on the process
/// living on; Undo puts the records back as they were stored, with their identities, so they
/// return to their places in the list.
///
/// A records file that cannot be opened shows a status page in the list's place, with Retry
/// and, for a damaged file, Move Aside and Start Fresh (the old file is kept). A file that can
/// only be read says why above the list. What goes wrong while saving, and what was done,
/// shows in a toast.
@MainActor
final class RecordsPanel<Model: FormModel>: RecordsPanelProtocol {
    let list: RecordList<Model>
    /// Edits the selected record in a dialog, as Enter or a double-click on its row does.
    let editButton = Button(iconName: "document-edit-symbolic")
    let deleteButton = Button(iconName: "user-trash-symbolic")
    let historyButton = Button(iconName: "document-open-recent-symbolic")
    let exportButton = Button(iconName: "document-save-as-symbolic")
    let widget: Widget
    /// The page shown in the list's place while the records file cannot be opened.
    let problemPage = StatusPage(title: tr("Records Cannot Be Opened"))
    /// Retries what failed on the problem page (opening the file, or moving it aside).
    let retryButton = Button(label: tr("Retry"))
    /// Moves a damaged file aside and starts with an empty one, on the problem page.
    let moveAsideButton = Button(label: tr("Move Aside and Start Fresh"))
    /// Says why the records can only be read, above the list; hidden when they can be written.
    let readOnlyNotice = Label()

    let records: RecordsDatabase
    let context: ModelContext
    private let source: RecordStoreSource<Model>
    unowned let window: Window
    let toast: Toast
    let neutralizesFormulas: () -> Bool
    let readOnlyBox = Box(.horizontal, spacing: 6)
    /// Where the last export went, to suggest the same folder next time.
    var lastExportFolder: URL?
    /// What Retry on the problem page does.
    private var retryProblem: (() -> Void)?
    /// Whether the no-results page says why the search cannot run.
    private var searchProblemShown = false
    private var searchPreparationPending = false
    /// What the last delete removed, until the next change of the records: what Ctrl+Z puts
    /// back.
    var lastDeletion: [DeletedRecord]?

    /// - Parameter neutralizesFormulas: the preference that the export's choice to keep
    ///   spreadsheets from running formulas starts from.
    init(records: RecordsDatabase, context: ModelContext? = nil, window: Window, toast: Toast,
         neutralizesFormulas: @escaping () -> Bool = { true }) {
        self.records = records
        let context = context ?? ModelContext(records: records)
        self.context = context
        self.window = window
        self.toast = toast
        self.neutralizesFormulas = neutralizesFormulas
        source = RecordStoreSource(store: nil)
        list = RecordList(source: source, columns: Model.listColumns(context))

        let title = Label(tr("Saved"))
        title.addCSSClass("heading")
        title.xAlign = 0
        title.expandsHorizontally = true
        title.ellipsizesAtEnd = true
        // Icons, named and explained: three labelled buttons do not fit 360 pixels in German at
        // 1.5× text.
        for (button, name, tip) in [
            (editButton, tr("Edit"), tr("Edit the selected record (Enter)")),
            (deleteButton, tr("Delete"), tr("Delete the selected records (Delete)")),
            (historyButton, tr("History"), tr("Who changed the selected record, and when")),
            (exportButton, tr("Export…"), tr("Export the list as CSV (Ctrl+E)")),
        ] {
            button.setAccessibleLabel(name)
            // Named by that alone: labelled by its image, GTK 4.8 read it "Export… Export the list…".
            button.resetAccessibleLabelledBy()
            button.tooltip = tip
            button.addCSSClass("flat")
        }
        editButton.isSensitive = false
        deleteButton.isSensitive = false
        exportButton.isSensitive = false
        let bar = Box(.horizontal, spacing: 6)
        bar.append(title)
        bar.append(editButton)
        bar.append(deleteButton)
        bar.append(historyButton)
        bar.append(exportButton)

        readOnlyNotice.wraps = true
        readOnlyNotice.xAlign = 0
        readOnlyNotice.expandsHorizontally = true
        readOnlyNotice.isSelectable = true
        readOnlyBox.addCSSClass("read-only-notice")
        readOnlyBox.append(readOnlyNotice)
        readOnlyBox.isVisible = false

        // One above the other, so that the page fits a 360-pixel window.
        let problemButtons = Box(.vertical, spacing: 12)
        problemButtons.horizontalAlignment = .center
        retryButton.addCSSClass("pill")
        moveAsideButton.addCSSClass("pill")
        moveAsideButton.addCSSClass("destructive-action")
        problemButtons.append(retryButton)
        problemButtons.append(moveAsideButton)
        problemPage.child = problemButtons
        problemPage.addCSSClass("compact")
        list.emptyPage.descriptionText = tr("Saved records appear here")

        let box = Box(.vertical, spacing: 6)
        box.setMargins(top: 0, bottom: 12, start: 12, end: 12)
        box.addCSSClass("records-panel")
        box.append(bar)
        box.append(readOnlyBox)
        list.widget.expandsVertically = true
        box.append(list.widget)
        box.expandsVertically = true
        widget = box

        list.onActivate = { [unowned self] id in edit(id) }
        list.onDeleteRequest = { [unowned self] ids in delete(ids) }
        list.onSelectionChanged = { [unowned self] in updateButtons() }
        list.onReload = { [unowned self] in updateButtons() }
        list.onError = { [unowned self] error in listFailed(error) }
        source.onSearchSucceeded = { [unowned self] in searchSucceeded() }
        editButton.onClicked { [unowned self] in
            if let id = list.selectedIDs.first { edit(id) }
        }
        deleteButton.onClicked { [unowned self] in delete(list.selectedIDs) }
        historyButton.onClicked { [unowned self] in showHistory() }
        exportButton.onClicked { [unowned self] in export() }
        retryButton.onClicked { [unowned self] in retryProblem?() }
        moveAsideButton.onClicked { [unowned self] in startFresh() }
        // Another desk's save shows without a reload (a shared database's notifications).
        records.observeSharedChanges { [weak self] tables in
            guard let self, tables.contains(Model.table) || tables.contains("*") else { return }
            list.reload(refreshingAll: true)
        }
        reconnect()
        offerEditDrafts()
    }

    // MARK: Store

    func reconnect() {
        do {
            let store = try records.store(Model.self)
            source.store = store
            hideProblem()
            if let reason = records.readOnlyReason(for: store) {
                readOnlyNotice.text = reason.message(path: records.file.path)
                readOnlyBox.isVisible = true
            } else {
                readOnlyBox.isVisible = false
            }
            // Read the search text while the window is idle, not at the first keystroke.
            prepareSearchWhenIdle()
        } catch {
            source.store = nil
            readOnlyBox.isVisible = false
            showProblem(error) { [weak self] in self?.reconnect() }
        }
        list.reload(refreshingAll: true)
        updateButtons()
    }

    var store: (any RecordStoring<Model>)? { source.store }

    /// Readies the next search keystroke once the window is idle (after opening, and after each
    /// change of the records, which drops what the store had ready).
    func prepareSearchWhenIdle() {
        guard !searchPreparationPending else { return }
        searchPreparationPending = true
        MainContext.idle { [weak self] in
            guard let self else { return }
            searchPreparationPending = false
            let key = list.sortColumnIndex.flatMap { list.columns[$0].sortKey }
            source.prepareSearch(sortedBy: key, ascending: list.isSortedAscending)
        }
    }

    /// Shows why the records file cannot be used in the list's place: with Retry (running
    /// `retry`), and with Move Aside and Start Fresh when the file is damaged.
    private func showProblem(_ error: StoreError, retry: @escaping () -> Void) {
        var description = error.message
        let offersFreshStart = error.offersFreshStart && FileManager.default.fileExists(atPath: records.file.path)
        if offersFreshStart {
            description += " " + tr("You can move it aside and start with an empty one: the old file is kept, not deleted.")
        }
        problemPage.descriptionText = description
        problemPage.setAccessibleLabel(description)
        moveAsideButton.isVisible = offersFreshStart
        retryProblem = retry
        list.showProblem(problemPage)
        updateButtons()
    }

    private func hideProblem() {
        retryProblem = nil
        list.showProblem(nil)
    }

    /// Whether the problem page shows, in the list's place.
    var showsProblem: Bool { list.shownContent == .problem }

    private func startFresh() {
        do {
            let moved = try records.moveAsideAndStartFresh()
            reconnect()
            if let moved {
                toast.show(tr("The old records file was kept as “{file}”", ["file": moved.lastPathComponent]), seconds: 8)
            }
        } catch {
            reconnect()
            // Retry tries the move again, once the other program let go of the file.
            showProblem(error) { [weak self] in self?.startFresh() }
        }
    }

    /// Says in a toast what went wrong, with Retry when another program only holds the file
    /// for now (`retry` runs the failed action again).
    func report(_ error: any Error, retry: (() -> Void)? = nil) {
        guard let error = error as? StoreError else {
            toast.show(String(describing: error), seconds: 8)
            return
        }
        if error.offersRetry, let retry {
            toast.show(error.message, actionLabel: tr("Retry"), seconds: 10) { retry() }
        } else {
            toast.show(error.message, seconds: 8)
        }
    }

    /// Reading the list failed: a search that cannot run says why on the no-results page;
    /// anything else in a toast.
    private func listFailed(_ error: any Error) {
        if let error = error as? StoreError, case .searchTooLong = error {
            searchProblemShown = true
            list.noResultsPage.descriptionText = error.message
            return
        }
        report(error) { [weak self] in self?.list.reload(refreshingAll: true) }
    }

    /// A search ran: a message about an earlier search is no longer true.
    private func searchSucceeded() {
        guard searchProblemShown else { return }
        searchProblemShown = false
        list.noResultsPage.descriptionText = tr("Try a different search")
    }

    /// Edit and Delete act on the selection, Export on the rows shown: each is sensitive only
    /// when there is something to act on.
    private func updateButtons() {
        let usable = store != nil && !showsProblem
        deleteButton.isSensitive = usable && list.hasSelection
        editButton.isSensitive = usable && list.hasSelection
        historyButton.isVisible = keepsHistory
        historyButton.isSensitive = usable && list.hasSelection
        exportButton.isSensitive = usable && list.rowCount > 0
    }

    func focusSelection() {
        if let id = list.selectedIDs.first {
            list.focus(id: id)
        } else if list.rowCount > 0 {
            _ = list.table.grabFocus()
        } else {
            _ = list.searchEntry.grabFocus()
        }
    }

    // MARK: Saving, editing, deleting

    /// Saves a value from the form as a new record and shows it selected and scrolled into
    /// view; when the search would hide it, the search is cleared.
    @discardableResult
    func insert(_ model: Model) -> ListedRecordID? {
        guard let store else {
            if let error = records.openError { showProblem(error) { [weak self] in self?.reconnect() } }
            return nil
        }
        do {
            let id = try store.insert(model)
            lastDeletion = nil
            list.reload()
            prepareSearchWhenIdle()
            if !list.select(id: ListedRecordID(id)) {
                list.search("")
                list.select(id: ListedRecordID(id))
            }
            updateButtons()
            return ListedRecordID(id)
        } catch {
            report(error) { [weak self] in self?.insert(model) }
            return nil
        }
    }

    private func delete(_ ids: [ListedRecordID]) {
        guard let store, !ids.isEmpty else { return }
        if let refusal = Model.deletionRefusal(of: ids.map(RecordID.init), context) { return toast.show(refusal) }
        do {
            // The row that takes the first deleted one's place is selected and focused next, so
            // that Delete, Enter and Edit go on from where the person is.
            let place = list.recordIDs.firstIndex { ids.contains($0) } ?? 0
            let deleted = try store.deleteRecords(ids: ids.map(RecordID.init))
            list.reload()
            prepareSearchWhenIdle()
            if !list.recordIDs.isEmpty {
                list.focus(id: list.recordIDs[min(place, list.recordIDs.count - 1)])
            } else {
                _ = list.searchEntry.grabFocus()
            }
            updateButtons()
            guard !deleted.isEmpty else { return }
            lastDeletion = deleted
            let message = trn("Record deleted", "%d records deleted", deleted.count)
            // Ten seconds to reach Undo with the mouse; Ctrl+Z holds until the next change anyway.
            toast.show(message, actionLabel: tr("Undo"), seconds: 10) { [weak self] in self?.restore(deleted) }
        } catch {
            report(error) { [weak self] in self?.delete(ids) }
        }
    }

    /// Puts deleted records back in their places, with their identities, and selects them.
    private func restore(_ deleted: [DeletedRecord]) {
        guard let store else { return }
        do {
            try store.restore(deleted)
            lastDeletion = nil
            list.reload()
            prepareSearchWhenIdle()
            list.select(ids: deleted.map { ListedRecordID($0.id) })
            if let first = list.selectedIDs.first { list.focusRow(of: first) }
            updateButtons()
        } catch {
            report(error) { [weak self] in self?.restore(deleted) }
        }
    }

    func undoLastDeletion() -> Bool {
        guard let lastDeletion else { return false }
        toast.dismiss()
        restore(lastDeletion)
        return true
    }

    func focusSearch() {
        list.searchEntry.grabFocus()
    }
}
