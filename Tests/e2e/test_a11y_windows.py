"""Names assistive technologies read, in every window and dialog of the running app, each
opened from the keyboard as a user would: no part is named after its GTK type ("GtkShortcutLabel",
"GtkColumnViewTitle", "GtkLabel", "GtkImage", "GtkActionBar", …), focusable or not, and no
Tab stop is unnamed (`is_tab_stop`)."""
import sys
import unittest

from orca_session import press_combination
from pinform_e2e import (AppTestCase, HarnessTimeout, dialog_named, find, find_menu_item, focus, press_key, role_name,
                         set_text)
from test_a11y_names import badly_named, type_named
from test_forms import VALID_PERSON, fill_person
from test_records import PEOPLE, cell_label, save_person, single_click, top_level, unlock, wait_for_rows

F10 = 0xFFC7

def report(title, found):
    """Writes what was found to stderr (the test log), so one run shows every problem."""
    if found:
        print(f"\n{title}: {len(found)}", *found[:60], sep="\n  ", file=sys.stderr)
    return found


def menu_item(root, name):
    try:
        return find_menu_item(root, name)
    except HarnessTimeout:
        raise HarnessTimeout(f"F10 opened no menu with {name!r}") from None


class EveryWindowNameTests(AppTestCase):
    def open_unlocked(self):
        app = self.launch_app()
        return app, unlock(app)

    def assert_named(self, title, window):
        found = report(title, badly_named(window))
        self.assertEqual(found, [])
        self.assertEqual(type_named(window), [])

    def test_walk_preferences_by_keyboard(self):
        app, _ = self.open_unlocked()
        press_combination("Control", ord(","))
        preferences = top_level(app, "Preferences")
        find(preferences, name="PIN length", visible=True)
        self.assert_named("Preferences", preferences)

    def test_walk_shortcuts_window_by_keyboard(self):
        app, _ = self.open_unlocked()
        press_combination(["Control", "Shift"], "slash")
        window = top_level(app, "Keyboard Shortcuts")
        # Each shortcut's keys are named by what they show, not "GtkShortcutLabel".
        find(window, name="Ctrl + S")
        self.assert_named("Keyboard Shortcuts", window)

    def test_walk_primary_menu_and_about_by_keyboard(self):
        app, root = self.open_unlocked()
        press_combination([], F10)
        menu = menu_item(root, "About Pinform")
        while menu.parent is not None and role_name(menu) not in ("popup menu", "menu", "panel", "window"):
            menu = menu.parent
        found = report("primary menu", badly_named(menu.parent or menu))
        self.assertEqual(found, [])
        menu_item(root, "About Pinform").queryAction().doAction(0)
        application = app.accessible()
        about = dialog_named(application, "About", 10, contains=True)
        self.assert_named("About", about)

    def test_walk_form_window_with_a_record(self):
        app, root = self.open_unlocked()
        fill_person(root, VALID_PERSON)
        press_combination("Control", "s")
        find(root, role="table row", visible=True, timeout=10)
        window = app.window("Pinform")
        # Column titles are named by their text, not "GtkColumnViewTitle".
        find(window, name="First name", role="filler")
        self.assert_named("form window", window)

    def test_walk_a_page_made_after_the_window_was_named(self):
        """A model's page is made when it is first shown, after the window's parts were named:
        the invoice page's scroll bars and column titles are named as the first page's are."""
        app, root = self.open_unlocked()
        press_combination("Control", "3")
        find(root, role="text", name="Number", visible=True, timeout=10)
        self.assert_named("invoice page", app.window("Pinform"))

    def test_walk_edit_dialog_and_discard_question(self):
        self.on_xwayland = True  # the pointer (devices.py)
        app, root = self.open_unlocked()
        save_person(root, PEOPLE[0])
        wait_for_rows(root, 1)
        single_click(cell_label(root, "Lovelace"))
        press_key("Return")
        dialog = app.window("Edit Person")
        last_name = find(dialog, role="text", name="Last name", visible=True)
        self.assert_named("edit dialog", dialog)
        focus(last_name)
        set_text(last_name, "Changed")
        press_key("Escape")
        self.assert_named("Discard changes?", top_level(app, "Discard changes?"))


if __name__ == "__main__":
    unittest.main()
