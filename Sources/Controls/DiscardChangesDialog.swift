import Gtk
import Localization

/// Asks before typed changes are dropped: libadwaita's alert dialog "Discard changes?" with
/// Cancel (the default, also Escape and closing the dialog) and Discard, shown as destructive.
///
/// ```swift
/// DiscardChangesDialog.ask(over: window) { window.destroy() }
/// ```
@MainActor
public final class DiscardChangesDialog {
    /// The dialog.
    public let dialog: AlertDialog

    private var onDiscard: (() -> Void)?
    private var keepAlive: DiscardChangesDialog?

    private static let cancelResponse = "cancel"
    private static let discardResponse = "discard"

    /// A hidden dialog over `parent`; `onDiscard` runs if the person chooses Discard.
    public init(parent: Window?, onDiscard: @escaping () -> Void) {
        self.onDiscard = onDiscard
        dialog = AlertDialog(parent: parent, heading: tr("Discard changes?"), body: tr("The changes you made will be lost."))
        dialog.addResponse(Self.cancelResponse, label: tr("Cancel"))
        dialog.addResponse(Self.discardResponse, label: tr("Discard"), appearance: .destructive)
        dialog.defaultResponse = Self.cancelResponse
        dialog.closeResponse = Self.cancelResponse
        dialog.onResponse { [weak self] response in self?.finish(discarding: response == Self.discardResponse) }
    }

    /// Shows a dialog over `parent` and runs `onDiscard` if the person chooses Discard.
    @discardableResult
    public static func ask(over parent: Window?, onDiscard: @escaping () -> Void) -> DiscardChangesDialog {
        let dialog = DiscardChangesDialog(parent: parent, onDiscard: onDiscard)
        dialog.present()
        return dialog
    }

    /// Shows the dialog with Cancel focused; it stays alive until answered.
    public func present() {
        keepAlive = self
        dialog.present()
        _ = cancelButton.grabFocus()
    }

    /// The Discard button (the one libadwaita made for the response).
    public var discardButton: Button { button(labelled: tr("Discard")) }

    /// The Cancel button, which goes back to the form.
    public var cancelButton: Button { button(labelled: tr("Cancel")) }

    /// The Cancel button (named for the label it had before libadwaita).
    public var keepEditingButton: Button { cancelButton }

    private func finish(discarding: Bool) {
        let action = onDiscard
        onDiscard = nil
        keepAlive = nil
        if discarding { action?() }
    }

    /// A response's button: libadwaita makes one as each response is added.
    private func button(labelled label: String) -> Button {
        guard let button = dialog.responseButton(labelled: label) else {
            preconditionFailure("AdwAlertDialog made no button for the response “\(label)”")
        }
        return button
    }
}
