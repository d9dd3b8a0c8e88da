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
    /// The revealer that slides the notification in; place it in the window.
    public let widget = Revealer(hidingWhenCollapsed: true)
    /// The action button ("Undo"); hidden when the toast has no action.
    public let actionButton = Button(label: "Undo")
    /// The button that hides the toast at once.
    public let closeButton = Button(iconName: "window-close-symbolic")

    private let label = Label()
    private let box: Box
    private var action: (() -> Void)?
    private var timer: guint = 0

    /// A hidden toast.
    public init() {
        box = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, role: GTK_ACCESSIBLE_ROLE_STATUS)
        box.addCSSClass("app-notification")
        box.addCSSClass("toast")
        label.wraps = true
        label.xAlign = 0
        label.expandsHorizontally = true
        box.append(label)
        actionButton.onClicked { [weak self] in self?.performAction() }
        box.append(actionButton)
        closeButton.hasFrame = false
        closeButton.setAccessibleLabel("Dismiss")
        closeButton.tooltip = "Dismiss"
        closeButton.onClicked { [weak self] in self?.dismiss() }
        box.append(closeButton)
        widget.child = box
        widget.transitionType = GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP
        widget.horizontalAlignment = GTK_ALIGN_CENTER
        widget.verticalAlignment = GTK_ALIGN_END
    }

    /// Shows `message`, replacing any toast showing, and hides it after `seconds`.
    ///
    /// - Parameters:
    ///   - actionLabel: the action button's text, e.g. "Undo"; nil shows no action.
    ///   - action: runs once when the action button is clicked, which also hides the toast.
    public func show(_ message: String, actionLabel: String? = nil, seconds: Double = 5, action: (() -> Void)? = nil) {
        MainContext.remove(source: timer)
        label.text = message
        self.action = action
        actionButton.label = actionLabel ?? ""
        actionButton.isVisible = actionLabel != nil && action != nil
        box.setAccessibleLabel(message)
        widget.reveal()
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
        action = nil
        widget.conceal()
    }

    /// Whether the toast is showing (or sliding in).
    public var isShown: Bool { widget.revealsChild }

    /// The message shown.
    public var message: String { label.text }

    /// Runs the action of the toast showing (Ctrl+Z for "Undo"), as its button would.
    /// - Returns: Whether a toast with an action was showing.
    @discardableResult
    public func performAction() -> Bool {
        guard isShown, let action = self.action else { return false }
        dismiss()
        action()
        return true
    }
}
