import CGtk
import ControlState
import Gtk

/// The on-screen keypad: 1 2 3 / 4 5 6 / 7 8 9 / Clear 0 Backspace.
///
/// Each key's look comes from an `AppearanceTable` — default, highlighted while pressed,
/// disabled, selected — applied as a CSS class. Clicking a key leaves the focus where it was;
/// while a key has the keyboard focus (Tab), digits, Backspace and Delete typed on the keyboard
/// are sent as that key's press would be, and the focus stays on the key.
///
/// ```swift
/// let pad = PinPad()
/// pad.onKey = { key in if case .digit(let d) = key { view.type(d) } }
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
            case .clear: "Clear"
            case .backspace: "Backspace"
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
        widget.horizontalAlignment = GTK_ALIGN_CENTER
        for (row, keys) in PinPad.layout.enumerated() {
            for (column, key) in keys.enumerated() {
                widget.attach(makeButton(for: key), column: Int32(column), row: Int32(row))
            }
        }
        let keys = KeyController()
        keys.propagationPhase = GTK_PHASE_CAPTURE
        keys.onKeyPressed { [weak self] keyval, _, modifiers in
            guard let self, let key = PinPad.key(typed: keyval, modifiers), isEnabled else { return false }
            onKey?(key)
            return true
        }
        widget.add(keys)
    }

    /// The pad key a keyboard key stands for: a digit (main row or keypad), Backspace or Delete.
    nonisolated static func key(typed keyval: UInt32, _ modifiers: GdkModifierType) -> Key? {
        let commands = GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SUPER_MASK.rawValue
        guard modifiers.rawValue & commands == 0 else { return nil }
        switch Int32(keyval) {
        case GDK_KEY_BackSpace, GDK_KEY_Delete, GDK_KEY_KP_Delete: return .backspace
        default:
            let scalar = gdk_keyval_to_unicode(keyval)
            guard (0x30...0x39).contains(scalar), let unicode = Unicode.Scalar(scalar) else { return nil }
            return .digit(Character(unicode))
        }
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
        }
    }

    private func makeButton(for key: Key) -> Button {
        let button: Button
        switch key {
        case .digit(let digit):
            button = Button(label: String(digit))
        case .clear:
            button = Button(label: "Clear")
            button.addCSSClass("action")
        case .backspace:
            button = Button(iconName: "edit-clear-symbolic")
            button.addCSSClass("action")
            button.tooltip = "Backspace"
        }
        button.addCSSClass("pin-key")
        // Round keys: keep each at its own size even when a row grows (the icon key is taller).
        button.horizontalAlignment = GTK_ALIGN_CENTER
        button.verticalAlignment = GTK_ALIGN_CENTER
        button.setAccessibleLabel(key.accessibleName)
        if key == .backspace {
            // Not "GtkImage Backspace": the name alone, and what it does instead of the tooltip.
            button.resetAccessibleLabelledBy()
            button.setAccessibleDescription("Delete the last digit")
        }
        // The PIN view keeps the focus, so typing on the keyboard goes on working after a click.
        button.focusesOnClick = false
        button.onClicked { [weak self] in self?.onKey?(key) }
        button.onStateFlagsChanged { [weak self] _ in self?.updateLook(key) }
        buttons[key] = button
        updateLook(key)
        return button
    }

    /// The engine state of a key, from GTK's state flags.
    static func state(of button: Button) -> ControlState {
        var state: ControlState = []
        if button.hasStateFlag(GTK_STATE_FLAG_ACTIVE) { state.insert(.highlighted) }
        if !button.isEffectivelySensitive { state.insert(.disabled) }
        if button.hasStateFlag(GTK_STATE_FLAG_SELECTED) || button.hasStateFlag(GTK_STATE_FLAG_CHECKED) {
            state.insert(.selected)
        }
        return state
    }

    private func updateLook(_ key: Key) {
        guard let button = buttons[key] else { return }
        let look = looks.value(for: PinPad.state(of: button)) ?? ""
        guard shownLooks[key] != look else { return }
        if let previous = shownLooks[key], !previous.isEmpty { button.removeCSSClass(previous) }
        if !look.isEmpty { button.addCSSClass(look) }
        shownLooks[key] = look
    }

    /// The CSS class a key shows now (for tests).
    public func currentLook(of key: Key) -> String? { shownLooks[key] }
}
