"""The recovery key's entry on the real binary: it holds dots only, whatever is typed (GTK 4.8
sends an entry's text to the accessibility bus with every change, see PasswordMask), its eye
shows the key typed and hides it again, and a key typed with the eye on still unlocks."""
import unittest

from pinform_e2e import (AppTestCase, click, dismiss_recovery_key, find, find_all, press_key, states, text_of,
                         type_keys, wait_until)

GOOD_PIN = "5978"


class RecoveryEntryTests(AppTestCase):
    def open_recovery_entry(self):
        app = self.launch_app()
        window = app.window("Pinform")
        for heading in ("Choose a PIN", "Confirm PIN"):
            find(window, role="label", name=heading, timeout=10)
            for digit in GOOD_PIN:
                click(find(window, role="push button", name=digit, visible=True))
        root = app.accessible()
        key = dismiss_recovery_key(root)
        wait_until(lambda: not find_all(root, role="push button", name="5", visible=True), 20, "no unlock")
        click(self.menu_item(app, "Lock"))
        click(find(root, role="push button", name="Use Recovery Key", timeout=10))
        entry = find(root, role="password text", name="Recovery key", visible=True)
        wait_until(lambda: "focused" in states(entry), message="the recovery key's entry has no focus")
        return app, root, entry, key

    def peek(self, entry):
        action = entry.queryAction()
        names = [action.getName(index) for index in range(action.nActions)]
        self.assertIn("peek", names)
        action.doAction(names.index("peek"))

    def test_the_entry_holds_dots_and_its_eye_shows_the_key_typed(self):
        app, root, entry, key = self.open_recovery_entry()
        first, rest = key[:12], key[12:]
        type_keys(first)
        wait_until(lambda: text_of(entry) == "●" * len(first), message=f"the entry holds {text_of(entry)!r}")
        self.peek(entry)
        wait_until(lambda: text_of(entry) == first, message=f"the eye shows {text_of(entry)!r}")
        type_keys(rest[:6])
        wait_until(lambda: text_of(entry) == first + rest[:6], message=f"the eye shows {text_of(entry)!r}")
        self.peek(entry)
        wait_until(lambda: text_of(entry) == "●" * (len(first) + 6), message=f"the entry holds {text_of(entry)!r}")
        press_key("BackSpace")
        type_keys(rest[5:])
        wait_until(lambda: text_of(entry) == "●" * len(key), message=f"the entry holds {text_of(entry)!r}")
        press_key("Return")
        find(root, role="label", name="Choose a New PIN", timeout=20)


if __name__ == "__main__":
    unittest.main()
