internal import CGtk
import Foundation

/// A print job (`GtkPrintOperation`): GTK's print dialog — whose "Print to File" saves a PDF —
/// or a PDF written straight to a file. The pages are counted once the paper is known
/// (`onBeginPrint`, which returns how many) and drawn one by one (`onDrawPage`).
///
/// ```swift
/// let operation = PrintOperation(jobName: "Invoice 2026-017", paper: .localeDefault)
/// operation.onBeginPrint { canvas in pages = layout(on: canvas); return pages.count }
/// operation.onDrawPage { canvas, index in draw(pages[index], on: canvas) }
/// operation.runDialog(parent: window) { result in … }
/// try operation.export(to: URL(fileURLWithPath: "/tmp/invoice.pdf"))
/// ```
@MainActor
public final class PrintOperation: Object {
    /// How a print job ended.
    public enum Result: Sendable, Equatable {
        /// The pages went to the printer or the file.
        case printed
        /// The person closed the dialog.
        case cancelled
        /// Printing failed; GTK's words.
        case failed(String)
    }

    /// Why a PDF could not be written.
    public struct ExportError: Error, Equatable, Sendable {
        /// GTK's (or cairo's) words.
        public let reason: String
    }

    /// The jobs whose dialog is open: each is kept until GTK says it is done.
    private static var running: [ObjectIdentifier: PrintOperation] = [:]

    private var operation: UnsafeMutablePointer<GtkPrintOperation> { raw.assumingMemoryBound(to: GtkPrintOperation.self) }

    /// A job named `jobName` (the printer's queue and the PDF's title show it), laid out for
    /// `paper` with GTK's default margins, measured in points.
    public init(jobName: String, paper: PaperSize = .localeDefault) {
        super.init(adopting: UnsafeMutableRawPointer(gtk_print_operation_new()))
        gtk_print_operation_set_job_name(operation, jobName)
        gtk_print_operation_set_unit(operation, GTK_UNIT_POINTS)
        gtk_print_operation_set_embed_page_setup(operation, 1)
        self.paper = paper
        applyPaper()
    }

    /// The paper the pages are laid out for; the print dialog may change it.
    public var paper: PaperSize = .a4 {
        didSet { applyPaper() }
    }

    private func applyPaper() {
        let setup = gtk_page_setup_new()
        let size = gtk_paper_size_new(paper.gtkName)
        gtk_page_setup_set_paper_size_and_default_margins(setup, size)
        gtk_paper_size_free(size)
        gtk_print_operation_set_default_page_setup(operation, setup)
        g_object_unref(UnsafeMutableRawPointer(setup))
    }

    /// Calls `handler` once the paper is known, before the first page: it lays the pages out
    /// on the canvas (measuring text) and returns how many there are.
    @discardableResult
    public func onBeginPrint(_ handler: @escaping @MainActor (PrintCanvas) -> Int) -> SignalConnection {
        typealias Handler = @MainActor (PrintCanvas) -> Int
        let trampoline: @convention(c) (UnsafeMutablePointer<GtkPrintOperation>?, OpaquePointer?, gpointer?) -> Void = {
            operation, context, data in
            let box = ClosureBox<Handler>.from(data)
            MainActor.assumeIsolated {
                let pages = box.body(PrintCanvas(context!))
                gtk_print_operation_set_n_pages(operation, Int32(max(pages, 1)))
            }
        }
        return connectTrampoline("begin-print", handler: trampoline, body: handler as Handler)
    }

    /// Calls `handler` for each page, with its index from 0.
    @discardableResult
    public func onDrawPage(_ handler: @escaping @MainActor (PrintCanvas, Int) -> Void) -> SignalConnection {
        typealias Handler = @MainActor (PrintCanvas, Int) -> Void
        let trampoline: @convention(c) (UnsafeMutablePointer<GtkPrintOperation>?, OpaquePointer?, Int32, gpointer?) -> Void = {
            _, context, page, data in
            let box = ClosureBox<Handler>.from(data)
            MainActor.assumeIsolated { box.body(PrintCanvas(context!), Int(page)) }
        }
        return connectTrampoline("draw-page", handler: trampoline, body: handler as Handler)
    }

    /// Shows GTK's print dialog over `parent` (printers, and "Print to File" for a PDF) and
    /// prints what is chosen; `completion` gets how it ended. The job keeps itself until then.
    public func runDialog(parent: Window?, completion: @escaping @MainActor (Result) -> Void) {
        typealias Handler = @MainActor (Result) -> Void
        let trampoline: @convention(c) (UnsafeMutablePointer<GtkPrintOperation>?, GtkPrintOperationResult, gpointer?) -> Void = {
            operation, result, data in
            let box = ClosureBox<Handler>.from(data)
            MainActor.assumeIsolated {
                box.body(PrintOperation.result(of: operation, result))
            }
        }
        let id = ObjectIdentifier(self)
        _ = connectTrampoline("done", handler: trampoline, body: { result in
            completion(result)
            PrintOperation.running[id] = nil
        } as Handler)
        PrintOperation.running[id] = self
        gtk_print_operation_set_allow_async(operation, 1)
        var error: UnsafeMutablePointer<GError>?
        let result = gtk_print_operation_run(operation, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, parent?.window, &error)
        if result == GTK_PRINT_OPERATION_RESULT_ERROR || error != nil {
            let message = error.map { String(cString: $0.pointee.message) } ?? "GTK could not print"
            g_clear_error(&error)
            PrintOperation.running[id] = nil
            completion(.failed(message))
        }
    }

    /// Writes the pages as a PDF at `url` without any dialog: what "Print to File" writes.
    public func export(to url: URL) throws(ExportError) {
        gtk_print_operation_set_export_filename(operation, url.path)
        var error: UnsafeMutablePointer<GError>?
        let result = gtk_print_operation_run(operation, GTK_PRINT_OPERATION_ACTION_EXPORT, nil, &error)
        if result == GTK_PRINT_OPERATION_RESULT_ERROR || error != nil {
            let message = error.map { String(cString: $0.pointee.message) } ?? "GTK could not write the PDF"
            g_clear_error(&error)
            throw ExportError(reason: message)
        }
    }

    private static func result(of operation: UnsafeMutablePointer<GtkPrintOperation>?, _ result: GtkPrintOperationResult) -> Result {
        switch result {
        case GTK_PRINT_OPERATION_RESULT_APPLY: return .printed
        case GTK_PRINT_OPERATION_RESULT_CANCEL: return .cancelled
        default:
            var error: UnsafeMutablePointer<GError>?
            gtk_print_operation_get_error(operation, &error)
            let message = error.map { String(cString: $0.pointee.message) } ?? "GTK could not print"
            g_clear_error(&error)
            return .failed(message)
        }
    }
}
