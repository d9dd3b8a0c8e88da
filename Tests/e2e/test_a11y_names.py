"""Names assistive technologies read: no focusable widget of the app is named after its GTK
type (GTK 4.8 names an unnamed widget "GtkImage", "GtkListItemWidget", …)."""
import unittest

from pinform_e2e import AppTestCase, _walk, click, find, states
from test_forms import VALID_PERSON, fill_person, open_form_window, save_button


def type_named(root):
    """Focusable nodes under `root` whose name is a GTK type name."""
    found = []
    for node in _walk(root):
        try:
            if node.name.startswith("Gtk") and "focusable" in states(node):
                found.append(f"{node.getRoleName()} {node.name!r}")
        except Exception:  # noqa: BLE001 - nodes come and go
            continue
    return found


class AccessibleNameTests(AppTestCase):
    def test_no_focusable_widget_of_the_pin_window_is_named_by_its_type(self):
        app = self.launch_app()
        window = app.window("Pinform")
        find(window, role="password text", name="PIN")
        find(window, role="push button", name="Backspace")
        self.assertEqual(type_named(window), [])

    def test_no_focusable_widget_of_the_form_window_is_named_by_its_type_and_rows_read_their_content(self):
        app = self.launch_app()
        root = open_form_window(app)
        fill_person(root, VALID_PERSON)
        click(save_button(root))
        find(root, role="table row", name="John, Smith, 26, john@example.com, 1.80")
        self.assertEqual(type_named(root), [])


if __name__ == "__main__":
    unittest.main()
