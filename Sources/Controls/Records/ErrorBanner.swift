import CGtk
import Gtk

/// A bar across the top of a window that says what went wrong and offers what can be done,
/// e.g. "The records file is damaged" with "Move Aside and Start Fresh". It stays until
/// dismissed or acted on; nothing happens without the person's click.
@MainActor
public final class ErrorBanner {
    private var bar: NoticeBar!

    /// A hidden banner.
    public init() {
        bar = NoticeBar(role: GTK_ACCESSIBLE_ROLE_ALERT, actionLabel: "", transition: GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN,
                        onAction: { [weak self] in
                            let action = self?.bar.action
                            action?()
                        },
                        onDismiss: { [weak self] in self?.dismiss() })
        bar.box.addCSSClass("error-banner")
        bar.box.setMargins(top: 6, bottom: 6, start: 12, end: 6)
        bar.label.isSelectable = true
        bar.label.addCSSClass("error")
        bar.actionButton.addCSSClass("destructive-action")
    }

    /// The revealer that slides the banner in; place it at the top of the window.
    public var widget: Revealer { bar.widget }
    /// The action button; hidden when the banner offers no action.
    public var actionButton: Button { bar.actionButton }
    /// The button that hides the banner.
    public var closeButton: Button { bar.closeButton }

    /// Shows `message`, with an action button when `actionLabel` and `action` are given.
    ///
    /// The action does not hide the banner: it shows its own outcome (another message, or
    /// `dismiss()` once it worked).
    /// - Parameter isDestructive: whether the action is styled as one that changes things
    ///   for good (moving a file aside), or as a plain button (Retry).
    public func show(_ message: String, actionLabel: String? = nil, isDestructive: Bool = true,
                     action: (() -> Void)? = nil) {
        if isDestructive {
            bar.actionButton.addCSSClass("destructive-action")
        } else {
            bar.actionButton.removeCSSClass("destructive-action")
        }
        bar.present(message, actionLabel: actionLabel, action: action)
    }

    /// Hides the banner.
    public func dismiss() { bar.conceal() }

    /// Whether the banner is showing.
    public var isShown: Bool { bar.isShown }

    /// The message shown.
    public var message: String { bar.label.text }
}
