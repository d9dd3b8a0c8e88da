import Gtk

/// Says a short message to screen reader users when something happens: a new step, an error,
/// a count. It is an announcement (`gtk_accessible_announce`), not a description: a widget's
/// description says what it is or holds, and stays as it was.
///
/// Each message says how it may interrupt: `.assertive` for what went wrong or was refused
/// (a wrong PIN, a lockout, a form's errors), which the person must hear before going on;
/// `.polite` for the rest (a count, a step, "Copied"), which waits for what is being said.
///
/// ```swift
/// Announcer.of(window).announce("Wrong PIN — 4 attempts left", .assertive)
/// ```
@MainActor
public final class Announcer {
    /// How a message may interrupt what the screen reader is saying.
    public enum Politeness: Sendable, Equatable {
        /// Waits until the screen reader is done (GTK's medium priority, AT-SPI's "polite").
        case polite
        /// May cut off what is being said (GTK's high priority, AT-SPI's "assertive").
        case assertive

        var priority: AccessibleAnnouncementPriority { self == .assertive ? .high : .medium }
    }

    /// A message announced: for tests (`said`).
    struct Announcement: Equatable {
        let message: String
        let politeness: Politeness
    }

    /// The window that announces.
    public let window: Window
    /// The last messages announced (at most `keptCount`, sent or, while nobody listens, not),
    /// oldest first: what tests read.
    private(set) var said: [Announcement] = []
    private static let keptCount = 16

    private var pending: UInt32 = 0
    private var queued: [Announcement] = []

    /// Where a window keeps its announcer: with the GtkWindow itself, whichever wrapper asks,
    /// until the window is destroyed.
    private static let key = AssociationKey<Announcer>("pinform-announcer")

    private init(window: Window) {
        self.window = window
        window.connect("destroy") { [weak window] in window?.setAssociatedValue(nil, for: Announcer.key) }
    }

    /// The announcer of `window` (one per window, made when first asked for).
    public static func of(_ window: Window) -> Announcer {
        if let existing = window.associatedValue(for: key) { return existing }
        let announcer = Announcer(window: window)
        window.setAssociatedValue(announcer, for: key)
        return announcer
    }

    /// The announcer of the window `widget` is in; nil while it is in none.
    public static func of(windowContaining widget: Widget) -> Announcer? {
        guard let window = widget.rootWindow else { return nil }
        return of(window)
    }

    /// Says `message` once the focus changes under way are done: messages announced together
    /// are said in order.
    public func announce(_ message: String, _ politeness: Politeness) {
        queue(Announcement(message: message, politeness: politeness))
    }

    /// Says `message` unless another message is waiting to be said (a form's summary of what
    /// needs attention goes before each field's own error).
    public func announceIfQuiet(_ message: String, _ politeness: Politeness) {
        guard queued.isEmpty else { return }
        queue(Announcement(message: message, politeness: politeness))
    }

    private func queue(_ announcement: Announcement) {
        queued.append(announcement)
        guard pending == 0 else { return }
        pending = MainContext.idle { [weak self] in
            guard let self else { return }
            pending = 0
            let messages = queued
            queued = []
            for message in messages { send(message) }
        }
    }

    private func send(_ announcement: Announcement) {
        said.append(announcement)
        if said.count > Self.keptCount { said.removeFirst(said.count - Self.keptCount) }
        // Nobody would hear it, and GTK would still send it over the bus (a PIN's count at every key).
        guard AssistiveTechnology.isListening else { return }
        // From the window, wherever the focus is: GTK drops an announcement from a widget whose
        // accessible object it has not made yet (an entry just focused), never the window's; and
        // Orca 48 never drops one from a window as one too many in 0.1 s.
        window.announce(announcement.message, priority: announcement.politeness.priority)
    }
}
