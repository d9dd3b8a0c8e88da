import Controls
import Foundation
import Gtk
import Localization
import PinformCore
import Storage

/// Export: the list as shown, as CSV, through the file dialog.
extension RecordsPanel {
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

    /// Asks where to export, then exports; formulas are kept from running as Preferences
    /// says (“Protect exported spreadsheets”: GTK's file dialog has no check boxes of its own).
    func export() {
        let dialog = makeExportDialog()
        dialog.save(over: window) { [weak self] outcome in
            guard let self, let url = outcome.chosen(reportingFailure: tr("Export Records"), over: window) else { return }
            export(to: url, neutralizingFormulas: neutralizesFormulas())
        }
    }

    /// The export's file dialog, not shown yet: the suggested file in the suggested folder.
    func makeExportDialog() -> FileDialog {
        let dialog = FileDialog(title: tr("Export Records"), acceptLabel: tr("_Export"))
        let suggested = suggestedExportFile
        dialog.initialFolder = suggested.deletingLastPathComponent()
        dialog.initialName = suggested.lastPathComponent
        return dialog
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
