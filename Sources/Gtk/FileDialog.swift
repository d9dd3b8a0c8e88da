internal import CGtk
import Foundation

/// The platform's file dialog (`GtkFileDialog`, GTK 4.10+): the desktop portal's chooser where
/// there is one, else GTK's own file chooser dialog; modal for the window it is shown over.
///
/// ```swift
/// let dialog = FileDialog(title: "Export Records", acceptLabel: "_Export")
/// dialog.initialName = "records.csv"
/// dialog.save(over: window) { outcome in
///     if case .chosen(let url) = outcome { export(to: url) }
/// }
/// ```
///
/// GTK keeps the dialog alive while it shows: the wrapper need not be kept for the answer to
/// come. Only `cancel()` needs it.
@MainActor
public final class FileDialog: Object {
    /// How a file dialog ended.
    public enum Outcome: Sendable, Equatable {
        /// The person chose this file or folder.
        case chosen(URL)
        /// The person closed the dialog without choosing (or `cancel()` closed it): not an error.
        case dismissed
        /// The dialog could not be shown or could not give an answer (the portal failed, the
        /// file has no local path, …).
        case failed(FileDialogError)
    }

    /// Files a dialog offers to choose from, by name patterns (`*.csv`).
    public struct Filter: Sendable, Equatable {
        /// What the person reads in the dialog's list of filters ("CSV Files").
        public var name: String
        public var patterns: [String]

        public init(name: String, patterns: [String]) {
            self.name = name
            self.patterns = patterns
        }
    }

    /// Closes the dialog showing now (`cancel()`); made afresh for each showing.
    private var cancellable: UnsafeMutablePointer<GCancellable>?

    /// A dialog not shown yet.
    /// - Parameter acceptLabel: the accept button's label (with a mnemonic: "_Export"); nil for
    ///   GTK's ("Open", "Save", "Select").
    public init(title: String, acceptLabel: String? = nil) {
        super.init(adopting: UnsafeMutableRawPointer(gtk_file_dialog_new()!))
        gtk_file_dialog_set_title(dialog, title)
        gtk_file_dialog_set_modal(dialog, 1)
        if let acceptLabel { gtk_file_dialog_set_accept_label(dialog, acceptLabel) }
    }

    isolated deinit {
        if let cancellable { g_object_unref(UnsafeMutableRawPointer(cancellable)) }
    }

    private var dialog: OpaquePointer { OpaquePointer(raw) }

    /// The file name suggested when saving.
    public var initialName: String? {
        get { gtk_file_dialog_get_initial_name(dialog).map { String(cString: $0) } }
        set { gtk_file_dialog_set_initial_name(dialog, newValue) }
    }

    /// The folder the dialog opens in (nil: the dialog's own choice, often the recent files).
    public var initialFolder: URL? {
        get {
            guard let file = gtk_file_dialog_get_initial_folder(dialog), let path = g_file_get_path(file) else {
                return nil
            }
            return URL(fileURLWithPath: Object.takeString(path), isDirectory: true)
        }
        set {
            guard let newValue else {
                gtk_file_dialog_set_initial_folder(dialog, nil)
                return
            }
            let file = g_file_new_for_path(newValue.path)
            defer { g_object_unref(UnsafeMutableRawPointer(file)) }
            gtk_file_dialog_set_initial_folder(dialog, file)
        }
    }

    /// The filters offered, the first chosen at first; empty (the default): every file shows.
    public var filters: [Filter] = [] {
        didSet {
            guard !filters.isEmpty else {
                gtk_file_dialog_set_filters(dialog, nil)
                return
            }
            let store = g_list_store_new(gtk_file_filter_get_type())!
            defer { g_object_unref(UnsafeMutableRawPointer(store)) }
            for filter in filters {
                let made = gtk_file_filter_new()!
                gtk_file_filter_set_name(made, filter.name)
                for pattern in filter.patterns { gtk_file_filter_add_pattern(made, pattern) }
                g_list_store_append(store, UnsafeMutableRawPointer(made))
                g_object_unref(UnsafeMutableRawPointer(made))
            }
            gtk_file_dialog_set_filters(dialog, pf_list_model(UnsafeMutableRawPointer(store)))
        }
    }

    /// The filters GTK holds, as names: what `filters` gave it.
    public var filterNames: [String] {
        guard let model = gtk_file_dialog_get_filters(dialog) else { return [] }
        return (0..<g_list_model_get_n_items(model)).compactMap { index in
            guard let item = g_list_model_get_item(model, index) else { return nil }
            defer { g_object_unref(item) }
            return gtk_file_filter_get_name(OpaquePointer(item)).map { String(cString: $0) }
        }
    }

