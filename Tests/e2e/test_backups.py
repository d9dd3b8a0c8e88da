"""End-to-end: Preferences → Backups in the running app. Back Up Now writes a checked backup
into the folder chosen; Restore… (through the real file chooser, then a question) locks, keeps
the current data aside, and the PIN window opens the backup's records with the backup's PIN."""
import os
import shutil
import subprocess
import tempfile
import time

from orca_session import press_combination
from pinform_e2e import (AppTestCase, _children, click, dialog_named, dismiss_recovery_key, find, find_all,
                         four_digit_schemas, open_dialog, press_key, response_button, set_text, states, wait_until)
from test_records import (PEOPLE, PIN, choose_path, press_pin, count_in_database, data_key, message, records_path, rows, save_person,
                          sqlcipher, top_level, unlock, wait_for_rows)


def schemas_with_backup_folder(folder, daily=False):
    """The tests' schemas (four-digit PINs) with `folder` as the backup folder (and the daily
    backup on, with `daily`)."""
    base = four_digit_schemas()
    if base is None:
        return None
    schemas = tempfile.mkdtemp(prefix="pinform-e2e-backup-schemas-")
    for name in os.listdir(base):
        if name.endswith(".gschema.xml") or name.endswith(".override"):
            shutil.copy(os.path.join(base, name), schemas)
    with open(os.path.join(schemas, "zz-backups.gschema.override"), "w") as handle:
        handle.write(f"[io.github.pinform.Pinform]\nbackup-folder='{folder}'\nbackup-daily={'true' if daily else 'false'}\n")
    subprocess.run(["glib-compile-schemas", "--strict", schemas], check=True)
    return schemas


