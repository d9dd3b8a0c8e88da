"""The PIN window on the real binary, driven through AT-SPI as a screen reader would."""
import os
import shutil
import tempfile
import unittest

from pinform_e2e import AppTestCase, click, find, find_all, states, text_of, wait_until

GOOD_PIN = "2468"
WRONG_PIN = "1357"


class PinWindowTests(AppTestCase):
    def open_pin_window(self, data_home=None):
        app = self.launch_app(data_home=data_home)
        return app, app.window("Pinform")

    def press(self, window, digits):
        for digit in digits:
            click(find(window, role="push button", name=digit))

    def pin_view(self, window):
        return find(window, role="password text", name="PIN")

    def wait_for_message(self, window, text):
        return wait_until(lambda: any(text in text_of(label) for label in find_all(window, role="label")),
                          message=f"no label saying {text!r}")

    def choose_pin(self, window, digits=GOOD_PIN):
        self.press(window, digits)
        find(window, role="label", name="Confirm PIN")
        self.press(window, digits)

    def set_up_pin(self):
        """Chooses GOOD_PIN in a first run and quits; returns the data folder to start again on."""
        data_home = tempfile.mkdtemp(prefix="pinform-e2e-data-")
        self.addCleanup(shutil.rmtree, data_home, True)
        app, window = self.open_pin_window(data_home)
        self.choose_pin(window)
        wait_until(lambda: not find_all(app.accessible(), role="push button", name="5"),
                   message="the PIN did not unlock")
        app.quit()
        return data_home

    def files_under(self, folder):
        for root, _, names in os.walk(folder):
            for name in names:
                yield os.path.join(root, name)

    def test_first_run_asks_to_choose_a_pin(self):
        _, window = self.open_pin_window()
        find(window, role="label", name="Choose a PIN")
        for name in [*"0123456789", "Clear", "Backspace"]:
            find(window, role="push button", name=name)

    def test_weak_pin_shows_the_reason_and_is_not_stored(self):
        app, window = self.open_pin_window()
        self.press(window, "1234")
        view = self.pin_view(window)
        self.wait_for_message(window, "Digits in sequence")
        # Said through the view's description (the announcement), and no invalid state:
        # Orca 43 takes GTK 4.8's for a dead object.
        wait_until(lambda: "Digits in sequence" in view.description, message=view.description)
        self.assertFalse({"invalid", "invalid-entry"} & states(view))
        self.assertNotIn("1234", view.name + view.description)
        self.assertEqual(text_of(view), "")
        self.assertFalse(os.path.exists(os.path.join(app.data_home, "pinform", "pin.hash")))

    def test_description_counts_digits_and_never_shows_them(self):
        _, window = self.open_pin_window()
        self.press(window, "24")
        view = self.pin_view(window)
        wait_until(lambda: view.description == "2 of 4 digits entered")
        click(find(window, role="push button", name="Backspace"))
        wait_until(lambda: view.description == "1 of 4 digits entered")

    def test_mismatched_confirmation_starts_over(self):
        _, window = self.open_pin_window()
        self.press(window, GOOD_PIN)
        find(window, role="label", name="Confirm PIN")
        self.press(window, WRONG_PIN)
        self.wait_for_message(window, "PINs do not match")
        find(window, role="label", name="Choose a PIN")

    def test_chosen_pin_is_stored_as_an_argon2id_hash_and_unlocks(self):
        app, window = self.open_pin_window()
        self.choose_pin(window)
        hash_file = os.path.join(app.data_home, "pinform", "pin.hash")
        wait_until(lambda: os.path.exists(hash_file), message="no pin.hash")
        with open(hash_file, encoding="utf-8") as handle:
            self.assertTrue(handle.read().startswith("$argon2id$"))
        self.assertEqual(os.stat(hash_file).st_mode & 0o777, 0o600)
        for path in self.files_under(app.data_home):
            with open(path, "rb") as handle:
                self.assertNotIn(GOOD_PIN.encode(), handle.read(), path)
        # The PIN window gives way to the form window.
        wait_until(lambda: not find_all(app.accessible(), role="push button", name="5"),
                   message="the keypad is still shown")
        app.window("Pinform")

    def test_later_runs_unlock_with_the_pin(self):
        data_home = self.set_up_pin()

        again, window = self.open_pin_window(data_home)
        find(window, role="label", name="Enter PIN")
        self.press(window, WRONG_PIN)
        self.wait_for_message(window, "Wrong PIN — 4 attempts left")
        self.press(window, GOOD_PIN)
        wait_until(lambda: not find_all(again.accessible(), role="push button", name="5"),
                   message="the right PIN did not unlock")

    def test_five_wrong_pins_lock_the_pad_across_restarts(self):
        data_home = self.set_up_pin()

        app, window = self.open_pin_window(data_home)
        for attempt in range(1, 5):
            self.press(window, WRONG_PIN)
            left = 5 - attempt
            self.wait_for_message(window, f"Wrong PIN — {left} attempt")
        self.press(window, WRONG_PIN)
        self.wait_for_message(window, "Too many wrong PINs. Try again in 0:")
        key = find(window, role="push button", name="1")
        wait_until(lambda: "sensitive" not in states(key), message="keys still sensitive")
        self.assertNotIn("sensitive", states(self.pin_view(window)))
        app.quit()

        app, window = self.open_pin_window(data_home)
        self.wait_for_message(window, "Too many wrong PINs. Try again in 0:")
        key = find(window, role="push button", name="1")
        self.assertNotIn("sensitive", states(key))


if __name__ == "__main__":
    unittest.main()
