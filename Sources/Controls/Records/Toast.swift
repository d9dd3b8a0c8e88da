import CGtk
import Gtk

/// A short in-window notification with an optional action, e.g. "Record deleted" with Undo,
/// that hides itself after a few seconds — GTK 4.8 without libadwaita has no toast.
///
/// Place `widget` at the bottom of the window, over or below the content.
///
/// ```swift
/// toast.show("Record deleted", actionLabel: "Undo") { restore(deleted) }
/// ```
@MainActor
public final class Toast {
    private var bar: NoticeBar!
    private var timer: guint = 0

    /// A hidden toast.
    public init() {
        bar = NoticeBar(role: GTK_ACCESSIBLE_ROLE_STATUS, actionLabel: "Undo", transition: GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP,
                        onAction: { [weak self] in self?.performAction() },
                        onDismiss: { [weak self] in self?.dismiss() })
        bar.box.addCSSClass("app-notification")
        bar.box.addCSSClass("toast")
        bar.widget.horizontalAlignment = GTK_ALIGN_CENTER
        bar.widget.verticalAlignment = GTK_ALIGN_END
    }

    /// The revealer that slides the notification in; place it in the window.
    public var widget: Revealer { bar.widget }
    /// The action button ("Undo"); hidden when the toast has no action.
    public var actionButton: Button { bar.actionButton }
    /// The button that hides the toast at once.
    public var closeButton: Button { bar.closeButton }

    /// Shows `message`, replacing any toast showing, and hides it after `seconds`.
    ///
    /// - Parameters:
    ///   - actionLabel: the action button's text, e.g. "Undo"; nil shows no action.
    ///   - action: runs once when the action button is clicked, which also hides the toast.
    public func show(_ message: String, actionLabel: String? = nil, seconds: Double = 5, action: (() -> Void)? = nil) {
        MainContext.remove(source: timer)
        bar.present(message, actionLabel: actionLabel, action: action)
        timer = MainContext.timeout(milliseconds: UInt32(max(0, seconds) * 1000)) { [weak self] in
            self?.timer = 0
            self?.dismiss()
            return false
        }
    }

    /// Hides the toast; its action can no longer run.
    public func dismiss() {
        MainContext.remove(source: timer)
        timer = 0
        bar.conceal()
    }

    /// Whether the toast is showing (or sliding in).
    public var isShown: Bool { bar.isShown }

    /// The message shown.
    public var message: String { bar.label.text }

    /// Runs the action of the toast showing (Ctrl+Z for "Undo"), as its button would.
    /// - Returns: Whether a toast with an action was showing.
    @discardableResult
    public func performAction() -> Bool {
        guard isShown, let action = bar.action else { return false }
        dismiss()
        action()
        return true
    }
}
