"""An invoice's lines with the real screen reader (Orca 43, see orca_session.py and test_orca.py):
moving into a line says which line it is ("Line 2 of 3") and the column (the field's name), a
field left with an error says it where the focus went, and coming back into a line in error
says the line's errors before the field."""
import unittest

from orca_test_case import OrcaTestCase
from orca_session import press_combination
from pinform_e2e import click, find, find_all, focus, press_key, states, text_of, type_keys, wait_until
from test_forms import open_form_window, switch_model


def focused_text(root, name):
    """The visible text field named `name` that has the focus, if any."""
    return next((node for node in find_all(root, role="text", name=name, visible=True)
                 if "focused" in states(node)), None)


class OrcaLineItemsTests(OrcaTestCase):
    def invoice_with_three_lines(self):
        app = self.launch_app()
        self.orca.attach(app, "PIN password text")
        root = open_form_window(app)
        switch_model(root, "Invoice")
        add = find(root, role="push button", name="Add line", visible=True, timeout=10)
        for count in (1, 2, 3):
            click(add)
            wait_until(lambda: len(find_all(root, role="text", name="Description", visible=True)) == count,
                       message=f"Add line did not make line {count}")
        return app, root

    def enter_through(self, root, names):
        """Presses Enter once per name, waiting each time for the focus on the field so named."""
        for name in names:
            press_key("Return")
            wait_until(lambda: focused_text(root, name), message=f"Enter did not move to {name!r}")

    def test_moving_between_lines_says_the_line_the_column_and_the_line_s_errors(self):
        app, root = self.invoice_with_three_lines()
        self.orca.wait_until_quiet(self.start, quiet=1.0)
        descriptions = find_all(root, role="text", name="Description", visible=True)
        mark = self.orca.mark()
        focus(descriptions[0])
        self.orca.wait_for_speech("Line 1 of 3", since=mark, timeout=20)
        self.orca.wait_until_quiet(mark)
        type_keys("Paper")
        self.enter_through(root, ["Quantity", "Unit price", "Tax %"])

        # Enter from the last field of line 1 goes to line 2: its place, then the column.
        mark = self.orca.mark()
        self.enter_through(root, ["Description"])
        said = self.orca.wait_for_speech("Line 2 of 3", since=mark)
        heard = " ".join(self.orca.wait_until_quiet(mark))
        self.assertIn("Description", heard)
        self.assertLess(heard.index("Line 2 of 3"), heard.rindex("Description"), f"Orca said {said}")
        self.assertNotIn("Gtk", heard)

        # Within a line, the column only: no line is repeated.
        type_keys("Ink")
        mark = self.orca.mark()
        self.enter_through(root, ["Quantity"])
        heard = " ".join(self.orca.wait_until_quiet(mark))
        self.assertIn("Quantity", heard)
        self.assertNotIn("Line 2 of 3", heard)

        # A quantity that is not a number: said where the focus goes, with the column's name.
        quantity = focused_text(root, "Quantity")
        for _ in range(len(text_of(quantity) or "")):
            press_key("BackSpace")
        type_keys("abc")
        mark = self.orca.mark()
        self.enter_through(root, ["Unit price"])
        self.orca.wait_for_speech("Quantity: Enter a number", since=mark)

        # On to line 3, then back into line 2 from behind: the line says its error.
        self.enter_through(root, ["Tax %", "Description"])
        self.orca.wait_for_speech("Line 3 of 3", since=mark)
        mark = self.orca.mark()
        press_combination("Shift", "Tab")  # line 2's Remove button
        press_combination("Shift", "Tab")  # line 2's tax
        wait_until(lambda: focused_text(root, "Tax %"), message="Shift+Tab did not come back to line 2")
        said = self.orca.wait_for_speech("Line 2 of 3", since=mark)
        heard = " ".join(self.orca.wait_until_quiet(mark))
        self.assertIn("Quantity: Enter a number", heard, f"the line's error was not said: {said}")
        self.assertIn("Tax %", heard)

        # Alt+Up moves the line; the focus stays in it, and its new place is said.
        mark = self.orca.mark()
        press_combination("Alt", 0xFF52)
        self.orca.wait_for_speech("Moved to line 1 of 3", since=mark)
        # Moved in place: Orca still follows the focus (taken out and put back, the field's
        # accessible object died under it).
        self.assertNotIn("Locus of focus is dead", self.orca.log()[mark:])


if __name__ == "__main__":
    unittest.main()
