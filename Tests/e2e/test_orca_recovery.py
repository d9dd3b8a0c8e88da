"""The recovery key with the real screen reader (Orca 43, see orca_session.py and test_orca.py):
the dialog says what it is and reads the key group by group, the key is read again when the
focus comes back to it, the dialog's buttons are named once, and a recovery key typed into
"Use Recovery Key" is never echoed."""
import re
import unittest

from orca_session import keys_logged, text_changes_logged
from orca_test_case import OrcaTestCase
from pinform_e2e import (_children, click, dismiss_recovery_key, find, find_all, press_key, read_recovery_key,
                         recovery_key_dialog, states, type_keys, wait_until)

GOOD_PIN = "5978"
DIGIT_ECHO = re.compile(r"^\s*([0-9]|zero|one|two|three|four|five|six|seven|eight|nine)\s*$", re.IGNORECASE)


class OrcaRecoveryKeyTests(OrcaTestCase):
    def choose_pin(self):
        """A first run with Orca on: the PIN chosen and confirmed; returns the app and its dialog."""
        app = self.launch_with_a_new_pin(GOOD_PIN)
        dialog = recovery_key_dialog(app.accessible())
        return app, dialog

    def tab_to(self, dialog, name, role=None):
        """Presses Tab until the node named `name` has the focus."""
        for _ in range(10):
            press_key("Tab")
            try:
                return wait_until(lambda: next((node for node in find_all(dialog, role=role, name=name)
                                                if "focused" in states(node)), None), 0.7)
            except AssertionError:
                continue
        raise AssertionError(f"Tab never reached {name!r}")

    def test_the_key_is_read_group_by_group_when_the_dialog_opens_and_again_on_coming_back(self):
        app, dialog = self.choose_pin()
        key, _ = read_recovery_key(dialog)
        spelled = ", ".join(" ".join(group) for group in key.split("-"))
        # With no window manager the X focus stays on the PIN window: give it to the dialog.
        opened = self.orca.mark()
        self.orca.attach(app, spelled)
        said = self.orca.wait_until_quiet(opened, quiet=1.5)
        # What it is, then the key, in that order.
        dialog_line = next((index for index, line in enumerate(said) if line.startswith("Recovery key dialog")), None)
        key_line = next((index for index, line in enumerate(said) if spelled in line), None)
        self.assertIsNotNone(dialog_line, f"the dialog was not named; Orca said {said}")
        self.assertLess(dialog_line, key_line, f"the key was read before the dialog was named: {said}")
        self.assertIn("8 groups", said[key_line])

        mark = self.orca.mark()
        self.tab_to(dialog, "Copy")
        self.orca.wait_for_speech("Copy", since=mark)
        box = self.tab_to(dialog, "I have saved my recovery key")
        mark = self.orca.mark()
        press_key("space")
        wait_until(lambda: "checked" in states(box), message="Space did not check the box")
        mark = self.orca.mark()
        self.tab_to(dialog, "Continue")
        said = self.orca.wait_for_speech("Continue", since=mark)
        self.assertFalse([line for line in said if "Continue Continue" in line], f"named twice: {said}")

        mark = self.orca.mark()
        self.tab_to(dialog, re.sub(r"\s+", " ", dialog_key_name(dialog)))
        self.orca.wait_for_speech(spelled, since=mark)

    def test_a_recovery_key_typed_to_unlock_is_never_echoed(self):
        app, dialog = self.choose_pin()
        key = dismiss_recovery_key(app.accessible())
        root = app.accessible()
        wait_until(lambda: not find_all(root, role="push button", name="5", visible=True), 20, "no unlock")
        click(self.menu_item(app, "Lock"))
        # Orca presents this window since choose_pin's attach: the entry is spoken when it takes
        # the focus. (Attaching again here was racy: when Orca had already spoken the entry
        # before the mark, moving the X focus round the same window made it say nothing more.)
        focused = self.orca.mark()
        click(find(root, role="push button", name="Use Recovery Key", timeout=10))
        entry = find(root, role="password text", name="Recovery key", visible=True)
        wait_until(lambda: "focused" in states(entry), message="the recovery key's entry has no focus")
        self.orca.wait_for_speech("Recovery key password text", since=focused, timeout=20)
        mark = self.orca.mark()
        type_keys("12345-67890")
        self.orca.wait_until_quiet(mark)
        said = self.orca.spoken(mark)
        self.assertEqual([line for line in said if DIGIT_ECHO.match(line) or re.search(r"\d{2}", line)], [],
                         f"Orca echoed the recovery key; it said {said}")
        keys = keys_logged(self.orca.log()[mark:])
        self.assertTrue(keys, "Orca heard no key at all")
        self.assertEqual([key for key in keys if re.search(r"[0-9]", key)], [], "a digit is in Orca's log")
        # Orca speaks only the last of insertions that come fast (it skips the older ones), so
        # what was sent matters too: GTK 4.8 sends an entry's inserted text with the event, and
        # the entry must hold dots only (typed slowly, every digit was spoken).
        inserted = text_changes_logged(self.orca.log()[mark:])
        self.assertTrue(inserted, "Orca heard no insertion at all")
        self.assertEqual([text for text in inserted if re.search(r"[0-9-]", text)], [],
                         "the typed key went to the accessibility bus")

        # Still the key for all that: erased with BackSpace, the right one typed unlocks.
        mark = self.orca.mark()
        for _ in "12345-67890":
            press_key("BackSpace")
        type_keys(key)
        press_key("Return")
        find(root, role="label", name="Choose a New PIN", timeout=20)
        # Orca hears the keys first and the entry's changes after them: typed this fast, it is
        # still reading the changes when the app has moved on.
        self.orca.wait_until_quiet(mark)
        deleted = text_changes_logged(self.orca.log()[mark:])
        self.assertTrue(deleted, "Orca heard no deletion or insertion at all")
        self.assertEqual([text for text in deleted if re.search(r"[0-9-]", text)], [],
                         "the key went to the accessibility bus")


def dialog_key_name(dialog):
    """The accessible name of the key in `dialog` ("Recovery key, 8 groups: …")."""
    return next(node.name for node in find_all(dialog, role="label") if node.name.startswith("Recovery key,"))


if __name__ == "__main__":
    unittest.main()
