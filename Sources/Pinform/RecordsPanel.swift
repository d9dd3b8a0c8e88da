import CGtk
import Controls
import Foundation
import Gtk
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
/// Undo of a delete saves the deleted values again as new records (with new identities):
/// a deletion is real at once, so that nothing depends on the toast's timer or on the
/// process living on.
@MainActor
final class RecordsPanel<Model: RecordModel>: RecordsPanelProtocol {
    let list: RecordList<Model>
    let deleteButton = Button(label: "Delete")
    let exportButton = Button(label: "Export…")
    let widget: Widget

    private let records: RecordsDatabase
    private let source: RecordStoreSource<Model>
    private unowned let window: Window
    private let banner: ErrorBanner
    private let toast: Toast
    private var chooser: FileChooserNative?
    /// Where the last export went, to suggest the same folder next time.
    private var lastExportFolder: URL?

    init(records: RecordsDatabase, window: Window, banner: ErrorBanner, toast: Toast) {
        self.records = records
        self.window = window
        self.banner = banner
        self.toast = toast
        source = RecordStoreSource(store: nil)
        list = RecordList(source: source, columns: Model.listColumns)

        let title = Label("Saved")
        title.addCSSClass("heading")
        title.xAlign = 0
        title.expandsHorizontally = true
        deleteButton.tooltip = "Delete the selected records (Delete)"
        deleteButton.isSensitive = false
        exportButton.tooltip = "Export the list as CSV (Ctrl+E)"
        let bar = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        bar.append(title)
        bar.append(deleteButton)
        bar.append(exportButton)

        let box = Box(GTK_ORIENTATION_VERTICAL, spacing: 6)
        box.setMargins(top: 0, bottom: 12, start: 12, end: 12)
        box.addCSSClass("records-panel")
        box.append(bar)
        list.widget.expandsVertically = true
        box.append(list.widget)
        box.expandsVertically = true
        widget = box

        list.onActivate = { [unowned self] id in edit(id) }
        list.onDeleteRequest = { [unowned self] ids in delete(ids) }
        list.onSelectionChanged = { [unowned self] in deleteButton.isSensitive = !list.selectedIDs.isEmpty }
        list.onError = { [unowned self] error in show(error) { [weak self] in self?.list.reload(refreshingAll: true) } }
        source.onSearchSucceeded = { [unowned self] in searchSucceeded() }
        deleteButton.onClicked { [unowned self] in delete(list.selectedIDs) }
        exportButton.onClicked { [unowned self] in export() }
        reconnect()
    }

    // MARK: Store

    func reconnect() {
        do {
            let store = try records.store(Model.self)
            source.store = store
            if let reason = records.readOnlyReason(for: store) {
                banner.show(reason.message(path: records.file.path))
            } else if banner.isShown, bannerOffersReconnect {
                banner.dismiss()
            }
            bannerOffersReconnect = false
            // Read the search text while the window is idle, not at the first keystroke.
            MainContext.idle { [weak self] in
                guard let self, let store = source.store else { return }
                try? store.prepareSearch()
            }
        } catch {
            source.store = nil
            show(error) { [weak self] in self?.reconnect() }
            bannerOffersReconnect = true
        }
        list.reload(refreshingAll: true)
    }

    private var store: RecordStore<Model>? { source.store }

    /// Whether the banner shows why the store could not be opened, with Retry.
    private var bannerOffersReconnect = false
    /// Whether the banner shows why a search cannot run.
    private var bannerIsAboutSearch = false

    /// Shows a database error in the window's banner: with Retry when another program only
    /// holds the file for now (`retry` runs the failed action again), with an offer to move
    /// the file aside when it cannot be used as it is, else the message alone.
    private func show(_ error: any Error, retry: (() -> Void)? = nil) {
        bannerOffersReconnect = false
        guard let error = error as? StoreError else {
            banner.show(String(describing: error))
            return
        }
        bannerIsAboutSearch = if case .searchTooLong = error { true } else { false }
        if error.offersRetry, let retry {
            banner.show(error.message, actionLabel: "Retry", isDestructive: false) { [weak self] in
                self?.banner.dismiss()
                retry()
            }
        } else if error.offersFreshStart, FileManager.default.fileExists(atPath: records.file.path) {
            banner.show(error.message + " You can move it aside — it is kept, not deleted — and start with an empty one.",
                        actionLabel: "Move Aside and Start Fresh") { [weak self] in self?.startFresh() }
        } else {
            banner.show(error.message)
        }
    }

