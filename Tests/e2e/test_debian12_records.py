"""End-to-end: records made on Debian 12 open in the real binary on Debian 13.

fixtures/debian12-install is a whole installation written on Debian 12 by the last build before
the move (SQLCipher 3.4.1: 1024-byte pages, HMAC-SHA1; its README says how). Its PIN unlocks it
in the PIN window, the saved people show, and the records file is then in SQLCipher 4's format:
the SQLCipher shell reads it with SQLCipher 4's settings and the data key, and the key file says
"sqlcipher-4". Started again, the same PIN opens the moved file.
"""
import json
import os
import shutil
import tempfile

from pinform_e2e import AppTestCase, click, find, find_all, wait_until
from test_records import press_pin, records_path, rows, sqlcipher, wait_for_rows

FIXTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "debian12-install")


class Debian12RecordsTests(AppTestCase):
    def install_fixture(self):
        """A copy of the fixture's data and config folders as the app's; their XDG homes."""
        homes = []
        for part in ("data", "config"):
            home = tempfile.mkdtemp(prefix=f"pinform-e2e-d12-{part}-")
            self.addCleanup(shutil.rmtree, home, True)
            shutil.copytree(os.path.join(FIXTURE, part), os.path.join(home, "pinform"))
            os.chmod(os.path.join(home, "pinform"), 0o700)
            homes.append(home)
        return homes

    def unlock_and_list(self, data_home, config_home, pin):
        app = self.launch_app(data_home=data_home, config_home=config_home)
        root = app.accessible()
        find(root, role="label", name="Enter PIN", timeout=20)
        press_pin(root, pin)
        # The records list shows in every layout; the window may open on the invoices, where the
        # fixture's draft is.
        wait_until(lambda: find_all(root, name="Records", visible=True), 30, "the records did not show")
        click(find(root, role="page tab", name="Person"))
        listed = wait_for_rows(root, 5)
        return app, root, listed

    def test_a_debian_12_installation_unlocks_shows_its_records_and_is_moved_to_sqlcipher_4(self):
        with open(os.path.join(FIXTURE, "fixture.json"), encoding="utf-8") as handle:
            facts = json.load(handle)
        data_home, config_home = self.install_fixture()
        keys_path = os.path.join(data_home, "pinform", "keys.json")
        with open(keys_path, encoding="utf-8") as handle:
            self.assertEqual(json.load(handle)["database"], "sqlcipher-3.4")

        app, root, listed = self.unlock_and_list(data_home, config_home, facts["pin"])
        names = [" ".join(row) for row in listed]
        for name in ("Lovelace", "Turing", "Hopper", "du Châtelet"):
            self.assertTrue(any(name in row for row in names), f"{name} is not listed: {names}")
        self.assertFalse(find_all(root, role="label", name="Enter PIN", visible=True))

        def moved():
            with open(keys_path, encoding="utf-8") as handle:
                return json.load(handle)["database"] == "sqlcipher-4"
        wait_until(moved, 20, "the key file does not say sqlcipher-4")
        path = records_path(data_home)
        # SQLCipher 4's settings (test_records.CIPHER_SETTINGS) and the data key read it now.
        self.assertEqual(sqlcipher(path, facts["dataKey"], "SELECT count(*) FROM person;")[-1], "5")
        self.assertEqual(sqlcipher(path, facts["dataKey"], "SELECT count(*) FROM invoice;")[-1], "3")
        with open(path, "rb") as handle:
            self.assertFalse(handle.read(16).startswith(b"SQLite format 3"))
        self.assertFalse(any(name.endswith(".sqlcipher4") for name in os.listdir(os.path.join(data_home, "pinform"))))
        app.quit()

        app, root, listed = self.unlock_and_list(data_home, config_home, facts["pin"])
        self.assertEqual(sorted(" ".join(row) for row in listed), sorted(names))
        self.assertEqual(len(rows(root)), 5)
        app.quit()
