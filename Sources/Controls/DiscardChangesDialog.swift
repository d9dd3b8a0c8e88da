import CGtk
import Gtk

/// Asks before typed changes are dropped: "Discard changes?" with Keep Editing (the default,
/// also Escape) and Discard.
///
/// ```swift
/// DiscardChangesDialog.ask(over: window) { window.destroy() }
/// ```
@MainActor
public final class DiscardChangesDialog {
    /// The dialog's window.
    public let window = Window()
    /// Drops the changes.
    public let discardButton = Button(label: "Discard")
    /// Closes the dialog and goes back to the form.
    public let keepEditingButton = Button(label: "Keep Editing")

    private var onDiscard: (() -> Void)?
    private var keepAlive: DiscardChangesDialog?

    /// A hidden dialog over `parent`; `onDiscard` runs if the person chooses Discard.
    public init(parent: Window?, onDiscard: @escaping () -> Void) {
        self.onDiscard = onDiscard
        window.title = "Discard changes?"
        window.setTransient(for: parent)
        window.isModal = true
        window.isResizable = false
        window.destroysWithParent = true

        let heading = Label("Discard changes?")
        heading.addCSSClass("title-2")
        let body = Label("The changes you made will be lost.")
        body.wraps = true
        keepEditingButton.addCSSClass("suggested-action")
        discardButton.addCSSClass("destructive-action")
        let buttons = Box(.horizontal, spacing: 12)
        buttons.isHomogeneous = true
        buttons.append(keepEditingButton)
        buttons.append(discardButton)
        let column = Box(.vertical, spacing: 12)
        column.setMargins(24)
        column.append(heading)
        column.append(body)
        column.append(buttons)
        window.child = column
        window.setDefaultWidget(keepEditingButton)

        keepEditingButton.onClicked { [weak self] in self?.finish(discarding: false) }
        discardButton.onClicked { [weak self] in self?.finish(discarding: true) }
        let keys = KeyController()
        keys.onKeyPressed { [weak self] key, _, _ in
            guard key == UInt32(GDK_KEY_Escape) else { return false }
            self?.finish(discarding: false)
            return true
        }
        window.add(keys)
        window.onCloseRequest { [weak self] in
            self?.finish(discarding: false)
            return true
        }
    }

    /// Shows a dialog over `parent` and runs `onDiscard` if the person chooses Discard.
    @discardableResult
    public static func ask(over parent: Window?, onDiscard: @escaping () -> Void) -> DiscardChangesDialog {
        let dialog = DiscardChangesDialog(parent: parent, onDiscard: onDiscard)
        dialog.present()
        return dialog
    }

    /// Shows the dialog with Keep Editing focused; it stays alive until answered.
    public func present() {
        keepAlive = self
        window.present()
        _ = keepEditingButton.grabFocus()
    }

    private func finish(discarding: Bool) {
        let action = onDiscard
        onDiscard = nil
        // Unlinked now: the parent may be gone before this wrapper lets the window go.
        window.setTransient(for: nil)
        window.destroy()
        keepAlive = nil
        if discarding { action?() }
    }
}
