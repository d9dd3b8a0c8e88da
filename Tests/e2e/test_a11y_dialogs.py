"""Names assistive technologies read in the app's dialogs, each opened as a user would: the CSV
import preview, the form designer and its delete question, the record deleted (its toast), the
restore-draft question after Lock, the new recovery key's question, PIN check and key, and the
backups' questions. No part is named after its GTK type, no
Tab stop is unnamed (`is_tab_stop`), and no button is named twice over ("Continue Continue", as
libadwaita 1.2 named a message dialog's responses by their text and their label). An alert
dialog over the records' window or Preferences is inside that window (role "alert"), over
any other window a window of its own: `dialog_named` finds it either way.

The conflict dialog (ConflictDialog, "Edited at Another Desk") needs a shared database on a
PostgreSQL server: its names are checked in test_shared's cluster-backed tests' window and by
SharedEditedElsewhereTests; it is not opened here."""
import csv
import os
import re
import shutil
import tempfile
import time
import unittest

from orca_session import press_combination
from pinform_e2e import (AppTestCase, _children, _walk, click, confirm_recovery_key_saved, dialog_named, find, find_all,
                         focus, press_key, read_recovery_key, recovery_key_dialog, response_button, role_name, set_text,
                         states, text_of, wait_until)
from test_a11y_names import badly_named, type_named
from test_a11y_windows import report
from test_backups import schemas_with_backup_folder
from test_import import window_named
from test_records import (PEOPLE, PIN, cell_label, choose_path, press_pin, save_person, single_click, top_level,
                          unlock, wait_for_rows)

DOUBLED = re.compile(r"^(.+) \1$")


def named_twice(root):
    """Nodes under `root` whose name is one text said twice ("Continue Continue")."""
    found = []
    for node in _walk(root):
        try:
            if DOUBLED.match(node.name or ""):
                found.append(f"{role_name(node)} {node.name!r}")
        except Exception:  # noqa: BLE001 - nodes come and go
            continue
    return found


def child_named(app, name, timeout=20):
    """A window or dialog of the app whose name is `name`: a top-level, or an alert dialog shown
    inside the records' window."""
    return dialog_named(app.accessible(), name, timeout)


