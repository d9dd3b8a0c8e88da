"""Names assistive technologies read, in every window and dialog of the running app, each
opened from the keyboard as a user would: no part is named after its GTK type ("GtkLabel",
"GtkShortcutLabel", "GtkPopoverMenu", …) and no visible focusable part is unnamed."""
import os
import sys
import unittest

from orca_session import press_combination
from pinform_e2e import AppTestCase, find, find_all, press_key, wait_until
from test_a11y_names import badly_named
from test_forms import VALID_PERSON, fill_person
from test_records import top_level, unlock


def report(title, found):
    """Writes what was found to stderr (the test log), so one run shows every problem."""
    if found:
        print(f"\n{title}: {len(found)}", *found[:60], sep="\n  ", file=sys.stderr)
    return found


class EveryWindowNameTests(AppTestCase):
    def open_unlocked(self):
        app = self.launch_app()
        return app, unlock(app)

    def test_walk_preferences_by_keyboard(self):
        app, _ = self.open_unlocked()
        press_combination("Control", ord(","))
        preferences = top_level(app, "Preferences")
        find(preferences, name="PIN length", visible=True)
        self.assertEqual(report("Preferences", badly_named(preferences)), [])

    def test_walk_shortcuts_window_by_keyboard(self):
        app, _ = self.open_unlocked()
        press_combination(["Control", "Shift"], "slash")
        window = top_level(app, "Keyboard Shortcuts")
        self.assertEqual(report("Keyboard Shortcuts", badly_named(window)), [])

    def test_walk_primary_menu_and_about_by_keyboard(self):
        app, root = self.open_unlocked()
        press_combination([], 0xFFC7)  # F10
        item = wait_until(lambda: next(iter(find_all(root, role="menu item", name="About Pinform", visible=True)), None),
                          message="F10 opened no menu with About Pinform")
        menu = item
        while menu.parent is not None and menu.getRoleName() not in ("popup menu", "menu", "panel", "window"):
            menu = menu.parent
        found = report("primary menu", badly_named(menu.parent or menu))
        press_key("Escape")
        self.assertEqual(found, [])

    def test_walk_form_window_with_a_record(self):
        app, root = self.open_unlocked()
        fill_person(root, VALID_PERSON)
        press_combination("Control", "s")
        find(root, role="table row", visible=True, timeout=10)
        window = app.window("Pinform")
        self.assertEqual(report("form window", badly_named(window)), [])


if __name__ == "__main__":
    unittest.main()
