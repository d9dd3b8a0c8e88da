"""End-to-end tests of the saved records under the form: the real binary, unlocked through the
PIN keypad and driven through AT-SPI. Saves three people, restarts, edits one in the dialog,
deletes one (and undoes a delete), exports the list through the real file chooser, and checks
that the database is encrypted (the sqlite3 command line cannot read it, no record's text is in
any file) and what it holds after a restart, and the CSV file byte for byte.

With PINFORM_FORM_SCREENSHOTS=<folder>, the run also saves records.png (the window with three
saved people) there.
"""
import csv
import os
import shutil
import subprocess
import tempfile
import time
import unittest

import pyatspi
from pinform_e2e import (AppTestCase, click, dismiss_recovery_key, find, find_all, focus, press_key, set_text, states,
                         text_of, wait_until)

PIN = "2468"
PEOPLE = [
    {"First name": "Ada", "Last name": "Lovelace", "Age": "36", "Email": "ada@example.com", "Height": "1.65"},
    {"First name": "Alan", "Last name": "Turing", "Age": "41", "Email": "alan@example.com", "Height": "1.78"},
    {"First name": "Grace", "Last name": "Hopper", "Age": "85", "Email": "grace@example.com", "Height": "1.60"},
]
HEADER = ["First name", "Last name", "Age", "Email", "Height"]


def press_pin(root):
    for digit in PIN:
        click(find(root, role="push button", name=digit, visible=True))


def unlock(app):
    """Chooses the PIN on a first run (twice), or enters it once; returns the app's accessible
    once the form shows."""
    root = app.accessible()

    def form_or_keypad():
        if find_all(root, role="text", name="First name"):
            return "form"
        if find_all(root, role="push button", name="2", visible=True):
            return "keypad"
        return None

    if wait_until(form_or_keypad, 20, "neither the PIN keypad nor the form window showed") == "keypad":
        first_run = bool(find_all(root, role="label", name="Choose a PIN"))
        press_pin(root)
        if first_run:
            find(root, role="label", name="Confirm PIN", timeout=10)
            press_pin(root)
            dismiss_recovery_key(root)
    find(root, role="text", name="First name", timeout=20)
    return root


def records_table(root):
    return find(root, name="Records", visible=True)


def rows(root):
    """The texts of the list's rows, top to bottom (the header row left out)."""
    table = records_table(root)
    body = [node for node in find_all(table, role="list")]
    if not body:
        return []
    result = []
    for row in find_all(body[0], role="table row"):
        result.append([text_of(label) for label in find_all(row, role="label")])
    return result


def wait_for_rows(root, count):
    return wait_until(lambda: len(rows(root)) == count and rows(root), 10,
                      f"the list did not show {count} rows")


def save_person(root, person):
    for name, value in person.items():
        field = find(root, role="text", name=name, visible=True)
        focus(field)
        set_text(field, value)
    save = find(root, role="push button", name="Save", visible=True)
    wait_until(lambda: "sensitive" in states(save), message="Save stayed insensitive")
    click(save)


def cell_label(root, text):
    return find(records_table(root), role="label", name=text, visible=True)


