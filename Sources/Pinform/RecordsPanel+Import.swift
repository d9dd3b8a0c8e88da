import Controls
import Foundation
import Gtk
import Localization
import PinformCore
import PinformModels
import Storage

extension RecordsPanel {
    /// Asks for a CSV file, then previews importing it (`ImportDialog`).
    func importRecords() {
        guard store != nil else {
            if let error = records.openError { report(error) }
            return
        }
        let dialog = FileDialog(title: tr("Import Records"), acceptLabel: tr("_Open"))
        dialog.initialFolder = suggestedExportFile.deletingLastPathComponent()
        dialog.filters = [FileDialog.Filter(name: tr("CSV Files"), patterns: ["*.csv", "*.CSV"]), .allFiles]
        dialog.open(over: window) { [weak self] outcome in
            guard let self, let url = outcome.chosen(reportingFailure: tr("Import Records"), over: window) else { return }
            previewImport(of: url)
        }
    }

    /// Reads `url` and shows what importing it does; a file that cannot be read as CSV says why.
    /// The file (up to 50 MB) is split into fields off the main thread: the window keeps
    /// answering meanwhile.
    func previewImport(of url: URL) {
        guard store != nil else { return }
        let reader = CSVReader(columnLimit: ImportMapping.maximumColumns)
        Task { @MainActor [weak self] in
            let read = await Task.detached {
                Result { () throws(CSVReadError) in try reader.table(contentsOf: url) }
            }.value
            self?.previewImport(of: url, read: read)
        }
    }

    /// Shows what importing the file `url`, read as `read`, does; a failed read says why.
    func previewImport(of url: URL, read: Result<CSVReader.Table, CSVReadError>) {
        guard let store else { return }
        let table: CSVReader.Table
        let keys: Set<String>
        switch read {
        case .success(let read):
            table = read
        case .failure(let error):
            let dialog = AlertDialog(parent: window, heading: tr("“{file}” Cannot Be Imported", ["file": url.lastPathComponent]),
                                       body: error.message)
            dialog.addResponse(DialogResponse.close, label: tr("Close"))
            dialog.setResponses(default: .close, close: .close)
            // The handler keeps the dialog's wrapper until GTK destroys it.
            dialog.onResponse { (_: String) in _ = dialog }
            dialog.present()
            return
        }
        do {
            keys = Set(try store.list(sortedBy: .id, ascending: true, search: nil, limit: nil, offset: 0).compactMap(\.model.duplicateKey))
        } catch {
            report(error)
            return
        }
        let dialog = ImportDialog<Model>(table: table, fileName: url.lastPathComponent, existingKeys: keys,
                                         parent: window, context: context) { [weak self] models in
            self?.insertImported(models)
        }
        dialog.present()
    }

    /// Saves the imported records in one transaction, with Undo in a toast (kept 20 s: an
    /// import is a large change to take back).
    func insertImported(_ models: [Model]) {
        guard !models.isEmpty, let store else { return }
        do {
            let ids = try store.insert(contentsOf: models)
            list.reload()
            toast.show(trn("Imported %d record", "Imported %d records", ids.count), actionLabel: tr("Undo"), seconds: 20) {
                [weak self] in self?.undoImport(ids)
            }
        } catch {
            report(error) { [weak self] in self?.insertImported(models) }
        }
    }

    /// Removes the records an import created, all together.
    private func undoImport(_ ids: [RecordID]) {
        guard let store else { return }
        do {
            let removed = try store.delete(ids: ids)
            list.reload()
            toast.show(trn("Import undone: %d record removed", "Import undone: %d records removed", removed))
        } catch {
            report(error) { [weak self] in self?.undoImport(ids) }
        }
    }
}
