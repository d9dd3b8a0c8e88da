import Controls
import Gtk
import Localization

/// Offers back a form's draft left by a crash, a kill or Lock: libadwaita's alert dialog
/// ("Restore the unsaved invoice?") with Discard (destructive) and Restore (the default).
/// Closing it (Escape) decides nothing: the draft stays, and is offered again next time.
@MainActor
public final class RestoreDraftDialog {
    /// The dialog, named by its question for screen readers.
    public let dialog: AlertDialog
    private var keepAlive: RestoreDraftDialog?

    private static let restoreResponse = "restore"
    private static let discardResponse = "discard"
    private static let laterResponse = "later"

    /// A hidden dialog over `parent` asking `question`.
    public init(parent: Window?, question: String, onRestore: @escaping () -> Void, onDiscard: @escaping () -> Void) {
        dialog = AlertDialog(parent: parent, heading: question,
                               // Translators: under "Restore the unsaved invoice?" after a crash or Lock.
                               body: tr("What was typed was kept, encrypted with the records. Restore it to go on, or discard it."))
        dialog.addResponse(Self.discardResponse, label: tr("Discard"), appearance: .destructive)
        // Translators: puts an unsaved form's draft back.
        dialog.addResponse(Self.restoreResponse, label: tr("Restore"), appearance: .suggested)
        dialog.defaultResponse = Self.restoreResponse
        dialog.closeResponse = Self.laterResponse
        dialog.onResponse { [weak self] response in
            guard let self else { return }
            keepAlive = nil
            if response == Self.restoreResponse { onRestore() }
            if response == Self.discardResponse { onDiscard() }
        }
    }

    /// Shows the dialog; it stays alive until answered.
    public func present() {
        keepAlive = self
        dialog.present()
    }
}

extension DraftKeeper {
    /// Offers the stored draft back, if there is one, in a dialog over the window `parent`
    /// finds once the form is shown: Restore puts it in the form, Discard removes it.
    public func offerBack(over parent: @escaping @MainActor () -> Window?) {
        guard let stored = stored() else { return }
        MainContext.idle { [weak self] in
            guard let self else { return }
            RestoreDraftDialog(parent: parent(), question: Model.restoreDraftQuestion,
                               onRestore: { [weak self] in self?.restore(stored) },
                               onDiscard: { [weak self] in self?.discard() }).present()
        }
    }

    /// The draft stored under `key` in `context`'s records, if any.
    public static func stored(under key: String, in context: ModelContext) -> Stored? {
        guard let data = try? context.drafts?.draft(for: key) else { return nil }
        return try? JSONDecoder().decode(Stored.self, from: data)
    }
}