class BackupTests(AppTestCase):
    def setUp(self):
        # Letters and digits only: the path is typed into the file chooser.
        self.folder = os.path.join(tempfile.gettempdir(), f"pinformbackups{os.getpid()}{int(time.time())}")
        os.makedirs(self.folder)
        self.data_home = tempfile.mkdtemp(prefix="pinform-e2e-backup-data-")
        self.config_home = tempfile.mkdtemp(prefix="pinform-e2e-backup-config-")
        for folder in (self.folder, self.data_home, self.config_home):
            self.addCleanup(shutil.rmtree, folder, True)
        self.schemas = schemas_with_backup_folder(self.folder)
        if self.schemas:
            self.addCleanup(shutil.rmtree, self.schemas, True)

    def open_backups(self, app):
        press_combination("Control", ord(","))
        return top_level(app, "Preferences")

    @staticmethod
    def preferences_open(app):
        # A dialog (AdwPreferencesDialog) inside the records' window, or a window of its own.
        return open_dialog(app.accessible(), "Preferences") is not None

    def data_folder(self, app):
        return os.path.join(self.data_home, "pinform")

    def backups(self):
        return sorted(name for name in os.listdir(self.folder) if name.endswith(".pinform-backup"))

    def choose_backup(self, app, preferences, backup, secret, wrong=None):
        """Restore… in Preferences, the backup typed into the real file chooser, its PIN or
        recovery key typed into the question (first `wrong`, when given: asked again with why),
        and Restore."""
        click(find(preferences, role="push button", name="Restore…", visible=True))
        choose_path(top_level(app, "Restore from a Backup"), backup, "Restore…")
        application = app.accessible()
        for typed in ([wrong] if wrong else []) + [secret]:
            restore = wait_until(lambda: next(iter(find_all(application, role="push button", name="Restore", visible=True)),
                                              None), 20, "the restore was not asked about")
            message(application, "Replace the records with this backup?")
            self.assertNotIn("sensitive", states(restore), "Restore is offered before the backup's PIN is typed")
            entry = find(application, role="password text", name="The backup’s PIN or recovery key", visible=True)
            set_text(entry, typed)
            wait_until(lambda: "sensitive" in states(restore), 5, "Restore stayed insensitive with the PIN typed")
            click(restore)
            if typed == wrong:
                message(application, "does not open the backup", timeout=20)
                self.assertFalse(any(name.startswith("before-restore-") for name in os.listdir(self.data_folder(app))),
                                 "a wrong PIN replaced the records")
        message(application, "Backup restored", timeout=20)
        # The message's own Close: the PIN window's title bar has a Close button too.
        click(response_button(dialog_named(application, "Backup restored"), "Close"))

    def test_on_a_fresh_home_a_backup_restored_from_the_pin_window_opens_with_the_recovery_key(self):
        daily = schemas_with_backup_folder(self.folder, daily=True)
        if daily:
            self.addCleanup(shutil.rmtree, daily, True)
        env = {"GSETTINGS_SCHEMA_DIR": daily} if daily else {}
        app = self.launch_app(data_home=self.data_home, config_home=self.config_home, env=env)
        root = app.accessible()
        find(root, role="label", name="Choose a PIN", timeout=20)
        press_pin(root, PIN)
        find(root, role="label", name="Confirm PIN", timeout=10)
        press_pin(root, PIN)
        recovery_key = dismiss_recovery_key(root)
        find(root, role="text", name="First name", timeout=20)
        # The daily backup is made at the unlock (none was there yet).
        wait_until(lambda: any(name.startswith("pinform-auto-") for name in self.backups()), 20,
                   "no daily backup was made at the unlock")
        save_person(root, PEOPLE[2])
        wait_for_rows(root, 1)
        click(find(self.open_backups(app), role="push button", name="Back Up Now", visible=True))
        wait_until(lambda: len(self.backups()) == 2, 20, "no backup was written")
        backup = os.path.join(self.folder, next(name for name in self.backups() if not name.startswith("pinform-auto-")))
        app.quit()

        # A new computer: nothing in its data folder; Preferences from the PIN window's menu.
        fresh_data = tempfile.mkdtemp(prefix="pinform-e2e-backup-fresh-")
        self.addCleanup(shutil.rmtree, fresh_data, True)
        app = self.launch_app(data_home=fresh_data, env=env)
        root = app.accessible()
        find(root, role="label", name="Choose a PIN", timeout=20)
        click(self.menu_item(app, "Preferences"))
        self.choose_backup(app, top_level(app, "Preferences"), backup, recovery_key)
        click(find(root, role="push button", name="Use Recovery Key", timeout=20))
        entry = find(root, role="password text", name="Recovery key", visible=True)
        set_text(entry, recovery_key)
        click(find(root, role="push button", name="Unlock", visible=True))
        find(root, role="label", name="Choose a New PIN", timeout=20)
        for length in find_all(root, role="toggle button", name="4 digits", visible=True):
            click(length)
        press_pin(root, PIN)
        find(root, role="label", name="Confirm PIN", timeout=10)
        press_pin(root, PIN)
        find(root, role="text", name="First name", timeout=20)
        self.assertIn("Hopper", " ".join(" ".join(row) for row in wait_for_rows(root, 1)))

    def test_back_up_now_then_restore_brings_the_backed_up_records_back(self):
        env = {"GSETTINGS_SCHEMA_DIR": self.schemas} if self.schemas else {}
        app = self.launch_app(data_home=self.data_home, config_home=self.config_home, env=env)
        root = unlock(app)
        save_person(root, PEOPLE[0])
        wait_for_rows(root, 1)

        preferences = self.open_backups(app)
        click(find(preferences, role="push button", name="Back Up Now", visible=True))
        message(preferences, "Backed up and checked")
        self.assertEqual(len(self.backups()), 1, os.listdir(self.folder))
        backup = os.path.join(self.folder, self.backups()[0])
        self.assertEqual(os.stat(backup).st_mode & 0o777, 0o600)
        with open(backup, "rb") as handle:
            self.assertNotIn(b"Lovelace", handle.read(), "a backup is sealed")
        press_key("Escape")
        wait_until(lambda: not self.preferences_open(app), message="Escape did not close Preferences")

        # After the backup the records change (another program empties them; the window's
        # keyboard focus cannot come back from Preferences without a window manager).
        sqlcipher(records_path(self.data_home), data_key(self.data_home), "DELETE FROM person;")
        self.assertEqual(count_in_database(self.data_home), 0)
        self.choose_backup(app, self.open_backups(app), backup, PIN, wrong="9999")
        # Locked with records, Preferences offers no restore: it would replace them without their PIN.
        click(self.menu_item(app, "Preferences"))
        restore = find(top_level(app, "Preferences"), role="push button", name="Restore…", visible=True)
        self.assertNotIn("sensitive", states(restore))
        press_key("Escape")
        wait_until(lambda: not self.preferences_open(app), message="Escape did not close Preferences")
        root = unlock(app)
        wait_for_rows(root, 1)
        self.assertIn("Lovelace", " ".join(" ".join(row) for row in rows(root)))
        aside = [name for name in os.listdir(os.path.join(self.data_home, "pinform")) if name.startswith("before-restore-")]
        self.assertEqual(len(aside), 1, "the replaced data is kept aside")
        self.assertEqual(count_in_database(self.data_home), 1)

    def test_locking_out_old_keys_re_encrypts_the_records_under_a_new_key(self):
        env = {"GSETTINGS_SCHEMA_DIR": self.schemas} if self.schemas else {}
        app = self.launch_app(data_home=self.data_home, config_home=self.config_home, env=env)
        root = unlock(app)
        save_person(root, PEOPLE[0])
        wait_for_rows(root, 1)
        old_key = data_key(self.data_home)
        with open(os.path.join(self.data_folder(app), "keys.json"), "rb") as handle:
            old_key_file = handle.read()

        preferences = self.open_backups(app)
        click(find(preferences, role="push button", name="Lock Out…", visible=True))
        question = dialog_named(root, "Lock Out Old Keys and Backups?", 10)
        click(response_button(question, "Lock Out"))
        check = wait_until(lambda: next((child for child in _children(root) if child.name == "Lock Out Old Keys"), None),
                           10, "no PIN check before old keys are locked out")
        press_pin(check, PIN)
        new_recovery_key = dismiss_recovery_key(root, 30)
        self.assertTrue(new_recovery_key)
        self.assertIn("Lovelace", " ".join(" ".join(row) for row in wait_for_rows(root, 1)))

        # The PIN gives another key now, which opens the records; the old key opens nothing.
        new_key = data_key(self.data_home)
        self.assertNotEqual(new_key, old_key)
        self.assertEqual(count_in_database(self.data_home), 1)
        with self.assertRaises(AssertionError):
            sqlcipher(records_path(self.data_home), old_key, "SELECT count(*) FROM person;")
        self.assertNotEqual(old_key_file, open(os.path.join(self.data_folder(app), "keys.json"), "rb").read())
        self.assertFalse(os.path.exists(records_path(self.data_home) + ".rekeyed"))
