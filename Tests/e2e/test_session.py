"""Lock and Change PIN from the form window's menu, on the real binary through AT-SPI."""
import unittest

from pinform_e2e import AppTestCase, click, dismiss_recovery_key, find, find_all, wait_until

GOOD_PIN = "2468"


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

    def menu_item(self, app, name):
        """Opens the primary menu and returns its item `name`."""
        buttons = [button for button in find_all(app.accessible(), role="push button", name="Main Menu")
                   if button.queryAction().nActions > 0]
        self.assertTrue(buttons, "no Main Menu button with an action")
        click(buttons[0])
        return wait_until(lambda: next(iter(find_all(app.accessible(), name=name)), None),
                          message=f"no menu item {name!r}")

    def test_lock_goes_back_to_the_pin_window(self):
        app = self.unlock_first_run()
        click(self.menu_item(app, "Lock"))
        window = self.toplevel(app, "Pinform")
        find(window, role="label", name="Enter PIN")
        self.assertFalse(find_all(app.accessible(), role="text", name="First name"))
        self.press(window, GOOD_PIN)
        wait_until(lambda: find_all(app.accessible(), role="text", name="First name"),
                   message="the PIN did not unlock again")

    def test_change_pin_checks_the_current_pin_first(self):
        app = self.unlock_first_run()
        click(self.menu_item(app, "Change PIN…"))
        window = self.toplevel(app, "Change PIN")
        find(window, role="label", name="Enter current PIN")
        self.press(window, "1357")
        wait_until(lambda: find_all(window, role="label", name="Wrong PIN — 4 attempts left"))
        self.press(window, GOOD_PIN)
        find(window, role="label", name="Choose a PIN")
        self.press(window, "1357")
        find(window, role="label", name="Confirm PIN")
        self.press(window, "1357")
        wait_until(lambda: not find_all(app.accessible(), name="Change PIN"), message="the window stayed")

        click(self.menu_item(app, "Lock"))
        window = self.toplevel(app, "Pinform")
        find(window, role="label", name="Enter PIN")
        self.press(window, "1357")
        wait_until(lambda: find_all(app.accessible(), role="text", name="First name"),
                   message="the new PIN did not unlock")


if __name__ == "__main__":
    unittest.main()