class DialogNameTests(AppTestCase):
    def setUp(self):
        self.data_home = tempfile.mkdtemp(prefix="pinform-e2e-a11y-dialogs-data-")
        self.config_home = tempfile.mkdtemp(prefix="pinform-e2e-a11y-dialogs-config-")
        # Letters and digits only: the path is typed into the file chooser.
        self.folder = os.path.join(tempfile.gettempdir(), f"pinforma11y{os.getpid()}{int(time.time())}")
        os.makedirs(self.folder)
        for folder in (self.data_home, self.config_home, self.folder):
            self.addCleanup(shutil.rmtree, folder, True)

    def open_unlocked(self, env=None):
        app = self.launch_app(data_home=self.data_home, config_home=self.config_home, env=env)
        return app, unlock(app)

    def assert_named(self, title, window):
        found = report(title, badly_named(window))
        self.assertEqual(found, [], title)
        self.assertEqual(type_named(window), [], title)
        self.assertEqual(report(f"{title} (named twice)", named_twice(window)), [], title)

    def choose_file(self, app, chooser_title, path, button):
        choose_path(window_named(app, chooser_title), path, button)

    def test_walk_the_import_preview(self):
        app, root = self.open_unlocked()
        path = os.path.join(self.folder, "people.csv")
        with open(path, "w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(["First name", "Last name", "Birth date", "Phone", "Email", "Height"])
            writer.writerow(["Ada", "Lovelace", "1990-12-10", "", "ada@example.com", "1.65"])
            writer.writerow(["", "Nameless", "", "", "nameless@example.com", "1.70"])
        click(self.menu_item(app, "Import…"))
        self.choose_file(app, "Import Records", path, "Open")
        dialog = window_named(app, "Import Person")
        wait_until(lambda: find_all(dialog, role="push button", name="Import 1 Record", visible=True), 30,
                   "the preview did not finish")
        find(dialog, role="label", name="Nameless", visible=True)
        self.assert_named("import preview", dialog)

    def test_walk_the_form_designer_and_its_delete_question(self):
        app, root = self.open_unlocked()
        click(self.menu_item(app, "New Form…"))
        designer = window_named(app, "New Form")
        set_text(find(designer, role="text", name="Form name"), "Club")
        press_combination("Control", "n")
        names = wait_until(lambda: find_all(designer, role="text", name="Field name", visible=True),
                           message="Ctrl+N added no field")
        set_text(names[-1], "Name")
        wait_until(lambda: find_all(designer, role="text", name="Name"), message="no preview of Name")
        self.assert_named("form designer", designer)
        press_combination("Control", "s")
        wait_until(lambda: not find_all(app.accessible(), name="New Form"), 10, "the designer did not close on Ctrl+S")

        click(self.menu_item(app, "Edit Form…"))
        designer = window_named(app, "Edit Form “Club”")
        self.assert_named("form designer (edit)", designer)
        click(find(designer, role="push button", name="Delete Form…", visible=True))
        question = window_named(app, "Delete the form “Club”?")
        find(question, role="push button", name="Delete Form", visible=True)
        self.assert_named("delete form question", question)

    def test_walk_the_deleted_record_toast_and_the_restore_draft_question(self):
        self.on_xwayland = True  # the pointer (devices.py)
        app, root = self.open_unlocked()
        save_person(root, PEOPLE[0])
        wait_for_rows(root, 1)
        single_click(cell_label(root, "Lovelace"))
        press_key("Delete")
        find(root, role="push button", name="Undo", visible=True, timeout=10)
        # The window with the toast saying what was deleted, its Undo and its close button.
        self.assert_named("form window with the deleted record's toast", app.window("Pinform"))

        field = find(root, role="text", name="First name", visible=True)
        focus(field)
        set_text(field, "Half-typed")
        click(self.menu_item(app, "Lock"))
        wait_until(lambda: find_all(root, role="push button", name="2", visible=True), 20, "Lock did not lock")
        press_pin(root, PIN)
        question = child_named(app, "Restore the unsaved person?")
        find(question, role="push button", name="Restore", visible=True)
        self.assert_named("restore draft question", question)

    def test_walk_the_new_recovery_key_question_pin_check_and_key(self):
        app, root = self.open_unlocked()
        click(self.menu_item(app, "New Recovery Key…"))
        question = child_named(app, "Make a New Recovery Key?")
        find(question, role="push button", name="Make New Key", visible=True)
        self.assert_named("new recovery key question", question)
        click(response_button(question, "Make New Key"))
        check = child_named(app, "New Recovery Key", 10)
        find(check, role="label", name="Enter your PIN to make a new recovery key.")
        self.assert_named("PIN check", check)
        for digit in PIN:
            click(find(check, role="push button", name=digit, visible=True))
        dialog = recovery_key_dialog(app.accessible())
        read_recovery_key(dialog)
        self.assert_named("new recovery key", dialog)
        confirm_recovery_key_saved(dialog)
        self.assert_named("new recovery key, saved", dialog)

    def test_walk_the_backups_questions(self):
        schemas = schemas_with_backup_folder(self.folder)
        if schemas is None:
            raise unittest.SkipTest("no test schemas to set the backup folder in")
        self.addCleanup(shutil.rmtree, schemas, True)
        app, root = self.open_unlocked(env={"GSETTINGS_SCHEMA_DIR": schemas})
        save_person(root, PEOPLE[0])
        wait_for_rows(root, 1)
        press_combination("Control", ord(","))
        preferences = top_level(app, "Preferences")
        click(find(preferences, role="push button", name="Back Up Now", visible=True))
        wait_until(lambda: any("Backed up and checked" in text_of(label) for label in find_all(preferences, role="label")),
                   20, "Back Up Now said nothing")
        self.assert_named("Preferences after a backup", preferences)
        backup = os.path.join(self.folder, next(name for name in os.listdir(self.folder)
                                                if name.endswith(".pinform-backup")))
        click(find(preferences, role="push button", name="Restore…", visible=True))
        self.choose_file(app, "Restore from a Backup", backup, "Restore…")
        question = child_named(app, "Replace the records with this backup?")
        restore = find(question, role="push button", name="Restore", visible=True)
        self.assert_named("restore backup question", question)
        # Restore opens the backup with its PIN first (offered once the PIN is typed).
        set_text(find(question, role="password text", name="The backup’s PIN or recovery key", visible=True), PIN)
        wait_until(lambda: "sensitive" in states(restore), 5, "Restore stayed insensitive with the PIN typed")
        click(restore)
        application = app.accessible()
        said = wait_until(lambda: next((child for child in _children(application)
                                        if any("Backup restored" in text_of(label) for label in find_all(child, role="label"))),
                                       None), 20, "the restore said nothing")
        self.assert_named("backup restored", said)


if __name__ == "__main__":
    unittest.main()
