import ControlState
import Controls
import Gtk
import Localization

/// The on-screen keypad: 1 2 3 / 4 5 6 / 7 8 9 / Clear 0 Backspace.
///
/// Each key's look comes from an `AppearanceTable` — default, highlighted while pressed,
/// disabled, selected (the key the keyboard ring is on) — applied as a CSS class.
///
/// The keys never take the keyboard focus: it stays on the PIN view (password text, for which
/// screen readers echo no key), so a digit typed on the keyboard is never spoken. Clicks and
/// touches press a key; from the keyboard, the arrow keys move a ring over the keys and Space
/// or Enter press the key it is on (`follow(_:)` takes those keys from the PIN view). The keys
/// stay 1 2 3 from left to right in a right-to-left language too, as on a phone.
///
/// ```swift
/// let pad = PinPad()
/// pad.onKey = { key in if case .digit(let d) = key { view.type(d) } }
/// pad.follow(view)
/// ```
@MainActor
public final class PinPad {
    /// A key of the pad.
    public enum Key: Hashable, Sendable {
        case digit(Character)
        case clear
        case backspace

        /// The name assistive technologies read: "0"…"9", "Clear", "Backspace".
        public var accessibleName: String {
            switch self {
            case .digit(let digit): String(digit)
            // Translators: the keypad key that removes every digit typed.
            case .clear: tr("Clear")
            // Translators: the keypad key that deletes the last digit (named as the keyboard's key).
            case .backspace: tr("Backspace")
            }
        }
    }

    /// The default looks: one CSS class per appearance.
    public static var defaultLooks: AppearanceTable<String> {
        var looks = AppearanceTable<String>()
        looks.set("key-default", for: .default)
        looks.set("key-highlighted", for: .highlighted)
        looks.set("key-disabled", for: .disabled)
        looks.set("key-selected", for: .selected)
        return looks
    }

    /// The widget to put in a window.
    public let widget: Grid
    /// Called when a key is activated (click, touch, or assistive action).
    public var onKey: ((Key) -> Void)?
    /// The CSS class each appearance adds to a key.
    public var looks: AppearanceTable<String> = PinPad.defaultLooks {
        didSet { buttons.keys.forEach(updateLook) }
    }

    private var buttons: [Key: Button] = [:]
    private var shownLooks: [Key: String] = [:]
    private var ringedKeys: Set<Key> = []
    private weak var followed: PinCodeView?

    /// The keys, row by row.
    public nonisolated static let layout: [[Key]] = [
        [.digit("1"), .digit("2"), .digit("3")],
        [.digit("4"), .digit("5"), .digit("6")],
        [.digit("7"), .digit("8"), .digit("9")],
        [.clear, .digit("0"), .backspace],
    ]

    public init() {
        widget = Grid(rowSpacing: 12, columnSpacing: 18)
        widget.addCSSClass("pin-pad")
        widget.horizontalAlignment = .center
        for (row, keys) in PinPad.layout.enumerated() {
            for (column, key) in keys.enumerated() {
                widget.attach(makeButton(for: key), column: Int32(column), row: Int32(row))
            }
        }
        // A phone keypad reads 1 2 3 from left to right in every language.
        widget.textDirection = .ltr
    }

    /// The button of `key`.
    public func button(for key: Key) -> Button { buttons[key]! }

    /// Whether the keys accept input.
    public var isEnabled: Bool {
        get { widget.isSensitive }
        set {
            // The PIN window sets this after every edit; most times nothing changes.
            guard newValue != widget.isSensitive else { return }
            widget.isSensitive = newValue
            // Each key too: assistive technologies read a key's own sensitivity, not its parent's.
            buttons.values.forEach { $0.isSensitive = newValue }
            buttons.keys.forEach(updateLook)
        }
    }

    // MARK: - The keyboard ring

    /// The key the keyboard ring is on (nil until an arrow key is first pressed). It is shown
    /// while the PIN view it follows has the focus and the pad is enabled.
    public private(set) var ringKey: Key?
    /// Whether the ring shows (the followed view has the focus).
    public private(set) var showsRing = false {
        didSet { if oldValue != showsRing, let ringKey { updateLook(ringKey) } }
    }
    /// Called with what to tell screen reader users when the ring moves ("5 key"); by default
    /// the window's `Announcer` speaks it.
    public var onRingMove: ((String) -> Void)?

    /// Takes the keyboard's pad keys (arrows, Space, Enter) from `view`, and shows the ring
    /// while `view` has the focus. Digits, Backspace, Escape and Ctrl+V keep their meaning there.
    public func follow(_ view: PinCodeView) {
        if let followed, followed !== view {
            followed.onUnhandledKey = nil
            followed.onFocusChange = nil
        }
        followed = view
        view.onUnhandledKey = { [weak self] keyval, modifiers in
            self?.steerRing(keyval, modifiers) ?? false
        }
        view.onFocusChange = { [weak self] focused in self?.showsRing = focused }
        showsRing = view.hasFocus
    }

    /// What a screen reader says when the ring lands on `key`: short, and never a digit alone.
    nonisolated static func spokenName(of key: Key) -> String {
        // Translators: spoken when the keyboard ring moves onto a keypad key: "5 key", "Clear key".
        tr("{key} key", ["key": key.accessibleName])
    }

