"""Lock and Change PIN from the form window's menu, on the real binary through AT-SPI."""
import time
import unittest

import pyatspi

from announcements import Announcements
from pinform_e2e import (AppTestCase, click, dismiss_recovery_key, find, find_all, press_key, states, text_of,
                         wait_until)

GOOD_PIN = "5978"


class SessionTests(AppTestCase):
    def unlock_first_run(self):
        app = self.launch_app()
        window = app.window("Pinform")
        self.press(window, GOOD_PIN)
        find(window, role="label", name="Confirm PIN")
        self.press(window, GOOD_PIN)
        dismiss_recovery_key(app.accessible())
        wait_until(lambda: find_all(app.accessible(), role="text", name="First name"),
                   message="the form window did not open")
        return app

    def toplevel(self, app, name):
        """A top-level window by name. (GTK 4.8 reports a window opened from a menu action as a
        "filler" rather than a "frame" over AT-SPI, so the role is not checked.)"""
        return wait_until(lambda: next((child for child in find_all(app.accessible())
                                        if child.name == name and child.parent == app.accessible()), None),
                          message=f"no window named {name!r}")

    def press(self, window, digits):
        for digit in digits:
            click(find(window, role="push button", name=digit))

    def size_of(self, window):
        return tuple(window.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)[2:])

    def change_pin_dialog(self, app):
        click(self.menu_item(app, "Change PIN…"))
        dialog = self.toplevel(app, "Change PIN")
        find(dialog, role="label", name="Enter Current PIN")
        return dialog

    def test_lock_goes_back_to_the_pin_window(self):
        app = self.unlock_first_run()
        click(self.menu_item(app, "Lock"))
        window = self.toplevel(app, "Pinform")
        find(window, role="label", name="Enter PIN")
        self.assertFalse(find_all(app.accessible(), role="text", name="First name"))
        self.press(window, GOOD_PIN)
        wait_until(lambda: find_all(app.accessible(), role="text", name="First name"),
                   message="the PIN did not unlock again")

    def test_lock_keeps_the_size_of_the_form_window(self):
        app = self.unlock_first_run()
        form = self.toplevel(app, "Pinform")
        form_size = wait_until(lambda: self.size_of(form) if self.size_of(form)[0] > 0 else None,
                               message="the form window has no size")
        click(self.menu_item(app, "Lock"))
        window = self.toplevel(app, "Pinform")
        find(window, role="label", name="Enter PIN")
        # Not the PIN window's first-run size (400 × 600): the form window's.
        wait_until(lambda: self.size_of(window) == form_size,
                   message=f"the PIN window is {self.size_of(window)}, the form window was {form_size}")
        self.press(window, GOOD_PIN)
        wait_until(lambda: find_all(app.accessible(), role="text", name="First name"),
                   message="the PIN did not unlock again")
        form = self.toplevel(app, "Pinform")
        wait_until(lambda: self.size_of(form) == form_size,
                   message=f"the form window came back at {self.size_of(form)}, not {form_size}")

    def test_change_pin_is_a_dialog_with_cancel_and_no_app_menu(self):
        app = self.unlock_first_run()
        dialog = self.change_pin_dialog(app)
        self.assertIn("modal", states(dialog))
        find(dialog, role="push button", name="Cancel")
        self.assertFalse(find_all(dialog, role="push button", name="Main Menu"))
        self.assertFalse(find_all(dialog, name="Quit"))
        click(find(dialog, role="push button", name="Cancel"))
        wait_until(lambda: not find_all(app.accessible(), name="Change PIN"), message="Cancel left the dialog open")
        find(app.accessible(), role="text", name="First name")

    def test_escape_cancels_the_change_pin_dialog_even_with_digits_typed(self):
        app = self.unlock_first_run()
        dialog = self.change_pin_dialog(app)
        heard = Announcements()
        self.addCleanup(heard.stop)
        self.press(dialog, "13")
        heard.wait_for("2 of 4 digits entered", polite=True)
        press_key("Escape")
        wait_until(lambda: not find_all(app.accessible(), name="Change PIN"), message="Escape left the dialog open")
        # Nothing changed: the old PIN still unlocks.
        click(self.menu_item(app, "Lock"))
        window = self.toplevel(app, "Pinform")
        self.press(window, GOOD_PIN)
        wait_until(lambda: find_all(app.accessible(), role="text", name="First name"),
                   message="the old PIN no longer unlocks")

    def test_a_new_pin_typed_the_moment_it_is_asked_for_is_kept(self):
        # The title asks for the new PIN while the right current PIN still shows as accepted
        # (300 ms). Digits clicked then are the new PIN's; they were lost while a new view
        # replaced the shown one (CI, where the harness was fast enough to click in that time).
        app = self.unlock_first_run()
        dialog = self.change_pin_dialog(app)
        title = find(dialog, role="label", name="Enter Current PIN")
        buttons = {digit: find(dialog, role="push button", name=digit) for digit in set(GOOD_PIN + "4093")}
        for digit in GOOD_PIN:
            click(buttons[digit])
        # The title node is polled alone (a tree walk takes longer than the pause).
        wait_until(lambda: title.name == "Choose a PIN", 20, "the current PIN was not accepted")
        # Two digits while the accepted PIN shows, two after it would have been replaced.
        click(buttons["4"])
        click(buttons["0"])
        time.sleep(0.5)
        click(buttons["9"])
        click(buttons["3"])
        find(dialog, role="label", name="Confirm PIN")
        self.press(dialog, "4093")
        wait_until(lambda: not find_all(app.accessible(), name="Change PIN"), message="the window stayed")
        # The PIN is the new one.
        click(self.menu_item(app, "Lock"))
        window = self.toplevel(app, "Pinform")
        self.press(window, "4093")
        wait_until(lambda: find_all(app.accessible(), role="text", name="First name"),
                   message="the new PIN does not unlock")

    def test_change_pin_checks_the_current_pin_first_and_ends_with_pin_changed(self):
        app = self.unlock_first_run()
        window = self.change_pin_dialog(app)
        self.press(window, "1357")
        wait_until(lambda: find_all(window, role="label", name="Wrong PIN — 4 attempts left"))
        self.press(window, GOOD_PIN)
        find(window, role="label", name="Choose a PIN")
        # The new PIN: 1357 (a keypad diagonal) is refused as a new PIN now.
        self.press(window, "4093")
        find(window, role="label", name="Confirm PIN")
        heard = Announcements()
        self.addCleanup(heard.stop)
        self.press(window, "4093")
        wait_until(lambda: not find_all(app.accessible(), name="Change PIN"), message="the window stayed")
        # The form window says so, shown and spoken (politely: passing news).
        wait_until(lambda: any(text_of(label) == "PIN changed" for label in find_all(app.accessible(), role="label")),
                   message="no \"PIN changed\" toast")
        heard.wait_for("PIN changed", polite=True)

        click(self.menu_item(app, "Lock"))
        window = self.toplevel(app, "Pinform")
        find(window, role="label", name="Enter PIN")
        self.press(window, "4093")
        wait_until(lambda: find_all(app.accessible(), role="text", name="First name"),
                   message="the new PIN did not unlock")


if __name__ == "__main__":
    unittest.main()
