internal import CGtk
import Foundation

/// The platform's file chooser (GtkFileChooserNative): the desktop portal's dialog where there
/// is one, else GTK's own file chooser dialog.
///
/// ```swift
/// let chooser = FileChooserNative(title: "Export Records", parent: window, action: GTK_FILE_CHOOSER_ACTION_SAVE,
///                                 acceptLabel: "_Export")
/// chooser.currentName = "records.csv"
/// chooser.onResponse { url in if let url { export(to: url) } }
/// chooser.show()
/// ```
@MainActor
public final class FileChooserNative: Object {
    /// A hidden chooser, modal for `parent`.
    public init(title: String, parent: Window?, action: FileChooserAction,
                acceptLabel: String? = nil, cancelLabel: String? = nil) {
        let chooser = gtk_file_chooser_native_new(title, parent?.window, action.cValue, acceptLabel, cancelLabel)
        super.init(adopting: UnsafeMutableRawPointer(chooser!))
        gtk_native_dialog_set_modal(dialog, 1)
    }

    private var dialog: UnsafeMutablePointer<GtkNativeDialog> { pf_native_dialog(raw) }
    private var chooser: OpaquePointer { pf_file_chooser(raw) }

    /// The file name suggested when saving.
    public var currentName: String {
        get { gtk_file_chooser_get_current_name(chooser).map { String(cString: $0) } ?? "" }
        set { gtk_file_chooser_set_current_name(chooser, newValue) }
    }

    /// Adds a check box to the chooser (e.g. an option of an export), on or off at first.
    public func addChoice(id: String, label: String, isOn: Bool) {
        gtk_file_chooser_add_choice(chooser, id, label, nil, nil)
        gtk_file_chooser_set_choice(chooser, id, isOn ? "true" : "false")
    }

    /// Whether the check box added as `id` is on.
    public func isChoiceOn(_ id: String) -> Bool {
        gtk_file_chooser_get_choice(chooser, id).map { String(cString: $0) == "true" } ?? false
    }

    /// Opens the chooser in `folder`.
    public func setCurrentFolder(_ folder: URL) {
        let file = g_file_new_for_path(folder.path)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        gtk_file_chooser_set_current_folder(chooser, file, nil)
    }

    /// The file chosen, once the chooser was accepted.
    public var file: URL? {
        guard let file = gtk_file_chooser_get_file(chooser) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        guard let path = g_file_get_path(file) else { return nil }
        defer { g_free(path) }
        return URL(fileURLWithPath: String(cString: path))
    }

    /// Shows the chooser; `onResponse` runs when it closes.
    public func show() { gtk_native_dialog_show(dialog) }

    /// Closes the chooser without an answer.
    public func hide() { gtk_native_dialog_hide(dialog) }

    /// Whether the chooser is showing.
    public var isVisible: Bool { gtk_native_dialog_get_visible(dialog) != 0 }

    /// Calls `handler` when the chooser closes: with the chosen file, or nil when cancelled.
    @discardableResult
    public func onResponse(_ handler: @escaping @MainActor (URL?) -> Void) -> SignalConnection {
        connectResponse { [weak self] response in
            handler(response == GTK_RESPONSE_ACCEPT.rawValue ? self?.file : nil)
        }
    }
}
