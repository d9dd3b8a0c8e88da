internal import CGtk

/// A libadwaita dialog (`AdwDialog`): modal, shown inside its parent's window when that is a
/// libadwaita window (a bottom sheet when the window is narrow), and as a window of its own
/// over any other. Escape closes it, unless `canClose` is false.
@MainActor
open class Dialog: Widget {
    /// Wraps a dialog just made.
    override init(widget pointer: UnsafeMutablePointer<GtkWidget>) {
        super.init(widget: pointer)
    }

    /// Shows the dialog over the window that `parent` is in (nil: a window of its own).
    public func present(over parent: Widget?) {
        adw_dialog_present(pf_adw_dialog(raw), parent?.widgetPointer)
        if let ownWindow {
            // A window of its own (its parent is not a libadwaita window): it closes with its
            // parent, as a dialog inside a libadwaita window goes with that window.
            ownWindow.destroysWithParent = true
        } else {
            // Inside its parent's window: that window comes to the front with the keyboard
            // focus, as a dialog window of its own did when presented.
            rootWindow?.present()
        }
    }

    /// The window libadwaita made for the dialog, when it is not shown inside its parent's.
    public var ownWindow: Window? {
        guard let window = rootWindow, window.child === self else { return nil }
        return window
    }

    /// Closes the dialog as Escape does; refused (`close-attempt`) while `canClose` is false.
    @discardableResult
    public func close() -> Bool { adw_dialog_close(pf_adw_dialog(raw)) != 0 }
}
