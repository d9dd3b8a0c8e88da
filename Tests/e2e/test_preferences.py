"""End-to-end test of Preferences (libadwaita's AdwPreferencesDialog, shown inside the records'
window): opened with Ctrl+comma and from the primary menu, its rows named for assistive
technologies, a change kept, closed with Escape."""
from orca_session import press_combination
from pinform_e2e import AppTestCase, click, find, find_all, open_dialog, press_key, states, wait_until
from test_records import top_level, unlock


class PreferencesTests(AppTestCase):
    @staticmethod
    def preferences_open(app):
        # A dialog (AdwPreferencesDialog) inside the records' window, or a window of its own.
        return open_dialog(app.accessible(), "Preferences") is not None

    def test_turning_off_spreadsheet_protection_is_kept_and_shown_when_preferences_open_again(self):
        app = self.launch_app()
        unlock(app)
        press_combination("Control", ord(","))
        preferences = top_level(app, "Preferences")
        find(preferences, name="PIN length", visible=True)
        protection = find(preferences, role="check box", name="Protect exported spreadsheets", visible=True)
        self.assertIn("checked", states(protection))
        click(protection)
        wait_until(lambda: "checked" not in states(protection), message="the switch stayed on")
        press_key("Escape")
        wait_until(lambda: not self.preferences_open(app), message="Escape did not close Preferences")

        click(self.menu_item(app, "Preferences"))
        preferences = top_level(app, "Preferences")
        protection = find(preferences, role="check box", name="Protect exported spreadsheets", visible=True)
        self.assertNotIn("checked", states(protection), "the change was not kept")
