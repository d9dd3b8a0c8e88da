"""End-to-end: `LANGUAGE=de LANG=de_DE.UTF-8 pinform` is German throughout, and reads and shows
numbers in German ("1,80") in the form, the records list and the edit dialog.

The German expected for Pinform's own form messages is written out here: it is what po/de.po
says, and the point of the test. Messages of other parts of the window (Save, the records
table's name, the recovery-key dialog's button) are looked up in the compiled German catalog
that scripts/test builds (PINFORM_LOCALE_DIR), so that those steps follow po/de.po.
"""
import gettext
import os
import subprocess
import unittest

from announcements import Announcements
from test_forms import switch_model
from pinform_e2e import (RECOVERY_KEY, AppTestCase, _children, click, click_at, confirm_recovery_key_saved, find, find_all, focus,
                         set_text, states, text_of, wait_until)

PIN = "5978"
GERMAN = {
    "LANGUAGE": "de", "LANG": "de_DE.UTF-8",
    # Whatever the test run has set: empty is unset for the C library and for Pinform.
    "LC_ALL": "", "LC_MESSAGES": "", "LC_NUMERIC": "", "LC_TIME": "",
}


def catalog():
    folder = os.environ.get("PINFORM_LOCALE_DIR")
    if not folder:
        raise unittest.SkipTest("PINFORM_LOCALE_DIR is not set (run the tests through scripts/test)")
    return gettext.translation("pinform", folder, languages=["de"])


def german(message):
    """`message` as po/de.po translates it (or as written, where it is not marked)."""
    return catalog().gettext(message)


def require_german_locale(test):
    have = subprocess.run(["locale", "-a"], capture_output=True, text=True).stdout.split()
    if "de_DE.utf8" not in have:
        test.fail("the de_DE.UTF-8 locale is not generated (scripts/lib.sh's ensure_locales generates it)")


def press_pin(root):
    for digit in PIN:
        click(find(root, role="push button", name=digit, visible=True))


def dismiss_recovery_key(root):
    """Closes the dialog that shows the new recovery key, found by the key it shows, whatever
    its language."""
    def lookup():
        for window in _children(root):
            if any(RECOVERY_KEY.match(text_of(label) or "") for label in find_all(window, role="label")):
                return window
        return None

    dialog = wait_until(lookup, 20, "no dialog showed a recovery key")
    confirm_recovery_key_saved(dialog, {german("I have saved my recovery key"), "I have saved my recovery key"})
    names = {german("Continue"), "Continue"}

    def button():
        for candidate in find_all(dialog, role="push button", visible=True):
            if any(text_of(label) in names for label in find_all(candidate, role="label")):
                return candidate
        return None

    click(wait_until(button, message="no Continue button in the recovery-key dialog"))


def unlock_in_german(app):
    """Chooses and confirms the PIN on a first run; returns the app's accessible once the form
    window's first entry ("Vorname") shows."""
    root = app.accessible()
    find(root, role="push button", name="2", visible=True, timeout=20)
    press_pin(root)
    confirm = {german("Confirm PIN"), "Confirm PIN"}
    wait_until(lambda: any(text_of(label) in confirm for label in find_all(root, role="label", visible=True)),
               10, "the PIN window did not ask to confirm the PIN")
    press_pin(root)
    dismiss_recovery_key(root)
    find(root, role="text", name="Vorname", timeout=20)
    return root


def entry(root, name):
    return find(root, role="text", name=name, visible=True)


def error_shown(root, message):
    return [label for label in find_all(root, role="label", visible=True) if text_of(label) == message]


def save_button(root):
    return find(root, role="push button", name=german("Save"), visible=True)


def records_rows(root, name=None):
    """The texts of the records list's rows; `name` is the table's name in the app's language
    (German unless given)."""
    table = find(root, name=name or german("Records"), visible=True)
    body = find_all(table, role="list")
    if not body:
        return []
    return [[text_of(label) for label in find_all(row, role="label")] for row in find_all(body[0], role="table row")]


