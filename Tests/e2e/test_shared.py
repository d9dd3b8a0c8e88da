"""End-to-end tests of a shared PostgreSQL database, on a private cluster: the real binary joins
it from the command line (`--connect ADDRESS`; the password typed in the join dialog, never in
the arguments), saves a person into the server's typed table, and shows another desk's save
without a reload; a save while the server is stopped is kept, said so, and sent when it is back.
"""
import json
import os
import time

from pinform_e2e import AppTestCase, click, dialog_named, find, open_dialog, response_button, set_text, wait_until
from private_cluster import PrivateCluster
from test_records import message, rows, save_person, unlock, wait_for_rows

PASSWORD = "front-desk-pw"


class SharedDatabaseTests(AppTestCase):
    def setUp(self):
        self.cluster = PrivateCluster()
        self.addCleanup(self.cluster.stop)
        self.cluster.psql(f"CREATE ROLE front_desk LOGIN PASSWORD '{PASSWORD}'")
        self.cluster.psql("CREATE DATABASE clinic OWNER front_desk")

    def join(self, app):
        root = unlock(app)
        dialog = dialog_named(root, "Join a Shared Database", 10)
        password = find(dialog, role="password text", name="Password", visible=True)
        set_text(password, PASSWORD)
        click(response_button(dialog, "Join"))
        wait_until(lambda: open_dialog(root, "Join a Shared Database") is None, 10,
                   "the join dialog stayed")
        return root

    def test_a_desk_joins_from_the_command_line_and_shows_another_desks_save_without_a_reload(self):
        address = self.cluster.address("clinic", "front_desk")
        app = self.launch_app(args=["--connect", address])
        root = self.join(app)
        with open(f"/proc/{app.pid}/cmdline", "rb") as handle:
            self.assertNotIn(PASSWORD.encode(), handle.read(), "the password is in no process argument")
        keys = open(os.path.join(app.data_home, "pinform", "keys.json")).read()
        self.assertNotIn(PASSWORD, keys, "the password is sealed, not stored")
        self.assertIn("shared-database", json.loads(keys)["credentials"])

        save_person(root, {"First name": "Ada", "Last name": "Lovelace", "Birth date": "1815-12-10",
                           "Email": "ada@example.com", "Height": "1.65"})
        wait_for_rows(root, 1)
        self.assertEqual(self.cluster.psql("SELECT first_name, last_name, birth_date, height FROM person", "clinic"),
                         "Ada|Lovelace|1815-12-10|1.65")

        # Another desk saves a person (as its store would: the JSON and the typed columns).
        start = time.monotonic()
        self.cluster.psql(
            "INSERT INTO person (_json, _search, first_name, last_name, birth_date, email, height) "
            "SELECT jsonb_set(jsonb_set(_json, '{firstName}', '\"Grace\"'), '{lastName}', '\"Hopper\"'), "
            "'grace\nhopper\nada@example.com', 'Grace', 'Hopper', birth_date, email, height FROM person", "clinic")
        wait_until(lambda: len(rows(root)) == 2, 5, "desk B's save did not show at desk A")
        self.assertLess(time.monotonic() - start, 2.0)
        self.assertIn("Hopper", [row[1] for row in rows(root)])

    def test_a_save_while_the_server_is_stopped_is_kept_and_sent_when_it_is_back(self):
        app = self.launch_app(args=["--connect", self.cluster.address("clinic", "front_desk")])
        root = self.join(app)
        save_person(root, {"First name": "Ada", "Last name": "Lovelace", "Birth date": "1815-12-10",
                           "Email": "ada@example.com", "Height": "1.65"})
        wait_for_rows(root, 1)

        self.cluster.pause()
        save_person(root, {"First name": "Grace", "Last name": "Hopper", "Birth date": "1906-12-09",
                           "Email": "grace@example.com", "Height": "1.70"})
        message(root, "The save is kept on this desk")

        self.cluster.start()
        wait_until(lambda: self.cluster.psql("SELECT count(*) FROM person", "clinic") == "2", 20,
                   "the kept save was not sent when the server was back")
        self.assertEqual(self.cluster.psql("SELECT last_name FROM person ORDER BY id", "clinic"), "Lovelace\nHopper")
        wait_until(lambda: len(rows(root)) == 2, 10, "the list did not show the sent save")
