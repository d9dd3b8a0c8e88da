"""The PIN window on the real binary, driven through AT-SPI as a screen reader would."""
import json
import os
import shutil
import tempfile
import unittest

import pyatspi

from announcements import Announcements
from orca_session import num_lock, press_keypad_digit
from pinform_e2e import SHIPPED_SCHEMAS, AppTestCase, click, dismiss_recovery_key, find, find_all, press_key, states, text_of, wait_until

GOOD_PIN = "5978"
# Not refused as a new PIN either (1357, a keypad diagonal, is now): one test chooses it.
WRONG_PIN = "4093"
# Pinform 0.1's data folder (plaintext records, pin.hash for V01_PIN); see OldInstallationFixture.swift.
V01_PIN = "2468"
V01_INSTALL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "v0.1-install")


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
        dismiss_recovery_key(app.accessible())
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

    def test_weak_pin_says_what_to_do_instead_and_is_not_stored(self):
        app, window = self.open_pin_window()
        heard = Announcements()
        self.addCleanup(heard.stop)
        self.press(window, "6789")
        view = self.pin_view(window)
        advice = "Avoid runs like 1234 — choose digits that don’t follow each other"
        self.wait_for_message(window, advice)
        # Announced, assertively (the PIN was refused), and no invalid state: Orca 43 took
        # GTK 4.8's for a dead object.
        heard.wait_for(advice, polite=False, exact=False)
        self.assertFalse({"invalid", "invalid-entry"} & states(view))
        # The example is always 1234: the PIN typed is never in the tree nor said.
        self.assertNotIn("6789", view.name + view.description)
        self.assertFalse([message for message in heard.messages() if "6789" in message])
        self.assertEqual(text_of(view), "")
        self.assertFalse(os.path.exists(os.path.join(app.data_home, "pinform", "keys.json")))

    def test_each_key_announces_the_count_politely_and_never_a_digit(self):
        _, window = self.open_pin_window()
        heard = Announcements()
        self.addCleanup(heard.stop)
        self.press(window, "24")
        view = self.pin_view(window)
        heard.wait_for("2 of 4 digits entered", polite=True)
        click(find(window, role="push button", name="Backspace"))
        heard.wait_for("1 of 4 digits entered", polite=True)
        # The digits typed are never announced, only how many there are.
        self.assertFalse([message for message in heard.messages() if message.strip() in ("2", "4", "24")])
        # A count is news, not what the field is: the view's description does not carry it.
        self.assertNotIn("digits entered", view.description)

    def test_a_mismatched_confirmation_asks_for_the_confirmation_again_and_keeps_the_first_choice(self):
        app, window = self.open_pin_window()
        self.press(window, GOOD_PIN)
        find(window, role="label", name="Confirm PIN")
        heard = Announcements()
        self.addCleanup(heard.stop)
        self.press(window, WRONG_PIN)
        mismatch = "The PINs don’t match — enter the new PIN again to confirm"
        self.wait_for_message(window, mismatch)
        heard.wait_for(mismatch, polite=False, exact=False)
        find(window, role="label", name="Confirm PIN")
        self.assertFalse(find_all(window, role="label", name="Choose a PIN"))
        self.press(window, GOOD_PIN)
        dismiss_recovery_key(app.accessible())
        wait_until(lambda: find_all(app.accessible(), role="text", name="First name"),
                   message="the first choice, confirmed, did not unlock")

    def test_choose_another_pin_goes_back_from_the_confirmation(self):
        _, window = self.open_pin_window()
        self.assertFalse(find_all(window, role="push button", name="Choose Another PIN", visible=True))
        self.press(window, GOOD_PIN)
        find(window, role="label", name="Confirm PIN")
        self.press(window, WRONG_PIN)
        self.wait_for_message(window, "The PINs don’t match")
        click(find(window, role="push button", name="Choose Another PIN", visible=True))
        find(window, role="label", name="Choose a PIN")
        self.wait_for_message(window, "Use 4 digits that are hard to guess.")
        # The first choice is gone: the PIN typed now is a new choice, confirmed next.
        self.press(window, WRONG_PIN)
        find(window, role="label", name="Confirm PIN")

    def test_number_pad_keys_without_num_lock_say_num_lock_is_off(self):
        _, window = self.open_pin_window()
        view = self.pin_view(window)
        wait_until(lambda: "focused" in states(view), message="the PIN field does not have the focus")
        heard = Announcements()
        self.addCleanup(heard.stop)
        num_lock(False)
        press_keypad_digit("2")
        self.wait_for_message(window, "Num Lock is off")
        # Spoken: announced, assertively (the key typed nothing).
        heard.wait_for("Num Lock is off", polite=False)
        # Nothing was typed; with Num Lock on the same key types a digit.
        num_lock(True)
        self.addCleanup(num_lock, False)
        press_keypad_digit("2")
        heard.wait_for("1 of 4 digits entered", polite=True)
        self.assertFalse(any("Num Lock is off" in text_of(label) for label in find_all(window, role="label")))

    def test_chosen_pin_wraps_a_data_key_with_argon2id_and_unlocks(self):
        app, window = self.open_pin_window()
        self.choose_pin(window)
        key_file = os.path.join(app.data_home, "pinform", "keys.json")
        wait_until(lambda: os.path.exists(key_file), message="no keys.json")
        with open(key_file, encoding="utf-8") as handle:
            keys = json.load(handle)
        self.assertEqual((keys["format"], keys["version"], keys["database"]), ("pinform-keys", 1, "sqlcipher-4"))
        slot, recovery = keys["slots"]
        self.assertEqual((slot["kind"], recovery["kind"]), ("pin", "recovery"))
        # The app's real cost: 256 MiB and 3 passes of argon2id.
        self.assertTrue(slot["kdf"].startswith("$argon2id$v=19$m=262144,t=3,p=1$"), slot["kdf"])
        self.assertEqual(set(slot), {"kind", "digits", "kdf", "nonce", "wrappedKey"})
        self.assertEqual(os.stat(key_file).st_mode & 0o777, 0o600)
        self.assertFalse(os.path.exists(os.path.join(app.data_home, "pinform", "pin.hash")))
        for path in self.files_under(app.data_home):
            with open(path, "rb") as handle:
                self.assertNotIn(GOOD_PIN.encode(), handle.read(), path)
        # The recovery key is shown once, then the PIN window gives way to the form window.
        dismiss_recovery_key(app.accessible())
        wait_until(lambda: not find_all(app.accessible(), role="push button", name="5"),
                   message="the keypad is still shown")
        app.window("Pinform")
        records = os.path.join(app.data_home, "pinform", "records.sqlite")
        wait_until(lambda: os.path.exists(records), message="no records.sqlite")
        with open(records, "rb") as handle:
            self.assertFalse(handle.read(16).startswith(b"SQLite format 3"))

    def test_the_choose_step_offers_six_digits_and_recommends_them(self):
        _, window = self.open_pin_window()
        # GTK 4.18 exposes a GtkToggleButton as a toggle button (GTK 4.8 had no such role).
        six = find(window, role="toggle button", name="6 digits (recommended)")
        find(window, role="toggle button", name="4 digits")
        click(six)
        self.wait_for_message(window, "Use 6 digits that are hard to guess.")
        # A new PIN view of 6 digits took the place of the 4-digit one.
        heard = Announcements()
        self.addCleanup(heard.stop)
        self.press(window, "24")
        heard.wait_for("2 of 6 digits entered", polite=True)

    def test_a_second_launch_without_a_session_bus_defers_to_the_first(self):
        app, window = self.open_pin_window()
        find(window, role="label", name="Choose a PIN")
        # No session bus: GApplication cannot tell that another instance runs; the lock file can.
        second = self.launch_app(data_home=app.data_home,
                                 env={"DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus"})
        self.assertEqual(second.wait_for_exit(20), 0)
        self.assertTrue(app.is_running())
        find(window, role="label", name="Choose a PIN")

    def test_later_runs_unlock_with_the_pin(self):
        data_home = self.set_up_pin()

        again, window = self.open_pin_window(data_home)
        find(window, role="label", name="Enter PIN")
        self.press(window, WRONG_PIN)
        self.wait_for_message(window, "Wrong PIN — 4 attempts left")
        self.press(window, GOOD_PIN)
        wait_until(lambda: not find_all(again.accessible(), role="push button", name="5"),
                   message="the right PIN did not unlock")

    def test_a_wrong_pin_typed_again_counts_once_and_the_owner_is_told_after_unlocking(self):
        data_home = self.set_up_pin()

        again, window = self.open_pin_window(data_home)
        self.press(window, WRONG_PIN)
        self.wait_for_message(window, "Wrong PIN — 4 attempts left")
        self.press(window, WRONG_PIN)
        self.wait_for_message(window, "The same wrong PIN again, counted once — 4 attempts left")
        self.press(window, "8016")
        self.wait_for_message(window, "Wrong PIN — 3 attempts left")
        self.press(window, GOOD_PIN)
        notice = "2 wrong PINs were tried since you last unlocked, the last on "

        def told():
            return any(text_of(label).startswith(notice) for label in find_all(again.accessible(), role="label"))
        wait_until(told, message="no toast saying how many wrong PINs were tried")

    def test_a_new_pin_has_6_digits_unless_4_are_chosen(self):
        app = self.launch_app(env={"GSETTINGS_SCHEMA_DIR": SHIPPED_SCHEMAS})
        window = app.window("Pinform")
        find(window, role="label", name="Choose a PIN")
        self.wait_for_message(window, "Use 6 digits that are hard to guess.")
        heard = Announcements()
        self.addCleanup(heard.stop)
        self.press(window, "6041")
        heard.wait_for("4 of 6 digits entered", polite=True)

    def test_digits_typed_on_the_number_pad_go_into_the_pin(self):
        _, window = self.open_pin_window()
        view = self.pin_view(window)
        wait_until(lambda: "focused" in states(view), message="the PIN field does not have the focus")
        num_lock(True)
        self.addCleanup(num_lock, False)
        heard = Announcements()
        self.addCleanup(heard.stop)
        for digit in GOOD_PIN[:3]:
            press_keypad_digit(digit)
        heard.wait_for("3 of 4 digits entered", polite=True)

    def test_the_keypad_reads_left_to_right_in_a_right_to_left_language_and_the_arrows_move_its_ring(self):
        app = self.launch_app(env={"LANG": "he_IL.UTF-8", "LANGUAGE": "he", "LC_ALL": "he_IL.UTF-8"})
        window = app.window("Pinform")
        view = find(window, role="password text", name="קוד PIN")  # "PIN" in po/he.po
        wait_until(lambda: "focused" in states(view), message="the PIN field does not have the focus")
        keys = [find(window, role="push button", name=digit) for digit in "123"]
        lefts = [key.queryComponent().getExtents(pyatspi.WINDOW_COORDS)[0] for key in keys]
        self.assertEqual(lefts, sorted(lefts), "the keypad is not 1 2 3 from left to right")
        self.assertLess(lefts[0], lefts[2])
        # The rest mirrors: the header bar's menu is on the left.
        menu = find(window, role="push button", name="תפריט ראשי")  # "Main Menu" in po/he.po
        menu_x = menu.queryComponent().getExtents(pyatspi.WINDOW_COORDS)[0]
        window_width = window.queryComponent().getExtents(pyatspi.WINDOW_COORDS)[2]
        self.assertLess(menu_x, window_width / 2, "the header bar did not mirror")
        press_key("Down")
        press_key("Right")
        wait_until(lambda: "selected" in states(keys[1]), message="Right did not move the ring from 1 to 2")
        self.assertNotIn("selected", states(keys[0]))
        self.assertIn("focused", states(view))

    def test_five_wrong_pins_lock_the_pad_across_restarts(self):
        data_home = self.set_up_pin()

        app, window = self.open_pin_window(data_home)
        # Five different wrong PINs (the same one typed again counts once), each without a
        # repeated digit (a key clicked twice in a row through AT-SPI may count once).
        wrong = ["4093", "4096", "4097", "8016", "8017"]
        for attempt in range(1, 5):
            self.press(window, wrong[attempt - 1])
            left = 5 - attempt
            self.wait_for_message(window, f"Wrong PIN — {left} attempt")
        self.press(window, wrong[4])
        self.wait_for_message(window, "Too many wrong PINs. Try again in 0:")
        key = find(window, role="push button", name="1")
        wait_until(lambda: "sensitive" not in states(key), message="keys still sensitive")
        self.assertNotIn("sensitive", states(self.pin_view(window)))
        app.quit()

        app, window = self.open_pin_window(data_home)
        self.wait_for_message(window, "Too many wrong PINs. Try again in 0:")
        key = find(window, role="push button", name="1")
        self.assertNotIn("sensitive", states(key))

    def test_a_version_0_1_installation_is_encrypted_on_its_first_unlock(self):
        data_home = tempfile.mkdtemp(prefix="pinform-e2e-upgrade-")
        self.addCleanup(shutil.rmtree, data_home, True)
        folder = os.path.join(data_home, "pinform")
        shutil.copytree(V01_INSTALL, folder)
        os.chmod(folder, 0o700)
        records = os.path.join(folder, "records.sqlite")

        app, window = self.open_pin_window(data_home)
        find(window, role="label", name="Enter PIN")
        self.press(window, WRONG_PIN)
        self.wait_for_message(window, "Wrong PIN — 4 attempts left")
        self.press(window, V01_PIN)
        root = app.accessible()
        # The upgraded installation gets a recovery key, shown once.
        dismiss_recovery_key(root)
        find(root, role="label", name="3 records", visible=True, timeout=20)
        find(root, role="label", name="Hopper", visible=True)
        wait_until(lambda: not os.path.exists(os.path.join(folder, "pin.hash")), message="pin.hash is still there")
        self.assertTrue(os.path.exists(os.path.join(folder, "keys.json")))
        # 0.1's counter moved to the config folder with the check.
        self.assertFalse(os.path.exists(os.path.join(folder, "attempts.json")))
        self.assertTrue(os.path.exists(os.path.join(app.config_home, "pinform", "attempts.json")))
        with open(records, "rb") as handle:
            self.assertFalse(handle.read(16).startswith(b"SQLite format 3"))
        for path in self.files_under(folder):
            with open(path, "rb") as handle:
                self.assertNotIn(b"Lovelace", handle.read(), path)
        app.quit()

        app, window = self.open_pin_window(data_home)
        self.press(window, V01_PIN)
        find(app.accessible(), role="label", name="3 records", visible=True, timeout=20)


if __name__ == "__main__":
    unittest.main()