class GermanTests(AppTestCase):
    def setUp(self):
        require_german_locale(self)

    def launch_german(self):
        return self.launch_app(env=GERMAN)

    def test_the_pin_window_is_german(self):
        heard = Announcements()
        self.addCleanup(heard.stop)
        root = self.launch_german().accessible()
        find(root, role="label", name="PIN wählen", timeout=20)
        find(root, role="push button", name="Leeren", visible=True)
        find(root, role="push button", name="Rücktaste", visible=True)
        # The prompt first (heading and what to do), then the count as digits go in.
        heard.wait_for("PIN wählen. ", polite=True, exact=False)
        click(find(root, role="push button", name="1", visible=True))
        heard.wait_for("1 von 4 Ziffern eingegeben", polite=True)

    def test_the_form_window_labels_and_messages_are_german(self):
        root = unlock_in_german(self.launch_german())
        for name in ["Vorname", "Nachname", "Geburtsdatum", "E-Mail", "Telefon", "Größe"]:
            self.assertIn("editable", states(entry(root, name)))
        self.assertFalse(find_all(root, role="text", name="First name"), "an English label is left")
        # The age is worked out from the birth date: shown, never typed.
        self.assertFalse(find_all(root, role="text", name="Alter"), "the age is an entry")

        height = entry(root, "Größe")
        focus(height)
        set_text(height, "abc")
        focus(entry(root, "E-Mail"))
        wait_until(lambda: error_shown(root, "Geben Sie eine Zahl ein"), message="no German error under Größe")
        focus(height)
        set_text(height, "9")
        focus(entry(root, "Telefon"))
        wait_until(lambda: error_shown(root, "Geben Sie eine Größe in Metern ein, z. B. 1,80"),
                   message="no German limit under Größe")


    def test_a_plural_message_takes_the_german_plural_form(self):
        root = unlock_in_german(self.launch_german())
        switch_model(root, "Rechnung")
        due = entry(root, "Fälligkeitsdatum")
        focus(due)
        set_text(due, "31.11.2026")
        focus(entry(root, "Nummer"))
        wait_until(lambda: error_shown(root, "Dieser Monat hat nur 30 Tage"),
                   message="no German plural under Fälligkeitsdatum")
        focus(due)
        set_text(due, "30.2.2026")
        focus(entry(root, "Nummer"))
        wait_until(lambda: error_shown(root, "Dieser Monat hat nur 28 Tage"),
                   message="no German plural for February")

    def test_a_height_typed_with_a_comma_is_saved_and_shown_with_a_comma(self):
        self.on_xwayland = True  # the pointer (devices.py)
        app = self.launch_german()
        root = unlock_in_german(app)
        values = {"Vorname": "Ada", "Nachname": "Lovelace", "E-Mail": "ada@example.com", "Größe": "1,80"}
        for name, value in values.items():
            field = entry(root, name)
            focus(field)
            set_text(field, value)
        save = save_button(root)
        wait_until(lambda: "sensitive" in states(save), message="1,80 was refused")
        click(save)
        row = wait_until(lambda: records_rows(root) and records_rows(root)[0], 10, "the record did not show")
        self.assertEqual(row[:2], ["Ada", "Lovelace"])
        # E-mail and height are in the row's name when the pane has no room for their columns.
        name = find_all(find(root, name=german("Records"), visible=True), role="table row")[-1].name
        self.assertIn("ada@example.com", name)
        self.assertTrue(name.endswith(", 1,80"), name)

        cell = find(find(root, name=german("Records"), visible=True), role="label", name="Lovelace", visible=True)
        click_at(cell, double=True)

        def edit_dialog_height():
            for window in _children(app.accessible()):
                if find_all(window, name=german("Records")):
                    continue  # the form window
                fields = find_all(window, role="text", name="Größe", visible=True)
                if fields:
                    return fields[0]
            return None

        field = wait_until(edit_dialog_height, 10, "the edit dialog did not open")
        # A form shows a number as the shortest text that reads back, in the locale's digits.
        self.assertEqual(text_of(field), "1,8")


class ArabicDigitsTests(AppTestCase):
    def test_arabic_indic_digits_are_accepted_under_ar_eg(self):
        have = subprocess.run(["locale", "-a"], capture_output=True, text=True).stdout.split()
        if "ar_EG.utf8" not in have:
            self.fail("the ar_EG.UTF-8 locale is not generated (scripts/lib.sh's ensure_locales generates it)")
        # Arabic numbers with English text: LANGUAGE=en asks for the messages as written (po/ar.po aside).
        app = self.launch_app(env=dict(GERMAN, LANGUAGE="en", LANG="ar_EG.UTF-8"))
        root = app.accessible()
        find(root, role="push button", name="2", visible=True, timeout=20)
        press_pin(root)
        wait_until(lambda: find_all(root, role="label", name="Confirm PIN", visible=True), 10,
                   "the PIN window did not ask to confirm the PIN")
        press_pin(root)
        dismiss_recovery_key(root)
        values = {"First name": "Ada", "Last name": "Lovelace", "Email": "ada@example.com", "Phone": "٠١٢٣",
                  "Height": "١٫٨٠"}
        for name, value in values.items():
            field = find(root, role="text", name=name, visible=True, timeout=20)
            focus(field)
            set_text(field, value)
        save = find(root, role="push button", name="Save", visible=True)
        wait_until(lambda: "sensitive" in states(save), message="Arabic-Indic digits were refused")
        click(save)
        rows = lambda: records_rows(root, name="Records")  # noqa: E731 (English text, LANGUAGE=en)
        row = wait_until(lambda: rows() and rows()[0], 10, "the record did not show")
        self.assertEqual(row[:2], ["Ada", "Lovelace"])
        # Every column is in the row's name, those the pane has no room for too: the height with
        # the locale's decimal separator (Unicode's for ar_EG: U+066B); no birth date, so no
        # age; the phone as typed.
        name = find_all(find(root, name="Records", visible=True), role="table row")[-1].name
        self.assertTrue(name.startswith("Ada, Lovelace, "), name)
        self.assertIn("٠١٢٣", name)
        self.assertIn("ada@example.com", name)
        self.assertTrue(name.endswith(", 1٫80"), name)


if __name__ == "__main__":
    unittest.main()
