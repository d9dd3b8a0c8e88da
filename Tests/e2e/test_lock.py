"""The records lock themselves: after the idle delay set in Preferences (no input in the app's
windows), and when the desktop session locks (GNOME's screen shield, logind's Lock), each signal
sent here on the test's private session bus. Lock with unsaved input keeps it as a sealed draft, offered back after unlocking."""
import os
import shutil
import subprocess
import tempfile
import time
import unittest

import pyatspi

from pinform_e2e import (SHIPPED_SCHEMAS, AppTestCase, _children, click, dialog_named, dismiss_recovery_key, find,
                         find_all, focus, open_dialog, pointer_to, press_key, recovery_key_dialog, response_button,
                         screen_point, set_text, text_of, wait_until)

GOOD_PIN = "5978"


def schemas_with(overrides):
    """The shipped schemas compiled with `overrides` (and 4-digit PINs), in a folder removed at exit."""
    folder = tempfile.mkdtemp(prefix="pinform-e2e-schemas-")
    for name in os.listdir(SHIPPED_SCHEMAS):
        if name.endswith(".gschema.xml"):
            shutil.copy(os.path.join(SHIPPED_SCHEMAS, name), folder)
    with open(os.path.join(folder, "pinform-e2e.gschema.override"), "w") as handle:
        handle.write("[io.github.pinform.Pinform]\npin-length='four'\n" + overrides)
    subprocess.run(["glib-compile-schemas", "--strict", folder], check=True)
    return folder


def emit(path, signal, *arguments):
    """Sends a D-Bus signal on the session bus, as GNOME Shell or logind would."""
    subprocess.run(["gdbus", "emit", "--session", "--object-path", path, "--signal", signal, *arguments], check=True)


@unittest.skipUnless(SHIPPED_SCHEMAS and shutil.which("gdbus"), "needs the compiled schemas and gdbus")
class LockTests(AppTestCase):
    def unlock_first_run(self, overrides="", env=None):
        folder = schemas_with(overrides)
        self.addCleanup(shutil.rmtree, folder, True)
        app = self.launch_app(env={"GSETTINGS_SCHEMA_DIR": folder, **(env or {})})
        window = app.window("Pinform")
        self.press(window, GOOD_PIN)
        find(window, role="label", name="Confirm PIN")
        self.press(window, GOOD_PIN)
        dismiss_recovery_key(app.accessible())
        self.wait_unlocked(app)
        return app

    def press(self, window, digits):
        for digit in digits:
            click(find(window, role="push button", name=digit, visible=True))

    def keypad_shows(self, app):
        return bool(find_all(app.accessible(), role="push button", name="5", visible=True))

    def wait_unlocked(self, app):
        wait_until(lambda: not self.keypad_shows(app), 20, "the PIN did not unlock")

    def wait_locked(self, app, timeout, message):
        wait_until(lambda: self.keypad_shows(app) and find_all(app.accessible(), role="label", name="Enter PIN"),
                   timeout, message)

    def test_the_records_lock_after_the_idle_delay(self):
        app = self.unlock_first_run("idle-lock-delay=2\n")
        unlocked_at = time.monotonic()
        self.wait_locked(app, 15, "the records did not lock after 2 s without input")
        self.assertGreaterEqual(time.monotonic() - unlocked_at, 1.5, "it locked before the delay")

    def test_input_in_the_window_puts_the_idle_lock_off(self):
        self.on_xwayland = True  # the pointer (devices.py)
        app = self.unlock_first_run("idle-lock-delay=3\n")
        window = next(child for child in _children(app.accessible()) if child.name == "Pinform")
        _, _, width, height = window.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        # Input for 6 s, twice the delay: the pointer moved over the window, a Shift key pressed.
        deadline = time.monotonic() + 6
        step = 0
        while time.monotonic() < deadline:
            step += 1
            if step % 2:
                pointer_to(*screen_point(window, 40 + step % 20, height // 2))
            else:
                press_key("Shift_L")
            self.assertFalse(self.keypad_shows(app), "it locked although the pointer moved over the window")
            time.sleep(0.5)  # the person's pace of input, not a wait for an outcome
        self.wait_locked(app, 15, "the records did not lock once the input stopped")

    def test_never_in_preferences_means_no_idle_lock(self):
        app = self.unlock_first_run("idle-lock-delay=0\n")
        time.sleep(3)  # a span in which nothing may happen
        self.assertFalse(self.keypad_shows(app))

    def test_the_screen_shield_locks_the_records(self):
        app = self.unlock_first_run()
        emit("/org/gnome/ScreenSaver", "org.gnome.ScreenSaver.ActiveChanged", "false")
        time.sleep(1)  # a span in which the "not active" signal must not lock
        self.assertFalse(self.keypad_shows(app), "ActiveChanged(false) locked the records")
        emit("/org/gnome/ScreenSaver", "org.gnome.ScreenSaver.ActiveChanged", "true")
        self.wait_locked(app, 10, "the screen shield's ActiveChanged(true) did not lock the records")

    def test_logind_lock_of_this_session_locks_the_records(self):
        app = self.unlock_first_run(env={"PINFORM_LOGIND_BUS": "session", "XDG_SESSION_ID": "7"})
        # Another session's Lock is not ours.
        emit("/org/freedesktop/login1/session/_38", "org.freedesktop.login1.Session.Lock")
        time.sleep(1)  # a span in which another session's lock must not lock
        self.assertFalse(self.keypad_shows(app), "another session's Lock locked the records")
        emit("/org/freedesktop/login1/session/_37", "org.freedesktop.login1.Session.Lock")
        self.wait_locked(app, 10, "logind's Lock did not lock the records")

    def test_an_idle_lock_waits_for_a_recovery_key_being_shown(self):
        app = self.unlock_first_run("idle-lock-delay=60\n")
        root = app.accessible()
        click(self.menu_item(app, "New Recovery Key…"))
        click(wait_until(lambda: response_button(root, "Make New Key")))
        check = wait_until(lambda: next((child for child in _children(root) if child.name == "New Recovery Key"), None),
                           10, "no PIN check before the new key")
        self.press(check, GOOD_PIN)
        recovery_key_dialog(root)
        emit("/org/gnome/ScreenSaver", "org.gnome.ScreenSaver.ActiveChanged", "true")
        time.sleep(1)  # a span in which the key must stay shown
        self.assertFalse(self.keypad_shows(app), "the lock took the recovery key away")
        dismiss_recovery_key(root)
        self.wait_locked(app, 10, "the session's lock did not follow once the key was saved")

    def test_lock_with_unsaved_input_keeps_it_as_a_draft_and_offers_it_back_after_unlocking(self):
        app = self.unlock_first_run()
        root = app.accessible()
        field = find(root, role="text", name="First name", visible=True)
        focus(field)
        set_text(field, "Half-typed")
        click(self.menu_item(app, "Lock"))
        # Nothing to answer: what is typed is sealed in the store as a draft.
        self.wait_locked(app, 10, "Lock with unsaved input did not lock")
        self.assertIsNone(open_dialog(root, "Lock and Discard Changes?"), "Lock asked")
        # The PIN window of a locked app (its keypad, wherever it is in the tree).
        self.press(root, GOOD_PIN)
        self.wait_unlocked(app)
        dialog = dialog_named(root, "Restore the unsaved person?", 20)
        click(find(dialog, role="push button", name="Restore", visible=True))
        wait_until(lambda: text_of(find(root, role="text", name="First name", visible=True)) == "Half-typed", 10,
                   "the draft did not come back into the form")

if __name__ == "__main__":
    unittest.main()
