"""Names assistive technologies read: no focusable widget of the app is named after its GTK
type (GTK 4.8 names an unnamed widget "GtkImage", "GtkListItemWidget", …)."""
import re
import unittest

from pinform_e2e import (MENU_ITEM_ROLES, AppTestCase, _walk, click, find, find_all, focus, label_of,
                         press_key, read_recovery_key, recovery_key_dialog, role_name, states, wait_until)
from test_forms import VALID_PERSON, fill_person, open_form_window, save_button, switch_model
from test_invoice import tab_to

GTK_TYPE = re.compile(r"Gtk[A-Z]")


def badly_named(root):
    """Every node under `root` whose name or role description is a GTK type name ("GtkLabel",
    "GtkImage", …), and every Tab stop with no name (`is_tab_stop`). A menu item's name is the
    label a screen reader reads (`label_of`: GTK 4.18 names a popover menu's item by its
    labelled-by relation alone, and Orca 48 speaks that label: test_orca_menu.py)."""
    found = []
    for node in _walk(root):
        try:
            role = node.getLocalizedRoleName() or ""
            name = node.name or ""
            if not name.strip() and node.getRole() in MENU_ITEM_ROLES:
                name = label_of(node)
            if GTK_TYPE.search(name) or GTK_TYPE.search(role):
                found.append(f"{role_name(node)} {name!r} in {role_name(node.parent)} {node.parent.name!r}")
            elif not name.strip() and is_tab_stop(node):
                found.append(f"unnamed Tab stop {role_name(node)} in {role_name(node.parent)} {node.parent.name!r}")
        except Exception:  # noqa: BLE001 - nodes come and go
            continue
    return found


def is_tab_stop(node):
    """Whether the keyboard focus can land on `node`: visible and focusable, holding no visible
    focusable part, and not inside a button.

    On GTK 4.18 AT-SPI's "focusable" state is `gtk_widget_get_focusable`, which two kinds of
    widget report that the focus never lands on: a container that passes the focus on (a
    scrolled window, a list view, a table's list: GTK focuses one of them only when nothing
    inside it can take the focus, and then it is a Tab stop like any other), and a part inside a
    button (the row showing a drop-down's choice: the button takes the focus itself). GTK 4.18
    gives most of them its generic role ("panel", "scroll pane"), which WAI-ARIA allows no name:
    GTK drops any label the app sets on one (GTK 4.8 read it, and the app named them), so they
    cannot be named, and no keyboard or screen reader user is ever on them."""
    if not {"focusable", "visible"} <= states(node):
        return False
    ancestor = node.parent
    while ancestor is not None:
        if role_name(ancestor) in ("push button", "toggle button"):
            return False
        ancestor = ancestor.parent
    for part in _walk(node):
        try:
            if part is not node and {"focusable", "visible"} <= states(part):
                return False
        except Exception:  # noqa: BLE001 - nodes come and go
            continue
    return True


def type_named(root):
    """Focusable nodes under `root` whose name is a GTK type name."""
    found = []
    for node in _walk(root):
        try:
            if node.name.startswith("Gtk") and "focusable" in states(node):
                found.append(f"{role_name(node)} {node.name!r}")
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
        # Its cells' texts in column order; the empty Phone is left out.
        find(root, role="table row", name=f"John, Smith, {VALID_PERSON['Birth date']}, 26, john@example.com, 1.80")
        self.assertEqual(type_named(root), [])

    def test_every_part_of_the_pin_window_and_the_recovery_key_dialog_is_named_and_none_by_a_gtk_type(self):
        app = self.launch_app()
        window = app.window("Pinform")
        find(window, role="password text", name="PIN")
        self.assertEqual(badly_named(window), [])
        for heading in ("Choose a PIN", "Confirm PIN"):
            find(window, role="label", name=heading, timeout=10)
            for digit in "5978":
                click(find(window, role="push button", name=digit, visible=True))
        dialog = recovery_key_dialog(app.accessible())
        read_recovery_key(dialog)
        self.assertEqual(badly_named(dialog), [])
        self.assertEqual(len({button.name for button in find_all(dialog, role="push button", name="Continue")}), 1)

    def test_the_currency_chooser_and_its_popup_are_named_by_their_choices(self):
        app = self.launch_app()
        root = open_form_window(app)
        switch_model(root, "Invoice")
        combo = find(root, role="combo box", name="Currency", visible=True)
        self.assertEqual(badly_named(combo), [])
        button = next(node for node in find_all(combo) if role_name(node) in ("push button", "toggle button"))
        self.assertTrue(button.name.strip(), "the chooser's button has no name")
        # Below the fold in the default window: reached with Tab (which scrolls the form to it),
        # opened with Space, as a keyboard user does.
        focus(find(root, role="text", name="Number", visible=True))
        tab_to(button, presses=20)
        press_key("space")

        def popup_items():
            return [node for node in find_all(root, role="list item", visible=True)
                    if find_all(node, role="label")]

        items = wait_until(popup_items, message="the Currency popup did not open")
        self.assertTrue(all(item.name.strip() for item in items), [item.name for item in items])

    def test_the_toasts_close_button_is_named(self):
        app = self.launch_app()
        root = open_form_window(app)
        fill_person(root, VALID_PERSON)
        click(save_button(root))

        def close_buttons():
            return [node for node in find_all(root, role="push button", visible=True)
                    if node.name in ("Close", "Dismiss") or GTK_TYPE.search(node.name or "")]

        buttons = wait_until(close_buttons, message="no toast with a close button showed")
        self.assertEqual([button.name for button in buttons if GTK_TYPE.search(button.name)], [])
        for button in buttons:
            self.assertEqual(badly_named(button), [])


if __name__ == "__main__":
    unittest.main()
