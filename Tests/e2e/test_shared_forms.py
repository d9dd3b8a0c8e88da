"""End-to-end test of the forms made in the app on a shared PostgreSQL database (a private
cluster): desk A joins, makes a form in the designer and saves a record in it; the form is on the
server (`_pinform_form`, changed by the desk's role), not only in desk A's file; desk B — its own
folders and PIN — joins and shows the form and desk A's record; a clerk's desk uses the form, and
its New Form… says that only the database's owner changes forms.

Helpers come from the modules (not their classes imported), so that their tests are not
collected here a second time.
"""
from orca_session import press_combination
import subprocess

from pinform_e2e import AppTestCase, click, find, find_all, pinform_bin, set_text, states, wait_until
from private_cluster import PrivateCluster
import test_form_designer
from test_forms import switch_model
from test_import import window_named
from test_records import message, rows, wait_for_rows
import test_shared
from test_shared import PASSWORD


class SharedFormsTests(AppTestCase):
    def setUp(self):
        self.cluster = PrivateCluster()
        self.addCleanup(self.cluster.stop)
        self.cluster.psql(f"CREATE ROLE front_desk LOGIN PASSWORD '{PASSWORD}'")
        self.cluster.psql("CREATE DATABASE clinic OWNER front_desk")

    def test_a_form_made_at_one_desk_is_the_servers_and_used_at_another(self):
        address = self.cluster.address("clinic", "front_desk")
        app = self.launch_app(args=["--connect", address])
        root = test_shared.SharedDatabaseTests.join(self, app)
        click(self.menu_item(app, "New Form…"))
        designer = window_named(app, "New Form")
        name = find(designer, role="text", name="Form name")
        wait_until(lambda: "focused" in states(name), message="the form name is not focused")
        set_text(name, "Member")
        test_form_designer.FormDesignerTests.add_field(self, designer, "Name", "text")
        press_combination("Control", "s")
        wait_until(lambda: not find_all(app.accessible(), name="New Form"), 10, "the designer did not close on Ctrl+S")
        entry = find(root, role="text", name="Name", visible=True, timeout=10)
        self.assertEqual(self.cluster.psql("SELECT document->>'name', version, updated_by FROM _pinform_form", "clinic"),
                         "Member|1|front_desk")
        set_text(entry, "Ada Lovelace")
        save = find(root, role="push button", name="Save", visible=True)
        wait_until(lambda: "sensitive" in states(save), message="Save stayed insensitive")
        click(save)
        wait_for_rows(root, 1)
        app.quit()

        other = self.launch_app(args=["--connect", address])
        other_root = test_shared.SharedDatabaseTests.join(self, other)
        switch_model(other_root, "Member")
        find(other_root, role="text", name="Name", visible=True, timeout=10)
        wait_until(lambda: any("Ada Lovelace" in cell for row in rows(other_root) for cell in row), 10,
                   "desk A's record did not show at desk B")
        other.quit()

        setup = subprocess.run([pinform_bin(), "--shared-setup-sql"], capture_output=True, text=True, check=True).stdout
        self.cluster.psql(setup, "clinic")
        self.cluster.psql(f"CREATE ROLE front_desk_2 LOGIN PASSWORD '{PASSWORD}' IN ROLE pinform_clerks")
        clerk = self.launch_app(args=["--connect", self.cluster.address("clinic", "front_desk_2")])
        clerk_root = test_shared.SharedDatabaseTests.join(self, clerk)
        switch_model(clerk_root, "Member")
        wait_until(lambda: any("Ada Lovelace" in cell for row in rows(clerk_root) for cell in row), 10,
                   "the clerk's desk did not list the form's record")
        click(self.menu_item(clerk, "New Form…"))
        message(clerk_root, "Only the owner of the shared database can change its forms")
        self.assertFalse(find_all(clerk.accessible(), name="New Form", role="frame"), "no designer opened")
