"""End-to-end tests of the invoice's lines, its customer looked up among the people, its
computed total, and the draft that survives a kill (SIGKILL) — driven through AT-SPI by
keyboard alone once the first field has the focus."""
import datetime
import os
import shutil
import signal
import tempfile
import time

from pinform_e2e import AppTestCase, click, find, find_all, focus, press_key, role_name, states, text_of, type_keys, wait_until
from orca_session import press_combination
from test_forms import switch_model
from test_records import cell_label, top_level, press_pin, row_names, rows, save_person, single_click, unlock, wait_for_rows

ADA = {"First name": "Ada", "Last name": "Lovelace", "Birth date": "1990-12-10", "Email": "ada@example.com",
       "Height": "1.65"}
LINES = [("Paper", "2", "3.50", "20"), ("Ink", "1", "12.00", "0"), ("Stamps", "10", "0.85", "0")]


def entry(root, name):
    return find(root, role="text", name=name, visible=True)


def focused(root):
    return next((node for node in find_all(root, visible=True) if "focused" in states(node)), None)


def wait_focus(root, name, role="text"):
    return wait_until(lambda: (lambda node: node if node is not None and node.name == name
                               and role_name(node) == role else None)(focused(root)),
                      message=f"the focus did not reach {name!r} (it is on "
                              f"{getattr(focused(root), 'name', None)!r})")


def age_of(birth, today=None):
    today = today or datetime.date.today()
    born = datetime.date.fromisoformat(birth)
    return today.year - born.year - ((today.month, today.day) < (born.month, born.day))


def labels(root):
    return [text_of(label) for label in find_all(root, role="label", visible=True)]


class InvoiceLinesTests(AppTestCase):
    def setUp(self):
        self.data_home = tempfile.mkdtemp(prefix="pinform-e2e-lines-data-")
        self.addCleanup(shutil.rmtree, self.data_home, True)

    def open_with_ada(self):
        app = self.launch_app(data_home=self.data_home)
        root = unlock(app)
        save_person(root, ADA)
        wait_for_rows(root, 1)
        self.assertTrue(row_names(root)[0].startswith(f"Ada, Lovelace, 1990-12-10, {age_of('1990-12-10')}, "),
                        row_names(root))
        switch_model(root, "Invoice")
        return app, root

    def type_header(self, root):
        focus(entry(root, "Number"))
        type_keys("2026-017")
        press_key("Return")
        wait_focus(root, "Customer")
        type_keys("Lovel")
        wait_until(lambda: any(name.startswith("Ada Lovelace") for name in
                               (button.name for button in find_all(root, role="push button", visible=True))),
                   message="the customer chooser offered no match")
        press_key("Return")  # chooses the first match
        customer = entry(root, "Customer")
        wait_until(lambda: (text_of(customer) or "").startswith("Ada Lovelace"), message="the customer was not chosen")
        press_key("Return")
        wait_focus(root, "Issue date")
        type_keys("2026-11-01")
        press_key("Return")
        wait_focus(root, "Due date")
        type_keys("2026-11-30")
        press_key("Return")
        wait_focus(root, "Add line", role="push button")

    def type_lines(self, root, lines):
        for description, quantity, price, tax in lines:
            wait_focus(root, "Add line", role="push button")
            press_key("space")
            wait_focus(root, "Description")
            type_keys(description)
            for name, value in (("Quantity", quantity), ("Unit price", price), ("Tax %", tax)):
                press_key("Return")
                wait_focus(root, name)
                node = focused(root)
                # A new line starts with quantity 1 and no tax: typed over.
                for _ in range(len(text_of(node) or "")):
                    press_key("BackSpace")
                type_keys(value)
            # Past the line's Remove button to "Add line".
            press_key("Tab")
            press_key("Tab")

    def test_an_invoice_with_three_lines_and_a_looked_up_customer_is_typed_by_keyboard(self):
        self.on_xwayland = True  # the pointer (devices.py)
        app, root = self.open_with_ada()
        self.type_header(root)
        self.type_lines(root, LINES)
        # 2 × 3.50 × 1.20 + 12.00 + 10 × 0.85 = 8.40 + 12.00 + 8.50
        wait_until(lambda: "28.90" in labels(root), message=f"the total is not 28.90: {labels(root)}")
        lines = [node for node in find_all(root, visible=True) if (node.description or "").startswith("Line ")]
        self.assertEqual(sorted({node.description for node in lines}), ["Line 1 of 3", "Line 2 of 3", "Line 3 of 3"])
        self.save_by_keyboard(root)
        wait_for_rows(root, 1)
        row = rows(root)[0]
        self.assertEqual(row[0], "2026-017")
        self.assertTrue(row[1].startswith("Ada Lovelace"), row)
        self.assertIn(", 28.90, ", row_names(root)[0])

        # Ada is this invoice's customer: deleting her is refused, naming the invoice.
        switch_model(root, "Person")
        wait_for_rows(root, 1)
        single_click(cell_label(root, "Lovelace"))
        delete = find(root, role="push button", name="Delete", visible=True)
        wait_until(lambda: "sensitive" in states(delete), message="Delete stayed insensitive")
        click(delete)
        wait_until(lambda: any("2026-017" in text for text in labels(root)), message="no refusal naming 2026-017")
        wait_for_rows(root, 1)

    def save_by_keyboard(self, root):
        """Ctrl+S, as the window's shortcut."""
        press_combination("Control", "s")

    def test_a_killed_app_offers_the_typed_invoice_back(self):
        app, root = self.open_with_ada()
        self.type_header(root)
        self.type_lines(root, LINES[:2])
        wait_until(lambda: "20.40" in labels(root), message=f"the total is not 20.40: {labels(root)}")
        # Within a second of typing the draft is in the sealed store.
        time.sleep(1.0)
        os.killpg(app.process.pid, signal.SIGKILL)
        app.process.wait(5)
        with open(os.path.join(self.data_home, "pinform", "records.sqlite"), "rb") as records:
            data = records.read()
        for typed in (b"2026-017", b"Paper", b"Ink"):
            self.assertNotIn(typed, data, "the draft is in the file in plaintext")

        app = self.launch_app(data_home=self.data_home)
        root = app.accessible()
        find(root, role="push button", name="2", visible=True, timeout=20)
        press_pin(root)
        # The window opens on the invoice's page, which has the draft, and asks.
        dialog = top_level(app, "Restore the unsaved invoice?")
        restore = find(dialog, role="push button", name="Restore", visible=True)
        click(restore)
        wait_until(lambda: text_of(entry(root, "Number")) == "2026-017", message="the number did not come back")
        wait_until(lambda: "20.40" in labels(root), message=f"the lines did not come back: {labels(root)}")
        descriptions = [text_of(node) for node in find_all(root, role="text", name="Description", visible=True)]
        self.assertEqual(descriptions, ["Paper", "Ink"])
        self.assertTrue((text_of(entry(root, "Customer")) or "").startswith("Ada Lovelace"))