    /// What a dialog's answer is handed to, on the main thread.
    public typealias Completion = @MainActor (Outcome) -> Void

    /// The C function that finishes one kind of showing (`gtk_file_dialog_open_finish`, …).
    private typealias Finish = (OpaquePointer?, OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?)
        -> OpaquePointer?

    /// Asks for an existing file; `completion` gets it.
    public func open(over parent: Window?, completion: @escaping Completion) {
        let box = ClosureBox<Completion>(completion)
        gtk_file_dialog_open(dialog, parent.map { pf_window($0.raw) }, newCancellable(), { source, result, data in
            FileDialog.finish(source, result, data, gtk_file_dialog_open_finish)
        }, box.retainedPointer())
    }

    /// Asks where to save a file (the dialog asks before replacing one); `completion` gets it.
    public func save(over parent: Window?, completion: @escaping Completion) {
        let box = ClosureBox<Completion>(completion)
        gtk_file_dialog_save(dialog, parent.map { pf_window($0.raw) }, newCancellable(), { source, result, data in
            FileDialog.finish(source, result, data, gtk_file_dialog_save_finish)
        }, box.retainedPointer())
    }

    /// Asks for a folder; `completion` gets it.
    public func selectFolder(over parent: Window?, completion: @escaping Completion) {
        let box = ClosureBox<Completion>(completion)
        gtk_file_dialog_select_folder(dialog, parent.map { pf_window($0.raw) }, newCancellable(), { source, result, data in
            FileDialog.finish(source, result, data, gtk_file_dialog_select_folder_finish)
        }, box.retainedPointer())
    }

    /// Closes the dialog showing now, if any; its completion gets `.dismissed`.
    public func cancel() {
        if let cancellable { g_cancellable_cancel(cancellable) }
    }

    private func newCancellable() -> UnsafeMutablePointer<GCancellable> {
        if let cancellable { g_object_unref(UnsafeMutableRawPointer(cancellable)) }
        let made = g_cancellable_new()!
        cancellable = made
        return made
    }

    /// The `GAsyncReadyCallback` of every showing: finishes it and hands the outcome to the
    /// completion boxed in `data` (GTK calls back on the main thread, once).
    private nonisolated static func finish(_ source: UnsafeMutablePointer<GObject>?, _ result: OpaquePointer?,
                                           _ data: gpointer?, _ finish: Finish) {
        let box = Unmanaged<ClosureBox<Completion>>.fromOpaque(data!).takeRetainedValue()
        var error: UnsafeMutablePointer<GError>?
        let file = finish(OpaquePointer(source), result, &error)
        let outcome: Outcome
        if let file {
            defer { g_object_unref(UnsafeMutableRawPointer(file)) }
            if let path = g_file_get_path(file) {
                outcome = .chosen(URL(fileURLWithPath: ownedString(path)))
            } else {
                outcome = .failed(.notLocal(uri: g_file_get_uri(file).map(ownedString) ?? ""))
            }
        } else if let error {
            outcome = isDismissal(error.pointee) ? .dismissed : .failed(.gtk(message: String(cString: error.pointee.message)))
            g_error_free(error)
        } else {
            outcome = .dismissed
        }
        MainActor.assumeIsolated { box.body(outcome) }
    }

    /// Whether an error only says the dialog closed without an answer: dismissed by the person,
    /// cancelled through the cancellable, or cancelled as an I/O operation (the portal).
    private nonisolated static func isDismissal(_ error: GError) -> Bool {
        if error.domain == gtk_dialog_error_quark() {
            return error.code == Int32(GTK_DIALOG_ERROR_DISMISSED.rawValue)
                || error.code == Int32(GTK_DIALOG_ERROR_CANCELLED.rawValue)
        }
        return error.domain == g_io_error_quark() && error.code == Int32(G_IO_ERROR_CANCELLED.rawValue)
    }

    /// A string GLib handed over, copied and freed (off the main actor, for `finish`).
    private nonisolated static func ownedString(_ string: UnsafeMutablePointer<CChar>) -> String {
        defer { g_free(string) }
        return String(cString: string)
    }
}

/// Why a file dialog gave no file (the app words it for the person).
public enum FileDialogError: Error, Sendable, Equatable {
    /// GTK's (or the portal's) own message, already in the person's language.
    case gtk(message: String)
    /// The file chosen is not on this computer: a network location without a local path.
    case notLocal(uri: String)
}
