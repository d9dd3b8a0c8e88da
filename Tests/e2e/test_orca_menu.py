"""The primary menu with the real screen reader (see orca_session.py): opened with F10 and
walked with the arrows, each item is spoken by the text it shows.

GTK 4.18 gives a popover menu's items no accessible name: the item points with labelled-by at
its label, which GTK keeps out of the tree (pinform_e2e.label_of). Orca 48 reads that label, so
a person hears the item; the tests find items as Orca reads them, and this test holds both to it.
"""
import unittest

from orca_session import press_combination
from orca_test_case import OrcaTestCase
from pinform_e2e import dismiss_recovery_key, find, label_of, menu_items, press_key, states, wait_until

F10 = 0xFFC7
GOOD_PIN = "5978"
# The primary menu of an unlocked window, top down (PrimaryMenu.swift).
ITEMS = ["Change PIN…", "New Recovery Key…", "Lock", "Import…", "Print…", "New Form…", "Edit Form…",
         "Preferences", "Keyboard Shortcuts", "About Pinform", "Quit"]
# A shortcut Orca says after an item's text.
SHORTCUTS = {"Lock": "Ctrl+L"}


class OrcaMenuTests(OrcaTestCase):
    def test_the_primary_menu_s_items_are_spoken_by_their_text_as_the_arrows_move(self):
        app = self.launch_with_a_new_pin(GOOD_PIN)
        root = app.accessible()
        dismiss_recovery_key(root)
        find(root, role="text", name="First name", timeout=20)

        def focused_label():
            item = next((item for item in menu_items(root, visible=True) if "focused" in states(item)), None)
            return item is not None and label_of(item)

        mark = self.orca.mark()
        press_combination([], F10)
        wait_until(lambda: focused_label() == ITEMS[0], message=f"F10 did not focus the menu item {ITEMS[0]!r}")
        # Every item has the text a screen reader reads; the arrows stop at those that can be used.
        self.assertEqual([label_of(item) for item in menu_items(root, visible=True)], ITEMS)
        usable = [label_of(item) for item in menu_items(root, visible=True) if "sensitive" in states(item)]
        self.assertIn("Lock", usable)
        for text in usable:
            wait_until(lambda: focused_label() == text, message=f"the focus did not move to the menu item {text!r}")
            said = self.orca.wait_for_speech(text, since=mark)
            if text in SHORTCUTS:
                said = self.orca.wait_for_speech(SHORTCUTS[text], since=mark)
            self.assertFalse([line for line in said if line.strip() in ("menu item", "")],
                             f"an item was spoken without its text: {said}")
            mark = self.orca.mark()
            press_key("Down")


if __name__ == "__main__":
    unittest.main()