    private func startFresh() {
        do {
            let moved = try records.moveAsideAndStartFresh()
            banner.dismiss()
            reconnect()
            if let moved { toast.show("The old records file was kept as “\(moved.lastPathComponent)”.", seconds: 8) }
        } catch {
            reconnect()
            show(error) { [weak self] in self?.startFresh() }
        }
    }

    /// A search ran: a message about an earlier search is no longer true.
    private func searchSucceeded() {
        guard bannerIsAboutSearch else { return }
        bannerIsAboutSearch = false
        banner.dismiss()
    }

    // MARK: Saving, editing, deleting

    /// Saves a value from the form as a new record and shows it selected.
    func insert(_ model: Model) {
        guard let store else {
            if let error = records.openError { show(error) { [weak self] in self?.reconnect() } }
            return
        }
        do {
            let id = try store.insert(model)
            list.reload()
            list.select(id: id.rawValue)
            deleteButton.isSensitive = true
        } catch {
            show(error) { [weak self] in self?.insert(model) }
        }
    }

    private func edit(_ id: Int64) {
        guard let store else { return }
        let record: Record<Model>?
        do {
            record = try store.record(id: RecordID(id))
        } catch {
            show(error)
            return
        }
        guard let record else {
            list.reload()
            return
        }
        let dialog = FormDialog(title: "Edit \(Model.title)", parent: window, form: Model.makeForm(), model: record.model) {
            [weak self] edited in
            guard let self, let edited else { return }
            save(edited, id: record.id, in: store)
        }
        dialog.present()
    }

    private func save(_ edited: Model, id: RecordID, in store: RecordStore<Model>) {
        do {
            try store.update(edited, id: id)
            list.reload()
            list.refresh(id: id.rawValue)
        } catch {
            show(error) { [weak self] in self?.save(edited, id: id, in: store) }
        }
    }

    private func delete(_ ids: [Int64]) {
        guard let store, !ids.isEmpty else { return }
        do {
            let deleted = try store.records(ids: ids.map(RecordID.init(rawValue:))).map(\.model)
            try store.delete(ids: ids.map(RecordID.init(rawValue:)))
            list.reload()
            deleteButton.isSensitive = !list.selectedIDs.isEmpty
            let message = deleted.count == 1 ? "Record deleted" : "\(deleted.count) records deleted"
            toast.show(message, actionLabel: "Undo") { [weak self] in self?.restore(deleted) }
        } catch {
            show(error) { [weak self] in self?.delete(ids) }
        }
    }

    private func restore(_ models: [Model]) {
        guard let store else { return }
        do {
            let ids = try store.insert(contentsOf: models)
            list.reload()
            if ids.count == 1 { list.select(id: ids[0].rawValue) }
        } catch {
            show(error) { [weak self] in self?.restore(models) }
        }
    }

    func focusSearch() {
        list.searchEntry.grabFocus()
    }

    // MARK: Exporting

    /// The export dialog's choice that keeps spreadsheets from running a field as a formula.
    static var formulaChoiceLabel: String { "Stop spreadsheets from running formulas" }

    func export() {
        let chooser = FileChooserNative(title: "Export Records", parent: window,
                                        action: GTK_FILE_CHOOSER_ACTION_SAVE, acceptLabel: "_Export")
        chooser.currentName = "records.csv"
        chooser.addChoice(id: "neutralize-formulas", label: Self.formulaChoiceLabel, isOn: true)
        if let lastExportFolder { chooser.setCurrentFolder(lastExportFolder) }
        chooser.onResponse { [weak self, unowned chooser] url in
            let neutralizes = chooser.isChoiceOn("neutralize-formulas")
            self?.chooser = nil
            if let url { self?.export(to: url, neutralizingFormulas: neutralizes) }
        }
        self.chooser = chooser
        chooser.show()
    }

    /// Writes the list as it is shown — searched and sorted — as CSV to `url`, readable by
    /// its owner only; fields a spreadsheet would run as formulas are written as text unless
    /// `neutralizingFormulas` is false.
    func export(to url: URL, neutralizingFormulas: Bool = true) {
        do {
            let rows = try list.currentRows()
            try CSVWriter(neutralizesFormulas: neutralizingFormulas).write(header: list.columnTitles, rows: rows, to: url)
            lastExportFolder = url.deletingLastPathComponent()
            let noun = rows.count == 1 ? "record" : "records"
            toast.show("Exported \(rows.count) \(noun) to “\(url.lastPathComponent)”")
        } catch let error as StoreError {
            banner.show(error.message)
        } catch {
            show(error)
        }
    }
}
