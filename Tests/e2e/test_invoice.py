"""End-to-end tests of the Invoice model, the third model of the form window: every kind of
input (text, date with a calendar, decimal, choice, switch, notes), the rule across fields,
editing through load, and switching models with typed changes — driven through AT-SPI."""
import datetime
import re
import os
import shutil
import subprocess
import tempfile
import unittest

from pinform_e2e import (AppTestCase, HarnessTimeout, click, find, find_all, focus, open_dialog, press_key, set_text,
                         states, text_of, type_keys, wait_until)
from test_forms import switch_model
from test_records import double_click, row_names, rows, save_person, top_level, unlock, wait_for_rows

INVOICE = {"Number": "2026-017", "Issue date": "2026-11-01", "Due date": "2026-11-30"}
ACME = {"First name": "ACME", "Last name": "Ltd", "Email": "billing@acme.example", "Height": "1"}


def entry(root, name):
    return find(root, role="text", name=name, visible=True)


def save_button(root):
    return find(root, role="push button", name="Save", visible=True)


def shown(root, message):
    return [label for label in find_all(root, role="label", visible=True) if text_of(label) == message]


def fill(root, values):
    for name, value in values.items():
        field = entry(root, name)
        focus(field)
        set_text(field, value)


def tab_to(node, presses=12):
    """Presses Tab until `node` has the focus (the form scrolls it into view on the way)."""
    for _ in range(presses):
        if "focused" in states(node):
            return
        press_key("Tab")
        try:
            wait_until(lambda: "focused" in states(node), timeout=0.5)
            return
        except HarnessTimeout:
            continue
    raise HarnessTimeout("Tab did not reach the field")


