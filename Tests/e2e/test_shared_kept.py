"""End-to-end: saves kept while the shared database's server is stopped, the window closed with
them waiting — it warns, Keep Open keeps it open, Close Anyway closes — and the next unlock (the
server back) sends them, in order, into the server's table.
"""
from pinform_e2e import (AppTestCase, click, dialog_named, find, open_dialog, response_button, set_text, text_of,
                         wait_until)
from private_cluster import PrivateCluster
from test_records import message, save_person, shown_texts, unlock, wait_for_rows

PASSWORD = "front-desk-pw"
WARNING = "3 saves are waiting for the server. They are kept sealed on this desk and sent at the next unlock."
PEOPLE = [("Grace", "Hopper", "1906-12-09", "grace@example.com"), ("Alan", "Turing", "1912-06-23", "alan@example.com"),
          ("Edsger", "Dijkstra", "1930-05-11", "edsger@example.com")]


class SharedKeptSavesTests(AppTestCase):
    def setUp(self):
        self.cluster = PrivateCluster()
        self.addCleanup(self.cluster.stop)
        self.cluster.psql(f"CREATE ROLE front_desk LOGIN PASSWORD '{PASSWORD}'")
        self.cluster.psql("CREATE DATABASE clinic OWNER front_desk")

    def join(self, app):
        root = unlock(app)
        dialog = dialog_named(root, "Join a Shared Database", 10)
        set_text(find(dialog, role="password text", name="Password", visible=True), PASSWORD)
        click(response_button(dialog, "Join"))
        wait_until(lambda: open_dialog(root, "Join a Shared Database") is None, 10,
                   "the join dialog stayed")
        return root

    def close_window(self, root):
        # The toasts' own close buttons go first: the title bar's Close is then the only one.
        wait_until(lambda: not shown_texts(root, "kept on this desk") and not shown_texts(root, "cannot be reached"), 60,
                   "the toasts stayed")
        click(find(root, role="push button", name="Close", visible=True))

    def test_closing_the_window_with_kept_saves_warns_and_the_next_unlock_sends_them(self):
        app = self.launch_app(args=["--connect", self.cluster.address("clinic", "front_desk")])
        root = self.join(app)
        save_person(root, {"First name": "Ada", "Last name": "Lovelace", "Birth date": "1815-12-10",
                           "Email": "ada@example.com", "Height": "1.65"})
        wait_for_rows(root, 1)

        self.cluster.pause()
        for count, (first, last, born, email) in enumerate(PEOPLE, start=1):
            save_person(root, {"First name": first, "Last name": last, "Birth date": born, "Email": email, "Height": "1.70"})
            # Each save's toast is read at once: it shows for 8 s, and one walk of the whole
            # accessibility tree takes 1-3 s here (three walks after the third save outlived it).
            kept = message(root, "1 save waits" if count == 1 else f"{count} saves wait")
            self.assertIn("The save is kept on this desk", kept)
            wait_until(lambda: not text_of(find(root, role="text", name="First name", visible=True)), 10,
                       "the form was not cleared after the save")

        self.close_window(root)
        message(root, WARNING)
        click(find(root, role="push button", name="Keep Open", visible=True))
        wait_until(lambda: not shown_texts(root, WARNING), 10, "the warning stayed")
        self.assertTrue(app.is_running(), "Keep Open closed the app")
        find(root, role="text", name="First name", visible=True)

        self.close_window(root)
        message(root, WARNING)
        click(find(root, role="push button", name="Close Anyway", visible=True))
        app.wait_for_exit(10)
        self.assertEqual(self.cluster_count_after_start(), "1", "nothing was sent while the window closed")

        again = self.launch_app(data_home=app.data_home, config_home=app.config_home)
        root = unlock(again)
        wait_until(lambda: self.cluster.psql("SELECT count(*) FROM person", "clinic") == "4", 20,
                   "the kept saves were not sent at the next unlock")
        self.assertEqual(self.cluster.psql("SELECT last_name FROM person ORDER BY id", "clinic"),
                         "Lovelace\nHopper\nTuring\nDijkstra")
        wait_for_rows(root, 4)

    def cluster_count_after_start(self):
        self.cluster.start()
        return self.cluster.psql("SELECT count(*) FROM person", "clinic")
