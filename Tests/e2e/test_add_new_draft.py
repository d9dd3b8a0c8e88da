"""End-to-end: the person half typed in the invoice's "Add new…" dialog is kept as a sealed
draft like every form's, survives a kill (SIGKILL), and is offered back the next time "Add
new…" opens; saved, it becomes the invoice's customer and the draft is gone."""
import os
import shutil
import signal
import tempfile
import time

from pinform_e2e import (AppTestCase, click, find, find_all, focus, open_dialog, set_text, states, text_of, type_keys,
                         wait_until)
from test_forms import switch_model
from test_records import press_pin, top_level, unlock


def entry(root, name):
    return find(root, role="text", name=name, visible=True)


class AddNewDraftTests(AppTestCase):
    def setUp(self):
        self.data_home = tempfile.mkdtemp(prefix="pinform-e2e-addnew-data-")
        self.addCleanup(shutil.rmtree, self.data_home, True)

    def add_new_customer(self, app, root, typed):
        """Types `typed` as the invoice's customer and opens "Add new…"; returns its dialog."""
        customer = entry(root, "Customer")
        focus(customer)
        type_keys(typed)
        add = wait_until(lambda: next(iter(find_all(root, role="push button", name="Add new…", visible=True)), None),
                         message="the customer chooser offered no “Add new…”")
        click(add)
        return top_level(app, "New Person")

    def test_the_person_typed_in_add_new_comes_back_after_a_kill(self):
        app = self.launch_app(data_home=self.data_home)
        root = unlock(app)
        switch_model(root, "Invoice")
        focus(entry(root, "Number"))
        type_keys("2026-020")
        dialog = self.add_new_customer(app, root, "Charles")
        wait_until(lambda: text_of(entry(dialog, "First name")) == "Charles",
                   message="the typed name did not start the new person")
        focus(entry(dialog, "Last name"))
        type_keys("Babbage")
        # Within a second of typing the draft is in the sealed store.
        time.sleep(1.0)
        os.killpg(app.process.pid, signal.SIGKILL)
        app.process.wait(5)
        with open(os.path.join(self.data_home, "pinform", "records.sqlite"), "rb") as records:
            data = records.read()
        for typed in (b"Charles", b"Babbage", b"2026-020"):
            self.assertNotIn(typed, data, "a draft is in the file in plaintext")

        app = self.launch_app(data_home=self.data_home)
        root = app.accessible()
        find(root, role="push button", name="2", visible=True, timeout=20)
        press_pin(root)
        click(find(top_level(app, "Restore the unsaved invoice?"), role="push button", name="Restore", visible=True))
        wait_until(lambda: text_of(entry(root, "Number")) == "2026-020", message="the invoice did not come back")

        # "Add new…" again: the person typed before is offered back.
        dialog = self.add_new_customer(app, root, "Ch")
        click(find(top_level(app, "Restore the unsaved person?"), role="push button", name="Restore", visible=True))
        wait_until(lambda: text_of(entry(dialog, "Last name")) == "Babbage", message="the last name did not come back")
        self.assertEqual(text_of(entry(dialog, "First name")), "Charles")
        for name, value in (("Birth date", "1991-12-26"), ("Email", "charles@example.com"), ("Height", "1.75")):
            field = entry(dialog, name)
            focus(field)
            set_text(field, value)
        save = find(dialog, role="push button", name="Save", visible=True)
        wait_until(lambda: "sensitive" in states(save), message="Save stayed insensitive in “New Person”: "
                   + repr([text_of(label) for label in find_all(dialog, role="label", visible=True)]))
        click(save)
        wait_until(lambda: (text_of(entry(root, "Customer")) or "").startswith("Charles Babbage"),
                   message="the new person did not become the customer")

        # Saved: the next "Add new…" starts empty, with no question.
        dialog = self.add_new_customer(app, root, "Z")
        time.sleep(1.0)
        self.assertIsNone(open_dialog(app.accessible(), "Restore the unsaved person?"),
                          "the saved person's draft was offered again")
        self.assertEqual(text_of(entry(dialog, "Last name")) or "", "")
