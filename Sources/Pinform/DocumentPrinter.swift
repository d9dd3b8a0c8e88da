import Foundation
import Gtk
import Localization
import PinformCore
import PinformModels

/// Prints a `PrintedDocument` through GTK's print dialog — whose "Print to File" saves a PDF —
/// or writes it as a PDF directly, laid out for the paper of the user's locale (A4, or Letter
/// in the United States and Canada) or whichever the dialog chooses.
///
/// ```swift
/// DocumentPrinter(invoice.printout).runDialog(parent: window) { result in … }
/// try DocumentPrinter(invoice.printout).export(to: url, paper: .letter)
/// ```
@MainActor
final class DocumentPrinter {
    /// What is printed.
    let document: PrintedDocument
    /// The pages as last laid out.
    private(set) var pages: [[PageLayout.Mark]] = []

    /// A printer of `document`.
    init(_ document: PrintedDocument) {
        self.document = document
    }

    /// A print job that lays the document out once the paper is known and draws its pages.
    func makeOperation(paper: PaperSize = .localeDefault) -> PrintOperation {
        let operation = PrintOperation(jobName: document.title, paper: paper)
        operation.onBeginPrint { [self] canvas in
            pages = PageLayout(document, on: canvas).pages
            return pages.count
        }
        operation.onDrawPage { [self] canvas, index in
            guard index < pages.count else { return }
            PageLayout.draw(pages[index], on: canvas)
        }
        return operation
    }

    /// Shows the print dialog over `parent`; `completion` gets how it ended.
    func runDialog(parent: Window?, completion: @escaping @MainActor (PrintOperation.Result) -> Void = { _ in }) {
        makeOperation().runDialog(parent: parent, completion: completion)
    }

    /// Writes the document as a PDF at `url`, laid out for `paper`.
    func export(to url: URL, paper: PaperSize = .localeDefault) throws(PrintOperation.ExportError) {
        try makeOperation(paper: paper).export(to: url)
    }
}