def double_click(node):
    x, y, width, height = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    pyatspi.Registry.generateMouseEvent(x + width // 2, y + height // 2, "b1d")


def single_click(node):
    x, y, width, height = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    pyatspi.Registry.generateMouseEvent(x + width // 2, y + height // 2, "b1c")


def top_level(app, name):
    """A top-level window of the app by name, whatever its role (GTK 4.8 reports the file
    chooser dialog as a "filler")."""
    application = app.accessible()

    def lookup():
        for index in range(application.childCount):
            child = application.getChildAtIndex(index)
            if child is not None and child.name == name:
                return child
        return None

    return wait_until(lookup, 10, f"no window named {name!r}")


def button_labelled(root, text):
    """A push button showing `text` (the file chooser's buttons are named with their mnemonic)."""
    def lookup():
        for button in find_all(root, role="push button", visible=True):
            if any(text_of(label) == text for label in find_all(button, role="label")):
                return button
        return None

    return wait_until(lookup, message=f"no button labelled {text!r}")


def assert_encrypted(test, data_home, texts):
    """The records file is not plain SQLite, and none of `texts` is in any file of the data folder."""
    folder = os.path.join(data_home, "pinform")
    with open(os.path.join(folder, "records.sqlite"), "rb") as handle:
        test.assertFalse(handle.read(16).startswith(b"SQLite format 3"))
    result = subprocess.run(["sqlite3", os.path.join(folder, "records.sqlite"), "select count(*) from person"],
                            capture_output=True, text=True, check=False)
    test.assertNotEqual(result.returncode, 0, result.stdout)
    for name in os.listdir(folder):
        with open(os.path.join(folder, name), "rb") as handle:
            data = handle.read()
        for text in texts:
            test.assertNotIn(text.encode(), data, name)


def capture(root, filename):
    folder = os.environ.get("PINFORM_FORM_SCREENSHOTS")
    if not folder:
        return
    window = find(root, role="frame")
    x, y, width, height = window.queryComponent().getExtents(0)
    os.makedirs(folder, exist_ok=True)
    subprocess.run(["import", "-window", "root", "-crop", f"{width}x{height}+{max(x, 0)}+{max(y, 0)}",
                    "+repage", os.path.join(folder, filename)], check=True)


class RecordsTests(AppTestCase):
    def setUp(self):
        # Folders kept across restarts of the app, removed when the test ends.
        self.data_home = tempfile.mkdtemp(prefix="pinform-e2e-records-data-")
        self.config_home = tempfile.mkdtemp(prefix="pinform-e2e-records-config-")
        self.addCleanup(shutil.rmtree, self.data_home, True)
        self.addCleanup(shutil.rmtree, self.config_home, True)

    def start(self):
        app = self.launch_app(data_home=self.data_home, config_home=self.config_home)
        return app, unlock(app)

    def start_with_three_people(self):
        app, root = self.start()
        for count, person in enumerate(PEOPLE, start=1):
            save_person(root, person)
            # The click is handled asynchronously: wait before typing the next person.
            wait_for_rows(root, count)
        return app, root

    def test_saved_records_show_at_once_and_survive_a_restart(self):
        app, root = self.start_with_three_people()
        self.assertEqual([row[:2] for row in rows(root)],
                         [["Ada", "Lovelace"], ["Alan", "Turing"], ["Grace", "Hopper"]])
        find(root, role="label", name="3 records", visible=True)
        capture(root, "records.png")
        assert_encrypted(self, self.data_home, ["Lovelace", "grace@example.com"])
        app.quit()
        assert_encrypted(self, self.data_home, ["Lovelace", "grace@example.com"])

        _, root = self.start()
        restarted = wait_for_rows(root, 3)
        self.assertEqual(restarted[2], ["Grace", "Hopper", "85", "grace@example.com", "1.60"])

    def test_double_click_edits_a_record_in_the_dialog(self):
        app, root = self.start_with_three_people()
        double_click(cell_label(root, "Turing"))
        dialog = app.window("Edit Person")
        last_name = find(dialog, role="text", name="Last name", visible=True)
        self.assertEqual(text_of(last_name), "Turing")
        self.assertEqual(text_of(find(dialog, role="text", name="Height")), "1.78")
        focus(last_name)
        set_text(last_name, "Turing-Smith")
        click(find(dialog, role="push button", name="Save", visible=True))
        wait_until(lambda: any(row[1] == "Turing-Smith" for row in rows(root)), message="the edit did not show")
        self.assertEqual(len(rows(root)), 3)
        app.quit()
        assert_encrypted(self, self.data_home, ["Turing-Smith"])
        _, root = self.start()
        self.assertEqual([row[1] for row in wait_for_rows(root, 3)], ["Lovelace", "Turing-Smith", "Hopper"])

    def test_escape_cancels_the_edit_dialog(self):
        app, root = self.start_with_three_people()
        double_click(cell_label(root, "Hopper"))
        dialog = app.window("Edit Person")
        last_name = find(dialog, role="text", name="Last name", visible=True)
        focus(last_name)
        set_text(last_name, "Changed")
        press_key("Escape")
        wait_until(lambda: not [w for w in find_all(app.accessible(), name="Edit Person") if w.getRoleName() in ("frame", "dialog")],
                   message="the dialog stayed open")
        self.assertEqual(rows(root)[2][1], "Hopper")

    def test_delete_removes_the_selected_record_and_undo_brings_it_back(self):
        app, root = self.start_with_three_people()
        single_click(cell_label(root, "Lovelace"))
        delete = find(root, role="push button", name="Delete", visible=True)
        wait_until(lambda: "sensitive" in states(delete), message="Delete stayed insensitive")
        click(delete)
        remaining = wait_for_rows(root, 2)
        self.assertEqual([row[1] for row in remaining], ["Turing", "Hopper"])
        find(root, name="Record deleted", visible=True)
        click(find(root, role="push button", name="Undo", visible=True))
        restored = wait_for_rows(root, 3)
        self.assertEqual(sorted(row[1] for row in restored), ["Hopper", "Lovelace", "Turing"])
        # Delete again, with the Delete key this time, and keep it deleted.
        single_click(cell_label(root, "Turing"))
        press_key("Delete")
        wait_for_rows(root, 2)
        app.quit()
        _, root = self.start()
        self.assertEqual(sorted(row[1] for row in wait_for_rows(root, 2)), ["Hopper", "Lovelace"])

    def test_export_writes_the_list_as_csv_through_the_file_chooser(self):
        app, root = self.start_with_three_people()
        target_folder = tempfile.mkdtemp(prefix="pinform-e2e-export-")
        self.addCleanup(shutil.rmtree, target_folder, True)
        target = os.path.join(target_folder, "people.csv")
        click(find(root, role="push button", name="Export…", visible=True))
        chooser = top_level(app, "Export Records")
        name = find(chooser, role="text", name="Name:", visible=True)
        set_text(name, target)
        click(button_labelled(chooser, "Export"))
        wait_until(lambda: os.path.exists(target), 10, "no CSV file was written")
        with open(target, "rb") as handle:
            data = handle.read()
        self.assertTrue(data.endswith(b"\r\n"))
        with open(target, newline="", encoding="utf-8") as handle:
            table = list(csv.reader(handle))
        self.assertEqual(table[0], HEADER)
        self.assertEqual(table[1:], rows(root))
        self.assertEqual(len(table), 4)

    def test_a_damaged_records_file_is_offered_to_be_moved_aside_and_kept(self):
        folder = os.path.join(self.data_home, "pinform")
        os.makedirs(folder, mode=0o700, exist_ok=True)
        damaged = b"this is not a database" * 100
        with open(os.path.join(folder, "records.sqlite"), "wb") as handle:
            handle.write(damaged)
        app, root = self.start()
        banner = find(root, role="alert", visible=True, timeout=10)
        self.assertIn("damaged", banner.name)
        click(button_labelled(root, "Move Aside and Start Fresh"))
        wait_until(lambda: not find_all(root, role="alert", visible=True), message="the banner stayed")
        notice = find(root, role="status bar", visible=True)
        self.assertTrue(notice.name.startswith("The old records file was kept as “records.sqlite.damaged-"), notice.name)
        save_person(root, PEOPLE[0])
        wait_for_rows(root, 1)
        kept = [name for name in os.listdir(folder) if name.startswith("records.sqlite.damaged-")]
        self.assertEqual(len(kept), 1)
        with open(os.path.join(folder, kept[0]), "rb") as handle:
            self.assertEqual(handle.read(), damaged)
        app.quit()
        _, root = self.start()
        self.assertEqual(wait_for_rows(root, 1)[0][1], "Lovelace")


if __name__ == "__main__":
    unittest.main()
