"""Names assistive technologies read in the conflict dialog ("Edited at Another Desk"), opened
as it happens: a record edited at this desk while another desk (psql on a private PostgreSQL
cluster) changed the same field; then, on the same shared desk, in the form window with its
History button (shown only for a shared database) and in the record's history ("History of This
Record"). As test_a11y_dialogs: no GTK type names, no unnamed Tab stop, no button named
twice ("Keep Mine Keep Mine")."""
import unittest

import test_a11y_dialogs
import test_shared
from pinform_e2e import (AppTestCase, click, dialog_named, find, focus, open_dialog, press_key, response_button,
                         set_text, states, wait_until)
from test_records import cell_label, rows, save_person, single_click, wait_for_rows


class ConflictDialogNameTests(AppTestCase):
    # Imported as modules: a TestCase class imported by name would run here too.
    setUp = test_shared.SharedDatabaseTests.setUp
    join = test_shared.SharedDatabaseTests.join
    assert_named = test_a11y_dialogs.DialogNameTests.assert_named

    def test_walk_the_conflict_dialog_and_the_history(self):
        self.on_xwayland = True  # the pointer (devices.py)
        app = self.launch_app(args=["--connect", self.cluster.address("clinic", "front_desk")])
        root = self.join(app)
        save_person(root, {"First name": "Ada", "Last name": "Lovelace", "Birth date": "1815-12-10",
                           "Email": "ada@example.com", "Height": "1.65"})
        wait_for_rows(root, 1)
        single_click(cell_label(root, "Lovelace"))
        press_key("Return")
        dialog = app.window("Edit Person")
        last_name = find(dialog, role="text", name="Last name", visible=True)
        focus(last_name)
        set_text(last_name, "King")
        # Another desk changes the same field meanwhile.
        self.cluster.psql("UPDATE person SET _json = jsonb_set(_json, '{lastName}', '\"Byron\"'), "
                          "last_name = 'Byron', _search = 'ada\nbyron\nada@example.com'", "clinic")
        wait_until(lambda: any("Byron" in row for row in rows(root)), 10, "the other desk's change did not show")
        click(find(dialog, role="push button", name="Save", visible=True))
        application = app.accessible()
        conflict = dialog_named(application, "Edited at Another Desk", 20)
        keep = response_button(conflict, "Keep Mine")
        self.assert_named("conflict dialog", conflict)

        # The shared desk's form window, its History button shown, and the record's history.
        click(keep)
        wait_until(lambda: not any(open_dialog(application, name) for name in ("Edited at Another Desk", "Edit Person")),
                   20, "the dialogs stayed open")
        window = app.window("Pinform")
        history = find(window, role="push button", name="History", visible=True)
        if "sensitive" not in states(history):
            single_click(cell_label(root, "King"))
        wait_until(lambda: "sensitive" in states(history), 10, "History stayed insensitive with a record selected")
        self.assert_named("shared form window", window)
        click(history)
        dialog = dialog_named(application, "History of This Record", 20)
        find(dialog, role="push button", name="Close", visible=True)
        self.assert_named("history dialog", dialog)


if __name__ == "__main__":
    unittest.main()