class InvoiceTests(AppTestCase):
    def setUp(self):
        self.data_home = tempfile.mkdtemp(prefix="pinform-e2e-invoice-data-")
        self.addCleanup(shutil.rmtree, self.data_home, True)

    def open_invoices(self, env=None, customer=False):
        app = self.launch_app(data_home=self.data_home, env=env)
        root = unlock(app)
        if customer:
            save_person(root, ACME)
            wait_for_rows(root, 1)
        switch_model(root, "Invoice")
        entry(root, "Number")
        return app, root

    def choose_customer(self, root, search="ACME"):
        customer = entry(root, "Customer")
        focus(customer)
        set_text(customer, search)
        match = wait_until(lambda: next((button for button in find_all(root, role="push button", visible=True)
                                         if button.name.startswith("ACME Ltd")), None),
                           message="the chooser offered no customer")
        click(match)
        wait_until(lambda: (text_of(customer) or "").startswith("ACME Ltd"), message="the customer was not chosen")

    def add_line(self, root, price, description="Consulting"):
        click(find(root, role="push button", name="Add line", visible=True))
        fields = find_all(root, role="text", name="Description", visible=True)
        wait_until(lambda: find_all(root, role="text", name="Description", visible=True), message="no line was added")
        fields = find_all(root, role="text", name="Description", visible=True)
        set_text(fields[-1], description)
        prices = find_all(root, role="text", name="Unit price", visible=True)
        set_text(prices[-1], price)

    def test_every_invoice_field_is_named_for_assistive_technologies(self):
        _, root = self.open_invoices()
        for name in list(INVOICE) + ["Customer"]:
            self.assertIn("editable", states(entry(root, name)))
        find(root, role="push button", name="Add line", visible=True)
        find(root, role="label", name="Total", visible=True)
        find(root, name="Currency", visible=True)
        find(root, role="combo box", name="Currency", visible=True)
        find(root, role="check box", name="Paid", visible=True)  # GTK 4.8's role for a switch
        find(root, role="text", name="Notes", visible=True)
        find(root, role="push button", name="Choose a date", visible=True)

    def test_a_due_date_before_the_issue_date_is_refused_on_the_due_date(self):
        _, root = self.open_invoices()
        fill(root, dict(INVOICE, **{"Due date": "2026-10-01"}))
        focus(entry(root, "Number"))
        wait_until(lambda: shown(root, "The due date cannot be before the issue date"),
                   message="no message under Due date")
        self.assertNotIn("sensitive", states(save_button(root)))

    # --- saving and editing ---------------------------------------------------------------------

    def test_an_invoice_is_saved_listed_and_edited_through_load(self):
        self.on_xwayland = True  # the pointer (devices.py)
        app, root = self.open_invoices(customer=True)
        fill(root, INVOICE)
        self.choose_customer(root)
        notes = find(root, role="text", name="Notes", visible=True)
        # Beside the records the form scrolls: Notes is reached with Tab, which scrolls it into
        # view (a click needs it on screen).
        tab_to(notes)
        type_keys("Net 30")
        click(find(root, role="check box", name="Paid", visible=True))
        save = save_button(root)
        # The line last, with no other field changed after it: its empty description makes Save
        # insensitive, and typing the line alone makes it sensitive again.
        click(find(root, role="push button", name="Add line", visible=True))
        wait_until(lambda: "sensitive" not in states(save), message="Save stayed sensitive with an empty line")
        set_text(find_all(root, role="text", name="Description", visible=True)[-1], "Consulting")
        set_text(find_all(root, role="text", name="Unit price", visible=True)[-1], "1234.50")
        wait_until(lambda: "sensitive" in states(save), message="Save stayed insensitive after the line")
        click(save)
        wait_for_rows(root, 1)
        row = rows(root)[0]
        self.assertEqual(row[0], "2026-017")
        self.assertTrue(row[1].startswith("ACME Ltd"), row)
        # The lines' cell reads as a person reads it (the export keeps description | quantity |
        # unit price | tax %: InvoiceLinesSummaryTests), and so does the row's name.
        # The columns the pane holds show; the row's name has them all (below).
        self.assertEqual(row[2:], ["2026-11-01", "2026-11-30", "1234.50", "1 line: Consulting",
                                   "Euro (EUR)", "Yes"][:len(row) - 2])
        wait_until(lambda: any("1234.50, 1 line: Consulting, Euro (EUR), Yes" in (node.name or "")
                               for node in find_all(root, role="table row")),
                   message="no row is named by its lines as the list shows them")

        double_click(find(root, role="label", name="2026-017", visible=True))
        dialog = app.window("Edit Invoice")
        self.assertEqual(text_of(entry(dialog, "Unit price")), "1234.5")
        self.assertEqual(text_of(entry(dialog, "Due date")), "2026-11-30")
        self.assertTrue((text_of(entry(dialog, "Customer")) or "").startswith("ACME Ltd"))
        dialog_save = find(dialog, role="push button", name="Save", visible=True)
        self.assertNotIn("sensitive", states(dialog_save), "Save was sensitive with no change")
        number = entry(dialog, "Number")
        focus(number)
        set_text(number, "2026-018")
        wait_until(lambda: "sensitive" in states(dialog_save), message="Save stayed insensitive after a change")
        click(dialog_save)
        wait_until(lambda: rows(root) and rows(root)[0][0] == "2026-018", message="the edit did not show")

    def test_a_date_is_picked_from_the_calendar_with_the_keyboard_alone(self):
        _, root = self.open_invoices()
        issued = entry(root, "Issue date")
        focus(issued)
        press_key("Tab")  # to the calendar button beside it
        button = find(root, role="push button", name="Choose a date", visible=True)
        wait_until(lambda: any("focused" in states(node) for node in find_all(root, name="Choose a date")),
                   message="Tab did not reach the calendar button")
        press_key("space")
        calendar = find(root, name="Calendar", visible=True, timeout=5)  # a group: GTK's role may not be named
        wait_until(lambda: "focused" in states(calendar) or any("focused" in states(n) for n in find_all(calendar)),
                   message="the calendar did not take focus")
        # The keyboard focus starts on the selected day (today, for an empty field; GTK 4.8
        # alone would start on the grid's first cell): the arrows move from it, Space picks.
        press_key("Right")
        press_key("space")
        wait_until(lambda: re.fullmatch(r"\d{4}-\d{2}-\d{2}", text_of(issued) or ""),
                   message="no day was picked")
        tomorrow = (datetime.date.today() + datetime.timedelta(days=1)).isoformat()
        self.assertEqual(text_of(issued), tomorrow, "Right did not move from the selected day")
        wait_until(lambda: "focused" in states(issued), message="focus did not come back to the entry")
        self.assertTrue(button)

    @staticmethod
    def question_open(app):
        return open_dialog(app.accessible(), "Discard changes?") is not None

    def test_switching_the_model_keeps_what_was_typed_without_asking(self):
        app, root = self.open_invoices()
        fill(root, {"Number": "7"})
        switch_model(root, "Person")
        first_name = entry(root, "First name")
        focus(first_name)
        set_text(first_name, "Ada")
        self.assertFalse(self.question_open(app), "switching the model asked a question")
        switch_model(root, "Invoice")
        wait_until(lambda: text_of(entry(root, "Number")) == "7", message="the typed number was lost")
        switch_model(root, "Person")
        wait_until(lambda: text_of(entry(root, "First name")) == "Ada", message="the typed name was lost")
        self.assertFalse(self.question_open(app), "switching the model asked a question")

    def test_closing_with_changes_on_a_hidden_model_shows_them_and_asks(self):
        app, root = self.open_invoices()
        fill(root, {"Number": "7"})
        switch_model(root, "Person")
        entry(root, "First name")
        click(find(root, role="push button", name="Close", visible=True))
        question = top_level(app, "Discard changes?")
        wait_until(lambda: text_of(entry(root, "Number")) == "7", message="the page with the changes is not shown")
        click(find(question, role="push button", name="Cancel", visible=True))
        wait_until(lambda: not self.question_open(app), message="the question stayed open")
        self.assertEqual(text_of(entry(root, "Number")), "7")

    def test_in_german_amounts_and_dates_are_read_and_shown_in_german(self):
        if "de_DE.utf8" not in subprocess.run(["locale", "-a"], capture_output=True, text=True).stdout:
            raise unittest.SkipTest("the de_DE.UTF-8 locale is not generated (scripts/lib.sh generates it)")
        # German numbers and dates with English text (LANGUAGE=en: no catalog, the messages as written).
        _, root = self.open_invoices(env={"LANG": "de_DE.UTF-8", "LC_ALL": "de_DE.UTF-8", "LANGUAGE": "en"},
                                     customer=True)
        fill(root, dict(INVOICE, **{"Issue date": "1.11.2026", "Due date": "30.11.2026"}))
        self.choose_customer(root)
        # The line typed last, with real keys and Tab, and saved at once: no other field changes.
        click(find(root, role="push button", name="Add line", visible=True))
        description = wait_until(lambda: next((field for field in find_all(root, role="text", name="Description",
                                                                           visible=True)
                                               if "focused" in states(field)), None),
                                 message="Add line did not focus the line's description")
        type_keys("Beratung")
        tab_to(find_all(root, role="text", name="Unit price", visible=True)[-1], presses=3)
        type_keys("1234,5")
        press_key("Tab")
        wait_until(lambda: text_of(description) == "Beratung", message="the description was not typed")
        save = save_button(root)
        wait_until(lambda: "sensitive" in states(save), message="German values were refused")
        click(save)
        wait_for_rows(root, 1)
        self.assertIn("1.11.2026, 30.11.2026, 1234,50", row_names(root)[0])


if __name__ == "__main__":
    unittest.main()
