import Foundation
import Gtk
import Localization
import PinformCore
import Storage

/// The recovery key on one page, with what it is for and how to keep it: printed through GTK's
/// print dialog ("Print to File" saves a PDF), for the Print button of the recovery key dialog.
@MainActor
enum RecoveryKeyPrinter {
    /// The page: a title, the date, the key in its groups, and a short explanation.
    static func document(for key: SecretBytes, date: Date = Date()) -> PrintedDocument {
        let text = String(decoding: key.withBytes { Array($0) }, as: UTF8.self)
        let groups = text.split(separator: "-")
        let half = (groups.count + 1) / 2
        let lines = groups[..<half].joined(separator: "-") + "\n" + groups[half...].joined(separator: "-")
        let day = date.formatted(date: .long, time: .omitted)
        return PrintedDocument(title: tr("Pinform Recovery Key"), subtitle: tr("Made on {date}", ["date": day]), blocks: [
            .key(lines),
            .paragraph(tr("If you forget your PIN, this key is the only way to open your Pinform records. Choose “Use Recovery Key” under the PIN keypad and type it, with or without the dashes.")),
            .paragraph(tr("Keep this page somewhere safe and away from the computer, such as with your important papers. Anyone who has it and this computer can open your records. If you make a new recovery key, this one stops working: destroy this page then.")),
            .paragraph(tr("A PDF of this page holds the key as text: keep the file off this computer, or delete it once it is printed.")),
        ])
    }

    /// Shows the print dialog for the key over `parent`; `completion` gets how it ended.
    static func printRecoveryKey(_ key: SecretBytes, parent: Window?,
                                 completion: @escaping @MainActor (PrintOperation.Result) -> Void = { _ in }) {
        DocumentPrinter(document(for: key)).runDialog(parent: parent, completion: completion)
    }
}
