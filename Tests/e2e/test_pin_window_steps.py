"""The PIN window through its steps, on the real binary through AT-SPI: the keypad and the
window keep their place and size, digits typed with the focus elsewhere go into the PIN, and a
lockout shows a lock, not grey dots."""
import shutil
import tempfile
import unittest

import pyatspi

from announcements import Announcements
from pinform_e2e import (AppTestCase, _children, click, dismiss_recovery_key, find, find_all, press_key, states, text_of,
                         type_keys, wait_until)

GOOD_PIN = "5978"


class PinWindowStepTests(AppTestCase):
    def press(self, window, digits):
        for digit in digits:
            click(find(window, role="push button", name=digit, visible=True))

    def extents(self, node):
        return tuple(node.queryComponent().getExtents(pyatspi.WINDOW_COORDS))

    def keypad_place(self, window):
        return self.extents(find(window, role="push button", name="5", visible=True))

    def wait_for_message(self, window, text):
        return wait_until(lambda: any(text in text_of(label) for label in find_all(window, role="label")),
                          message=f"no label saying {text!r}")

    def test_the_keypad_and_the_window_keep_their_place_from_choosing_to_confirming_and_unlocking(self):
        data_home = tempfile.mkdtemp(prefix="pinform-e2e-data-")
        self.addCleanup(shutil.rmtree, data_home, True)
        app = self.launch_app(data_home=data_home)
        window = app.window("Pinform")
        find(window, role="label", name="Choose a PIN")
        choosing = (self.keypad_place(window), self.extents(window))
        self.press(window, GOOD_PIN)
        find(window, role="label", name="Confirm PIN")
        confirming = (self.keypad_place(window), self.extents(window))
        self.assertEqual(confirming, choosing, "the keypad or the window moved from choosing to confirming")
        self.press(window, "4093")
        self.wait_for_message(window, "don’t match")
        self.assertEqual((self.keypad_place(window), self.extents(window)), choosing, "a mismatch moved the keypad")
        self.press(window, GOOD_PIN)
        dismiss_recovery_key(app.accessible())
        wait_until(lambda: not find_all(app.accessible(), role="push button", name="5"), 20, "no unlock")
        app.quit()

        app = self.launch_app(data_home=data_home)
        window = app.window("Pinform")
        find(window, role="label", name="Enter PIN")
        # Unlocking shows "Use Recovery Key" where choosing showed nothing, and no length choice.
        self.assertEqual(self.keypad_place(window)[2:], choosing[0][2:])
        self.assertEqual(self.keypad_place(window)[1], choosing[0][1], "the keypad sits higher or lower when unlocking")
        # The room held under the keypad is one button's: under "Use Recovery Key" only the
        # window's margin (24 px) is left, not the blank room of a second button.
        recovery = find(window, role="push button", name="Use Recovery Key", visible=True)
        _, button_y, _, button_height = self.extents(recovery)
        window_height = self.extents(window)[3]
        self.assertLessEqual(window_height - (button_y + button_height), 32,
                             "blank room is kept under the last button of the PIN window")

    def test_the_change_pin_dialog_keeps_its_size_through_its_steps(self):
        app = self.launch_app()
        window = app.window("Pinform")
        for heading in ("Choose a PIN", "Confirm PIN"):
            find(window, role="label", name=heading, timeout=10)
            self.press(window, GOOD_PIN)
        dismiss_recovery_key(app.accessible())
        root = app.accessible()
        wait_until(lambda: not find_all(root, role="push button", name="5", visible=True), 20, "no unlock")
        click(self.menu_item(app, "Change PIN…"))
        dialog = wait_until(lambda: next((child for child in _children(root) if child.name == "Change PIN"), None),
                            message="no Change PIN dialog")
        find(dialog, role="label", name="Enter Current PIN")
        # Under Wayland the window manager sizes a new window after it is shown (its first
        # configure): the first step is measured once it has a size.
        wait_until(lambda: self.extents(dialog)[2] > 0, message="the dialog was never given a size")
        sizes = [(self.extents(dialog)[2:], self.keypad_place(dialog))]
        self.press(dialog, GOOD_PIN)
        find(dialog, role="label", name="Choose a PIN", timeout=20)
        sizes.append((self.extents(dialog)[2:], self.keypad_place(dialog)))
        self.press(dialog, "4093")
        find(dialog, role="label", name="Confirm PIN")
        sizes.append((self.extents(dialog)[2:], self.keypad_place(dialog)))
        self.assertEqual(len(set(sizes)), 1, f"the dialog or its keypad moved between steps: {sizes}")

    def test_digits_typed_while_the_menu_button_has_the_focus_go_into_the_pin(self):
        app = self.launch_app()
        window = app.window("Pinform")
        view = find(window, role="password text", name="PIN")
        wait_until(lambda: "focused" in states(view), message="the PIN does not start with the focus")
        def menu_focused():
            return next((node for node in find_all(window, name="Main Menu") if "focused" in states(node)), None)

        for _ in range(8):
            press_key("Tab")
            try:
                wait_until(menu_focused, 0.5)
                break
            except AssertionError:
                continue
        self.assertIsNotNone(menu_focused(), "Tab never reached the menu button")
        heard = Announcements()
        self.addCleanup(heard.stop)
        type_keys("59")
        heard.wait_for("2 of 4 digits entered", polite=True)
        self.assertIn("focused", states(view), "the focus did not follow the digits into the PIN")


if __name__ == "__main__":
    unittest.main()
