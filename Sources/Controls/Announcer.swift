import Gtk

/// Says a short message to screen reader users when something happens: a new step, an error,
/// a count.
///
/// GTK 4.8 has no `gtk_accessible_announce`, and Orca 43 ignores text changes of labels; what it
/// does speak at once is a change of the accessible description of the object that has the
/// focus (its `onDescriptionChanged`). So an announcement is shown as the description of the
/// widget that has the focus, and that widget's own description comes back once the focus
/// moves on.
///
/// ```swift
/// Announcer.of(window).announce("Wrong PIN — 4 attempts left")
/// ```
@MainActor
public final class Announcer {
    /// The window whose focused widget speaks.
    public let window: Window
    /// Where announcements go while no widget of the window has the focus (a PIN view made
    /// insensitive during a lockout keeps the screen reader's attention).
    public var fallback: Widget?
    /// The last message announced (for tests).
    public private(set) var lastMessage: String?

    /// The widget that shows an announcement instead of its own description.
    private var speaker: Widget?
    private var pending: UInt32 = 0
    private var queued: String?

    private static var announcers: [ObjectIdentity: Announcer] = [:]

    private init(window: Window) {
        self.window = window
        window.onFocusWidgetChanged { [weak self] in self?.focusMoved() }
        let key = window.identity
        window.connect("destroy") { Announcer.announcers[key] = nil }
    }

    /// The announcer of `window` (one per window, made when first asked for).
    public static func of(_ window: Window) -> Announcer {
        if let existing = announcers[window.identity] { return existing }
        let announcer = Announcer(window: window)
        announcers[window.identity] = announcer
        return announcer
    }

    /// The announcer of the window `widget` is in; nil while it is in none.
    public static func of(windowContaining widget: Widget) -> Announcer? {
        guard let window = widget.rootWindow else { return nil }
        return of(window)
    }

    /// Speaks `message` through the focused widget, once the focus changes under way are done.
    /// A message announced before the previous one was shown replaces it (screen readers
    /// interrupt one message with the next anyway).
    public func announce(_ message: String) {
        queue(message)
    }

    /// Speaks `message` unless another message is waiting to be spoken (a form's summary of
    /// what needs attention goes before each field's own error).
    public func announceIfQuiet(_ message: String) {
        guard queued == nil else { return }
        queue(message)
    }

    private func queue(_ message: String) {
        queued = message
        guard pending == 0 else { return }
        pending = MainContext.idle { [weak self] in
            guard let self else { return }
            pending = 0
            if let message = queued {
                queued = nil
                show(message)
            }
        }
    }

    private func show(_ message: String) {
        guard let target = focusedWidget() ?? fallback else { return }
        if let speaker, !speaker.isSame(as: target) { restore(speaker) }
        // A field's error stays audible after the message: a screen reader reads the
        // description as the focus arrives ("Age text. Height: Required. Age: Enter a whole number").
        let own = target.ownAccessibleDescription
        var text = message
        if target.keepsAccessibleDescription, !own.isEmpty, !message.contains(own) {
            let name = target.mnemonicLabelText.map { "\($0): " } ?? ""
            text += "\(message.last?.isPunctuation == true ? "" : ".") \(name)\(own)"
        }
        // The same text again is no change: clear it first, which screen readers do not speak.
        target.showAccessibleDescription("")
        target.showAccessibleDescription(text)
        speaker = target
        lastMessage = message
    }

    private func focusedWidget() -> Widget? {
        guard let owner = window.focusWidget?.accessibleOwner else { return nil }
        if let speaker, speaker.isSame(as: owner) { return speaker }
        if let fallback, fallback.isSame(as: owner) { return fallback }
        return owner
    }

    private func focusMoved() {
        guard let speaker else { return }
        let owner = window.focusWidget?.accessibleOwner
        guard owner.map({ !speaker.isSame(as: $0) }) ?? true else { return }
        restore(speaker)
    }

    private func restore(_ widget: Widget) {
        widget.showAccessibleDescription(widget.ownAccessibleDescription)
        if speaker?.isSame(as: widget) == true { speaker = nil }
    }
}
