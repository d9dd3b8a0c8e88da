import Gtk
import Localization
import PinControls

// Digits typed anywhere in the window go into the PIN: with the focus on the menu button, a
// length choice or "Use Recovery Key", the person is still typing their PIN. With a screen
// reader following the focus the first such digit is not entered: the screen reader
// heard the key before the app and spoke it (Orca echoes keys everywhere but in password text),
// so entering it would put a digit said aloud into the PIN.
extension PinWindow {
    /// A capture-phase key controller on the window: a digit (top row or number pad, no Ctrl,
    /// Alt or Super) typed while the focus is elsewhere moves the focus to the PIN and types it
    /// there. The PIN view's own keys, and the recovery key's entry, are left alone.
    func installTypingAnywhere() {
        let keys = KeyController()
        keys.propagationPhase = .capture
        keys.onKeyPressed { [weak self] keyval, _, modifiers in
            guard let self, modifiers.isDisjoint(with: [.control, .alt, .super]),
                  let digit = PinWindow.digit(of: keyval) else { return false }
            return typeAnywhere(digit)
        }
        window.add(keys)
    }

    /// The digit a key types, if it types one.
    nonisolated static func digit(of keyval: Key) -> Character? {
        guard let scalar = keyval.unicodeScalar, (0x30...0x39).contains(scalar.value) else { return nil }
        return Character(scalar)
    }

    /// Types `digit` into the PIN when the focus is outside it; returns whether it took the key.
    /// When a screen reader follows the focus (`AssistiveTechnology.followsFocus`), the digit,
    /// which it has spoken, only moves the focus to the PIN, and the person hears why.
    func typeAnywhere(_ digit: Character) -> Bool {
        guard !pinView.hasFocus, flow.step != .recoveryKey, pinView.widget.isEffectivelySensitive else { return false }
        // The focus first, so that a screen reader treats the next digits as a password's.
        pinView.grabFocus()
        // Said assertively: the digit was refused, and the next ones must go into the PIN.
        if AssistiveTechnology.followsFocus {
            // Translators: said by the screen reader when a PIN digit was typed while the focus was
            // on a button: the screen reader spoke the key, so it is not used.
            announcer.announce(tr("That digit was read aloud, so it was not entered. Type the PIN here."), .assertive)
        } else {
            pinView.type(digit)
        }
        return true
    }
}
