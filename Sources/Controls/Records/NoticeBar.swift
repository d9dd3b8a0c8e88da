import CGtk
import Gtk

/// What a toast and an error banner share: a message, an optional action button and a dismiss
/// button in a bar that slides in and out of a revealer.
@MainActor
final class NoticeBar {
    let widget = Revealer(hidingWhenCollapsed: true)
    let actionButton: Button
    let closeButton = Button(iconName: "window-close-symbolic")
    let label = Label()
    let box: Box
    /// What the action button does; nil hides it.
    var action: (() -> Void)?

    /// - Parameters:
    ///   - role: `ALERT` for errors, `STATUS` for passing notices.
    ///   - onAction: called when the action button is clicked.
    ///   - onDismiss: called when the dismiss button is clicked.
    init(role: GtkAccessibleRole, actionLabel: String, transition: GtkRevealerTransitionType,
         onAction: @escaping @MainActor () -> Void, onDismiss: @escaping @MainActor () -> Void) {
        actionButton = Button(label: actionLabel)
        box = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, role: role)
        label.wraps = true
        label.xAlign = 0
        label.expandsHorizontally = true
        box.append(label)
        actionButton.onClicked(onAction)
        box.append(actionButton)
        closeButton.hasFrame = false
        closeButton.setAccessibleLabel("Dismiss")
        closeButton.tooltip = "Dismiss"
        closeButton.onClicked(onDismiss)
        box.append(closeButton)
        widget.child = box
        widget.transitionType = transition
    }

    /// Shows `message`, with the action button when both `actionLabel` and `action` are given.
    func present(_ message: String, actionLabel: String?, action: (() -> Void)?) {
        label.text = message
        self.action = action
        actionButton.label = actionLabel ?? ""
        actionButton.isVisible = actionLabel != nil && action != nil
        box.setAccessibleLabel(message)
        widget.reveal()
    }

    /// Hides the bar and forgets its action.
    func conceal() {
        action = nil
        widget.conceal()
    }

    var isShown: Bool { widget.revealsChild }
}
