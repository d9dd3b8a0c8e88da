"""End-to-end tests of the form window: the real binary, unlocked through the PIN keypad and
driven through AT-SPI as a screen reader or an automation tool would.

With PINFORM_FORM_SCREENSHOTS=<folder>, the tests that reach those states also save the
README screenshots there: form-window.png (valid values, saved) and form-window-errors.png.
"""
import datetime
import os
import subprocess
import unittest

from pinform_e2e import (AppTestCase, click, click_at, dismiss_recovery_key, find, find_all, focus, press_key, set_text,
                         states, text_of, wait_until)

PIN = "5978"
PERSON_FIELDS = ["First name", "Last name", "Birth date", "Email", "Phone", "Height"]


def press_pin(root):
    for digit in PIN:
        click(find(root, role="push button", name=digit, visible=True))


def open_form_window(app):
    """Unlocks a fresh app with the keypad (choose, then confirm the PIN) and returns the app's
    accessible, once the form window's first entry shows."""
    root = app.accessible()

    def form_or_keypad():
        if find_all(root, role="text", name="First name"):
            return "form"
        if find_all(root, role="push button", name="2", visible=True):
            return "keypad"
        return None

    if wait_until(form_or_keypad, 20, "neither the PIN keypad nor the form window showed") == "keypad":
        press_pin(root)
        find(root, role="label", name="Confirm PIN", timeout=10)
        press_pin(root)
        dismiss_recovery_key(root)
    find(root, role="text", name="First name", timeout=20)
    return root


def entry(root, name):
    return find(root, role="text", name=name, visible=True)


def switch_model(root, name):
    """Shows the model `name` with the view switcher that shows (the header's, or the bar's at
    the bottom of a narrow window). libadwaita keeps the switchers it does not show in the tree,
    marked visible but with no size; an unrealized button ignores a click."""
    def shown_tab():
        return next((tab for tab in find_all(root, role="page tab", name=name, visible=True)
                     if tab.queryComponent().getExtents(0)[2] > 0), None)
    click(wait_until(shown_tab, message=f"no view switcher button {name!r} shows"))


def save_button(root):
    return find(root, role="push button", name="Save", visible=True)


def is_invalid(node):
    return any("invalid" in state for state in states(node))


def describes_error(node, message):
    """The field's error is its accessible description, and it is not in GTK 4.8's invalid
    state (which Orca 43 reads as a dead object)."""
    return node.description == message and not is_invalid(node)


def error_shown(root, message):
    return [label for label in find_all(root, role="label", visible=True) if text_of(label) == message]


def fill_person(root, values):
    for name, value in values.items():
        field = entry(root, name)
        focus(field)
        set_text(field, value)


def capture(root, filename):
    """Saves the form window as PNG when PINFORM_FORM_SCREENSHOTS names a folder."""
    folder = os.environ.get("PINFORM_FORM_SCREENSHOTS")
    if not folder:
        return
    window = find(root, role="frame")
    x, y, width, height = window.queryComponent().getExtents(0)  # screen coordinates
    os.makedirs(folder, exist_ok=True)
    subprocess.run(["import", "-window", "root", "-crop", f"{width}x{height}+{max(x, 0)}+{max(y, 0)}",
                    "+repage", os.path.join(folder, filename)], check=True)


VALID_PERSON = {
    "First name": "John",
    "Last name": "Smith",
    # 26 today: born on 1 January 26 years ago.
    "Birth date": f"{datetime.date.today().year - 26}-01-01",
    "Email": "john@example.com",
    "Height": "1.80",
}


