import CGtk
import Gtk

/// A bar across the top of a window that says what went wrong and offers what can be done,
/// e.g. "The records file is damaged" with "Move Aside and Start Fresh". It stays until
/// dismissed or acted on; nothing happens without the person's click.
@MainActor
public final class ErrorBanner {
    /// The revealer that slides the banner in; place it at the top of the window.
    public let widget = Revealer(hidingWhenCollapsed: true)
    /// The action button; hidden when the banner offers no action.
    public let actionButton = Button(label: "")
    /// The button that hides the banner.
    public let closeButton = Button(iconName: "window-close-symbolic")

    private let label = Label()
    private let box: Box
    private var action: (() -> Void)?

    /// A hidden banner.
    public init() {
        box = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, role: GTK_ACCESSIBLE_ROLE_ALERT)
        box.addCSSClass("error-banner")
        box.setMargins(top: 6, bottom: 6, start: 12, end: 6)
        label.wraps = true
        label.xAlign = 0
        label.expandsHorizontally = true
        label.isSelectable = true
        label.addCSSClass("error")
        box.append(label)
        actionButton.addCSSClass("destructive-action")
        actionButton.onClicked { [weak self] in
            let action = self?.action
            action?()
        }
        box.append(actionButton)
        closeButton.hasFrame = false
        closeButton.setAccessibleLabel("Dismiss")
        closeButton.tooltip = "Dismiss"
        closeButton.onClicked { [weak self] in self?.dismiss() }
        box.append(closeButton)
        widget.child = box
        widget.transitionType = GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN
    }

    /// Shows `message`, with an action button when `actionLabel` and `action` are given.
    ///
    /// The action does not hide the banner: it shows its own outcome (another message, or
    /// `dismiss()` once it worked).
    public func show(_ message: String, actionLabel: String? = nil, action: (() -> Void)? = nil) {
        label.text = message
        self.action = action
        actionButton.label = actionLabel ?? ""
        actionButton.isVisible = actionLabel != nil && action != nil
        box.setAccessibleLabel(message)
        widget.reveal()
    }

    /// Hides the banner.
    public func dismiss() {
        action = nil
        widget.conceal()
    }

    /// Whether the banner is showing.
    public var isShown: Bool { widget.revealsChild }

    /// The message shown.
    public var message: String { label.text }
}
