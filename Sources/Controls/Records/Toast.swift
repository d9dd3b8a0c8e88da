import Gtk
import Localization

/// A short in-window notification with an optional action, e.g. "Record deleted" with Undo,
/// that hides itself after a few seconds: libadwaita's toast (`AdwToastOverlay`), announced
/// politely to screen reader users as it shows.
///
/// `widget` is the overlay: give it the window's content as `child`, and the toasts float over
/// the bottom of it.
///
/// ```swift
/// toast.widget.child = content
/// toast.show("Record deleted", actionLabel: "Undo") { restore(deleted) }
/// ```
@MainActor
public final class Toast {
    /// The overlay the toasts show in; its `child` is what they float over.
    public let widget = ToastOverlay()

    private var current: ToastOverlay.Toast?
    private var action: (() -> Void)?
    private var timer: UInt32 = 0

    /// A toast showing nothing yet.
    public init() {}

    /// Shows `message`, replacing any toast showing, and hides it after `seconds`.
    ///
    /// - Parameters:
    ///   - actionLabel: the action button's text, e.g. "Undo"; nil shows no action.
    ///   - action: runs once when the action button is clicked, which also hides the toast.
    public func show(_ message: String, actionLabel: String? = nil, seconds: Double = 5, action: (() -> Void)? = nil) {
        dismiss()
        // libadwaita 1.2 counts whole seconds: the toast stays until the timer below hides it.
        let toast = ToastOverlay.Toast(message, timeout: 0)
        if let actionLabel, action != nil { toast.buttonLabel = actionLabel }
        // Weak: libadwaita reports the dismissal after the button's action, when this toast
        // may already be forgotten (and its wrapper gone).
        toast.onButtonClicked { [weak self, weak toast] in
            guard let self, let toast, current === toast else { return }
            performAction()
        }
        toast.onDismissed { [weak self, weak toast] in
            guard let self, let toast, current === toast else { return }
            forget()
        }
        current = toast
        self.action = action
        widget.add(toast)
        widget.nameButtonsByTheirLabels()
        timer = MainContext.timeout(milliseconds: UInt32(max(0, seconds) * 1000)) { [weak self] in
            self?.timer = 0
            self?.dismiss()
            return false
        }
        // From the window: libadwaita 1.7's own announcement of a toast is not heard on the bus
        // (ToastTests hears none without this one).
        Announcer.of(windowContaining: widget)?.announce(message, .polite)
    }

    /// Hides the toast; its action can no longer run.
    public func dismiss() {
        guard let toast = current else { return }
        forget()
        toast.dismiss()
    }

    /// Whether a toast is showing.
    public var isShown: Bool { current != nil }

    /// The message showing ("" when none).
    public var message: String { current?.title ?? "" }

    /// The action button's label of the toast showing (nil: none, or no action).
    public var actionLabel: String? { current?.buttonLabel }

    /// Runs the action of the toast showing (Ctrl+Z for "Undo"), as its button would.
    /// - Returns: Whether a toast with an action was showing.
    @discardableResult
    public func performAction() -> Bool {
        guard isShown, let action else { return false }
        dismiss()
        action()
        return true
    }

    private func forget() {
        MainContext.remove(source: timer)
        timer = 0
        current = nil
        action = nil
    }
}