    /// Moves the ring by a key press; internal so that tests can press keys without a keyboard.
    /// Arrows move it (the first one shows it on 1), Space and Enter press the key it is on.
    func steerRing(_ keyval: Gtk.Key, _ modifiers: Modifiers) -> Bool {
        guard modifiers.isDisjoint(with: [.control, .alt, .super]), isEnabled else { return false }
        switch keyval {
        // Not the number pad's arrows: without Num Lock they are digits the person meant to type
        // (the PIN view says "Num Lock is off").
        case .left: moveRing(row: 0, column: -1)
        case .right: moveRing(row: 0, column: 1)
        case .up: moveRing(row: -1, column: 0)
        case .down: moveRing(row: 1, column: 0)
        case .space, .keypadSpace, .return, .keypadEnter, .isoEnter:
            guard let ringKey, showsRing else { return false }
            onKey?(ringKey)
        default: return false
        }
        return true
    }

    /// Where `key` is: its row and column in `layout`.
    nonisolated static func position(of key: Key) -> (row: Int, column: Int) {
        for (row, keys) in layout.enumerated() {
            if let column = keys.firstIndex(of: key) { return (row, column) }
        }
        preconditionFailure("\(key) is not on the pad")
    }

    /// The key `rows` and `columns` away from `key`, staying on the pad at its edges.
    nonisolated static func key(from key: Key, rows: Int, columns: Int) -> Key {
        let (row, column) = position(of: key)
        let newRow = min(max(row + rows, 0), layout.count - 1)
        let newColumn = min(max(column + columns, 0), layout[newRow].count - 1)
        return layout[newRow][newColumn]
    }

    private func moveRing(row: Int, column: Int) {
        let previous = ringKey
        let key = previous.map { PinPad.key(from: $0, rows: row, columns: column) } ?? .digit("1")
        ringKey = key
        if let previous, previous != key { updateLook(previous) }
        updateLook(key)
        let spoken = PinPad.spokenName(of: key)
        if let onRingMove {
            onRingMove(spoken)
        } else {
            Announcer.of(windowContaining: widget)?.announce(spoken, .polite)
        }
    }

    private func makeButton(for key: Key) -> Button {
        let button: Button
        switch key {
        case .digit(let digit):
            button = Button(label: String(digit))
        case .clear:
            button = Button(label: Key.clear.accessibleName)
            button.addCSSClass("action")
        case .backspace:
            button = Button(iconName: "edit-clear-symbolic")
            button.addCSSClass("action")
            button.tooltip = Key.backspace.accessibleName
        }
        button.addCSSClass("pin-key")
        // Left to right like the pad, down to the icon: the Backspace arrow points at the digits
        // it deletes, also under a right-to-left locale (which would pick the mirrored icon).
        button.textDirection = .ltr
        button.child?.textDirection = .ltr
        // Round keys: keep each at its own size even when a row grows (the icon key is taller).
        button.horizontalAlignment = .center
        button.verticalAlignment = .center
        button.setAccessibleLabel(key.accessibleName)
        if key == .backspace {
            // Not "GtkImage Backspace": the name alone, and what it does instead of the tooltip.
            button.resetAccessibleLabelledBy()
            button.setAccessibleDescription(tr("Delete the last digit"))
        }
        // The PIN view keeps the focus, so typing on the keyboard goes on working after a click,
        // and no key is ever echoed by a screen reader (see the type's comment).
        button.isFocusable = false
        button.focusesOnClick = false
        button.onClicked { [weak self] in self?.onKey?(key) }
        button.onStateFlagsChanged { [weak self] _ in self?.updateLook(key) }
        buttons[key] = button
        updateLook(key)
        return button
    }

    /// The engine state of a key, from GTK's state flags and the keyboard ring. One look shows
    /// at a time: disabled, else pressed, else the ring's (selected).
    static func state(of button: Button, ringed: Bool) -> ControlState {
        if !button.isEffectivelySensitive { return .disabled }
        if button.hasStateFlag(.active) { return .highlighted }
        if ringed || button.hasStateFlag(.selected) || button.hasStateFlag(.checked) {
            return .selected
        }
        return .normal
    }

    /// Whether the ring shows on `key`.
    public func isRinged(_ key: Key) -> Bool { showsRing && ringKey == key && isEnabled }

    private func updateLook(_ key: Key) {
        guard let button = buttons[key] else { return }
        let ringed = isRinged(key)
        if ringedKeys.contains(key) != ringed {
            // Assistive technologies read the ring as the key's "selected" state.
            button.setAccessibleSelected(ringed)
            if ringed { ringedKeys.insert(key) } else { ringedKeys.remove(key) }
        }
        let look = looks.value(for: PinPad.state(of: button, ringed: ringed)) ?? ""
        guard shownLooks[key] != look else { return }
        if let previous = shownLooks[key], !previous.isEmpty { button.removeCSSClass(previous) }
        if !look.isEmpty { button.addCSSClass(look) }
        shownLooks[key] = look
    }

    /// The CSS class a key shows now (for tests).
    func currentLook(of key: Key) -> String? { shownLooks[key] }
}