class FormWindowTests(AppTestCase):
    def test_person_entries_are_named_after_their_labels(self):
        root = open_form_window(self.launch_app())
        for name in PERSON_FIELDS:
            self.assertIn("editable", states(entry(root, name)))

    def test_clicking_a_label_focuses_its_entry(self):
        self.on_xwayland = True  # the pointer (devices.py)
        root = open_form_window(self.launch_app())
        height = entry(root, "Height")
        self.assertNotIn("focused", states(height))
        click_at(find(root, role="label", name="Height", visible=True))
        wait_until(lambda: "focused" in states(height), message="Height did not take focus")

    def test_tabbing_through_untouched_fields_shows_no_error(self):
        root = open_form_window(self.launch_app())
        focus(entry(root, "First name"))
        for _ in range(4):
            press_key("Tab")
        focus(entry(root, "Height"))
        self.assertFalse(error_shown(root, "Required"), "Required showed on fields never typed in")

    def test_letters_in_height_show_an_error_once_the_field_is_left(self):
        root = open_form_window(self.launch_app())
        height = entry(root, "Height")
        focus(height)
        set_text(height, "abc")
        self.assertFalse(error_shown(root, "Enter a number"), "an error showed while typing")
        focus(entry(root, "Email"))
        wait_until(lambda: error_shown(root, "Enter a number"), message="no error under Height")
        wait_until(lambda: describes_error(height, "Enter a number"),
                   message=f"Height is not described by its error: {height.description!r} {states(height)}")
        self.assertNotIn("sensitive", states(save_button(root)))

    def test_a_height_over_the_limit_states_it(self):
        root = open_form_window(self.launch_app())
        height = entry(root, "Height")
        focus(height)
        set_text(height, "3.5")
        focus(entry(root, "Email"))
        wait_until(lambda: error_shown(root, "Enter a height in metres, like 1.80"), message="no limit under Height")
        self.assertNotIn("sensitive", states(save_button(root)))

    def test_the_age_is_computed_from_the_birth_date(self):
        root = open_form_window(self.launch_app())
        birth = entry(root, "Birth date")
        focus(birth)
        set_text(birth, f"{datetime.date.today().year - 40}-01-01")
        wait_until(lambda: [label for label in find_all(root, role="label", visible=True) if text_of(label) == "40"],
                   message="the age 40 is not shown")

    def test_valid_values_make_save_sensitive_and_saving_shows_the_value(self):
        root = open_form_window(self.launch_app())
        save = save_button(root)
        self.assertNotIn("sensitive", states(save))
        fill_person(root, VALID_PERSON)
        wait_until(lambda: "sensitive" in states(save), message="Save stayed insensitive")
        click(save)
        summary = "Last saved: John Smith, 26, john@example.com, 1.80 m"
        wait_until(lambda: [label for label in find_all(root, role="label") if text_of(label) == summary],
                   message="the saved person is not shown")
        capture(root, "form-window.png")

    def test_errors_clear_once_corrected(self):
        root = open_form_window(self.launch_app())
        fill_person(root, dict(VALID_PERSON, **{"Height": "abc", "Email": "john@"}))
        focus(entry(root, "First name"))
        wait_until(lambda: error_shown(root, "Enter a valid email address"), message="no error under Email")
        wait_until(lambda: error_shown(root, "Enter a number"), message="no error under Height")
        capture(root, "form-window-errors.png")
        set_text(entry(root, "Height"), "1.80")
        set_text(entry(root, "Email"), "john@example.com")
        wait_until(lambda: not error_shown(root, "Enter a number"), message="the Height error stayed")
        wait_until(lambda: "sensitive" in states(save_button(root)), message="Save stayed insensitive")

    def test_the_size_model_has_width_and_height(self):
        root = open_form_window(self.launch_app())
        switch_model(root, "Size")
        width = entry(root, "Width")
        height = entry(root, "Height")
        focus(width)
        set_text(width, "2.5")
        focus(height)
        set_text(height, "1.25")
        save = save_button(root)
        wait_until(lambda: "sensitive" in states(save), message="Save stayed insensitive")
        click(save)
        wait_until(lambda: [label for label in find_all(root, role="label")
                            if text_of(label) == "Last saved: 2.50 m × 1.25 m"],
                   message="the saved size is not shown")


if __name__ == "__main__":
    unittest.main()
