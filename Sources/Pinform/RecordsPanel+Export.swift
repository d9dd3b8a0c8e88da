import Controls
import Foundation
import Gtk
import Localization
import PinformCore
import Storage

/// Export: the list as shown, as CSV, through the file chooser.
extension RecordsPanel {
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
