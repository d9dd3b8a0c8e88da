"""End-to-end test of a form made in the app that links to a model written in Swift: an Intake
form's Patient is a Person. The person is saved on the Person page, the form is made in the
designer (the link's target drop-down starts at Person), an intake is entered choosing the
person by what is typed (Enter takes the first match), the intake's list shows the person, and deleting the person is refused
while the intake links to them.
"""
import os
import shutil
import tempfile
import time

from orca_session import press_combination
from pinform_e2e import AppTestCase, click, find, find_all, focus, press_key, screenshot, set_text, states, text_of, wait_until
from test_form_designer import choose, designer_entries
from test_forms import switch_model
from test_import import window_named
from test_records import PEOPLE, cell_label, row_names, save_person, single_click, unlock, wait_for_rows

# The link kind's place in the designer's kind drop-down (FormDesignerKind).
LINK_KIND = 12


class FormLinkToPersonTests(AppTestCase):
    def setUp(self):
        self.data_home = tempfile.mkdtemp(prefix="pinform-e2e-link-data-")
        self.config_home = tempfile.mkdtemp(prefix="pinform-e2e-link-config-")
        for folder in (self.data_home, self.config_home):
            self.addCleanup(shutil.rmtree, folder, True)

    def add_field(self, designer, name, kind_index):
        before = len(designer_entries(designer, "Field name"))
        press_combination("Control", "n")
        names = wait_until(lambda: (lambda found: found if len(found) > before else None)(
            designer_entries(designer, "Field name")), message="Ctrl+N added no field")
        set_text(names[-1], name)
        if kind_index:
            choose(kind_index)

    def test_an_intake_links_to_a_person_lists_them_and_keeps_them_from_being_deleted(self):
        self.on_xwayland = True  # the pointer (devices.py)
        app = self.launch_app(data_home=self.data_home, config_home=self.config_home)
        root = unlock(app)
        save_person(root, PEOPLE[0])
        wait_for_rows(root, 1)

        click(self.menu_item(app, "New Form…"))
        designer = window_named(app, "New Form")
        set_text(find(designer, role="text", name="Form name"), "Intake")
        self.add_field(designer, "Reason", 0)
        self.add_field(designer, "Patient", LINK_KIND)
        press_combination("Control", "s")
        wait_until(lambda: not find_all(app.accessible(), name="New Form"), 10, "the designer did not close on Ctrl+S")

        set_text(find(root, role="text", name="Reason", visible=True, timeout=10), "Check-up")
        patient = find(root, role="text", name="Patient", visible=True)
        focus(patient)
        set_text(patient, "Lovelace")
        # The first match is highlighted: Enter chooses it (the chooser's keyboard way).
        time.sleep(1.0)
        press_key("Return")
        try:
            wait_until(lambda: (text_of(patient) or "").startswith("Ada Lovelace"), message="the person was not chosen")
        except Exception:
            if os.environ.get("PINFORM_E2E_FAILURE_SHOT"):
                screenshot(os.environ["PINFORM_E2E_FAILURE_SHOT"])
            raise
        save = find(root, role="push button", name="Save", visible=True)
        wait_until(lambda: "sensitive" in states(save), message="Save stayed insensitive")
        click(save)
        wait_for_rows(root, 1)
        # The row's name has every column, those its pane has no room for too.
        listed = row_names(root)[0]
        self.assertIn("Check-up", listed)
        self.assertIn("Ada Lovelace", listed, f"the person is not listed: {listed}")

        switch_model(root, "Person")
        wait_for_rows(root, 1)
        single_click(cell_label(root, "Lovelace"))
        delete = find(root, role="push button", name="Delete", visible=True)
        wait_until(lambda: "sensitive" in states(delete), message="Delete stayed insensitive")
        click(delete)
        find(root, name="Not deleted: 1 record of the form “Intake” links to it. Change that link first.",
             visible=True, timeout=10)
        time.sleep(0.5)
        self.assertEqual(len(wait_for_rows(root, 1)), 1, "the linked person was deleted")
        app.quit()
