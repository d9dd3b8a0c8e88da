import Controls
import Foundation
import Gtk
import Localization
import PinformCore
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
}

/// The saved records of one model under its form: a searchable, sortable list; Save adds to
/// it, double-click or Enter edits a record in a dialog, Delete removes with Undo, and Export
/// writes the list as CSV.
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
    let deleteButton = Button(label: tr("Delete"))
    let exportButton = Button(label: tr("Export…"))
    let widget: Widget
    /// The page shown in the list's place while the records file cannot be opened.
    let problemPage = StatusPage(title: tr("Records Cannot Be Opened"))
    /// Retries what failed on the problem page (opening the file, or moving it aside).
    let retryButton = Button(label: tr("Retry"))
    /// Moves a damaged file aside and starts with an empty one, on the problem page.
    let moveAsideButton = Button(label: tr("Move Aside and Start Fresh"))
    /// Says why the records can only be read, above the list; hidden when they can be written.
    let readOnlyNotice = Label()

    private let records: RecordsDatabase
    private let source: RecordStoreSource<Model>
    private unowned let window: Window
    private let toast: Toast
    private let neutralizesFormulas: () -> Bool
    private let readOnlyBox = Box(.horizontal, spacing: 6)
    private var chooser: FileChooserNative?
    /// Where the last export went, to suggest the same folder next time.
    private var lastExportFolder: URL?
    /// What Retry on the problem page does.
    private var retryProblem: (() -> Void)?
    /// Whether the no-results page says why the search cannot run.
    private var searchProblemShown = false

    /// - Parameter neutralizesFormulas: the preference that the export's choice to keep
    ///   spreadsheets from running formulas starts from.
    init(records: RecordsDatabase, window: Window, toast: Toast, neutralizesFormulas: @escaping () -> Bool = { true }) {
        self.records = records
        self.window = window
        self.toast = toast
        self.neutralizesFormulas = neutralizesFormulas
        source = RecordStoreSource(store: nil)
        list = RecordList(source: source, columns: Model.listColumns)

        let title = Label(tr("Saved"))
        title.addCSSClass("heading")
        title.xAlign = 0
        title.expandsHorizontally = true
        deleteButton.tooltip = tr("Delete the selected records (Delete)")
        deleteButton.isSensitive = false
        exportButton.tooltip = tr("Export the list as CSV (Ctrl+E)")
        let bar = Box(.horizontal, spacing: 6)
        bar.append(title)
        bar.append(deleteButton)
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
        list.onSelectionChanged = { [unowned self] in updateDeleteButton() }
        list.onError = { [unowned self] error in listFailed(error) }
        source.onSearchSucceeded = { [unowned self] in searchSucceeded() }
        deleteButton.onClicked { [unowned self] in delete(list.selectedIDs) }
        exportButton.onClicked { [unowned self] in export() }
        retryButton.onClicked { [unowned self] in retryProblem?() }
        moveAsideButton.onClicked { [unowned self] in startFresh() }
        // Another desk's save shows without a reload (a shared database's notifications).
        records.observeSharedChanges { [weak self] tables in
            guard let self, tables.contains(Model.table) || tables.contains("*") else { return }
            list.reload(refreshingAll: true)
        }
        reconnect()
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
            MainContext.idle { [weak self] in
                guard let self, let store = source.store else { return }
                try? store.prepareSearch()
            }
        } catch {
            source.store = nil
            readOnlyBox.isVisible = false
            showProblem(error) { [weak self] in self?.reconnect() }
        }
        list.reload(refreshingAll: true)
        updateDeleteButton()
    }

    private var store: (any RecordStoring<Model>)? { source.store }

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
        deleteButton.isSensitive = false
        exportButton.isSensitive = false
    }

    private func hideProblem() {
        retryProblem = nil
        list.showProblem(nil)
        exportButton.isSensitive = true
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
    private func report(_ error: any Error, retry: (() -> Void)? = nil) {
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

    private func updateDeleteButton() {
        deleteButton.isSensitive = store != nil && list.hasSelection
    }

    // MARK: Saving, editing, deleting

    /// Saves a value from the form as a new record and shows it selected and scrolled into
    /// view; when the search would hide it, the search is cleared.
    func insert(_ model: Model) {
        guard let store else {
            if let error = records.openError { showProblem(error) { [weak self] in self?.reconnect() } }
            return
        }
        do {
            let id = try store.insert(model)
            list.reload()
            if !list.select(id: ListedRecordID(id)) {
                list.search("")
                list.select(id: ListedRecordID(id))
            }
            updateDeleteButton()
        } catch {
            report(error) { [weak self] in self?.insert(model) }
        }
    }

    private func edit(_ id: ListedRecordID) {
        guard let store else { return }
        let record: Record<Model>?
        do {
            record = try store.record(id: RecordID(id))
        } catch {
            report(error)
            return
        }
        guard let record else {
            list.reload()
            return
        }
        openEditor(record.model, basedOn: record, in: store)
    }

    /// The edit dialog, showing `model`; a save is checked against `base` (another desk's
    /// changes meanwhile are merged, or asked about).
    private func openEditor(_ model: Model, basedOn base: Record<Model>, in store: any RecordStoring<Model>) {
        let title = tr("Edit {model}", ["model": Model.title])
        let dialog = FormDialog(title: title, parent: window, form: Model.makeForm(), model: model) {
            [weak self] edited in
            guard let self, let edited else { return }
            save(edited, basedOn: base, in: store)
        }
        dialog.present()
    }

    private func save(_ edited: Model, basedOn base: Record<Model>, in store: any RecordStoring<Model>,
                      resolving resolution: ConflictResolution = .ask) {
        let id = base.id
        do {
            try store.update(edited, basedOn: base, resolving: resolution)
            list.reload()
            list.refresh(id: ListedRecordID(id))
        } catch .conflict(let conflict) {
            ConflictDialog.present(over: window, conflict) { [weak self] choice in
                switch choice {
                case .keepMine: self?.save(edited, basedOn: base, in: store, resolving: .keepMine)
                case .keepTheirs: self?.save(edited, basedOn: base, in: store, resolving: .keepTheirs)
                case .editAgain: self?.openEditor(edited, basedOn: base, in: store)
                }
            }
        } catch {
            report(error) { [weak self] in self?.save(edited, basedOn: base, in: store, resolving: resolution) }
        }
    }

    private func delete(_ ids: [ListedRecordID]) {
        guard let store, !ids.isEmpty else { return }
        do {
            let deleted = try store.deleteRecords(ids: ids.map(RecordID.init))
            list.reload()
            updateDeleteButton()
            guard !deleted.isEmpty else { return }
            let message = trn("Record deleted", "%d records deleted", deleted.count)
            toast.show(message, actionLabel: tr("Undo")) { [weak self] in self?.restore(deleted) }
        } catch {
            report(error) { [weak self] in self?.delete(ids) }
        }
    }

    /// Puts deleted records back in their places, with their identities, and selects them.
    private func restore(_ deleted: [DeletedRecord]) {
        guard let store else { return }
        do {
            try store.restore(deleted)
            list.reload()
            list.select(ids: deleted.map { ListedRecordID($0.id) })
            updateDeleteButton()
        } catch {
            report(error) { [weak self] in self?.restore(deleted) }
        }
    }

    func focusSearch() {
        list.searchEntry.grabFocus()
    }

    // MARK: Exporting

    /// The export dialog's choice that keeps spreadsheets from running a field as a formula.
    static var formulaChoiceLabel: String { tr("Stop spreadsheets from running formulas") }

    /// Where an export is suggested first: the user's Documents folder, else the home folder.
    static var defaultExportFolder: URL {
        if let path = GtkRuntime.documentsDirectory {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                return URL(fileURLWithPath: path, isDirectory: true)
            }
        }
        return URL(fileURLWithPath: GtkRuntime.homeDirectory, isDirectory: true)
    }

    /// The file an export suggests: the model's name ("people.csv") in the folder of the
    /// last export, or in Documents.
    var suggestedExportFile: URL {
        (lastExportFolder ?? Self.defaultExportFolder).appendingPathComponent(Model.exportFileName)
    }

    func export() {
        let chooser = makeExportChooser()
        chooser.onResponse { [weak self, unowned chooser] url in
            let neutralizes = chooser.isChoiceOn("neutralize-formulas")
            self?.chooser = nil
            if let url { self?.export(to: url, neutralizingFormulas: neutralizes) }
        }
        self.chooser = chooser
        chooser.show()
    }

    /// The export's file chooser, not shown yet: the suggested file, and the formula choice
    /// as the preference has it.
    func makeExportChooser() -> FileChooserNative {
        let chooser = FileChooserNative(title: tr("Export Records"), parent: window,
                                        action: .save, acceptLabel: tr("_Export"))
        let suggested = suggestedExportFile
        chooser.setCurrentFolder(suggested.deletingLastPathComponent())
        chooser.currentName = suggested.lastPathComponent
        chooser.addChoice(id: "neutralize-formulas", label: Self.formulaChoiceLabel, isOn: neutralizesFormulas())
        return chooser
    }

    /// Writes the list as it is shown — searched and sorted — as CSV to `url`, readable by
    /// its owner only; fields a spreadsheet would run as formulas are written as text unless
    /// `neutralizingFormulas` is false.
    func export(to url: URL, neutralizingFormulas: Bool = true) {
        do {
            let rows = try list.currentRows()
            try CSVWriter(neutralizesFormulas: neutralizingFormulas).write(header: list.columnTitles, rows: rows, to: url)
            lastExportFolder = url.deletingLastPathComponent()
            toast.show(trn("Exported %d record to “{file}”", "Exported %d records to “{file}”", rows.count,
                           ["file": url.lastPathComponent]))
        } catch {
            report(error)
        }
    }
}
