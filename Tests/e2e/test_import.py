"""End-to-end: importing a CSV file of 2,000 people through the real file chooser and the
import preview, over AT-SPI.

The file has 3 invalid rows (a missing first name, an age in words, an age over 120) and 5
duplicates (one of a person saved before, four of earlier lines); the preview says so before
anything is written, and Import creates the 1,992 others in one step.
A file that is not CSV, or wider than any form, is refused with a reason.
"""

import csv
import os
import shutil
import tempfile
import time
import unittest

from pinform_e2e import AppTestCase, click, dialog_named, find, find_all, set_text, wait_until
from test_records import button_labelled, choose_path, records_table, save_person, unlock, wait_for_rows

SAVED = {"First name": "Grace", "Last name": "Hopper", "Email": "grace@example.com", "Height": "1.60"}
HEADER = ["First name", "Last name", "Birth date", "Phone", "Email", "Height"]


def window_named(app, name, timeout=60):
    """A window of the app by name (a top-level, or a dialog libadwaita shows inside one), waited
    for longer than test_records.top_level's 10 s: a loaded machine answers AT-SPI slowly."""
    return dialog_named(app.accessible(), name, timeout)


def two_thousand_people():
    rows = [[f"Person{index}", f"Member{index}", f"{1940 + index % 80}-01-01", "", f"person{index}@example.com", "1.70"]
            for index in range(1992)]
    # Three rows the form refuses: no first name, a birth date that is no date, a height of 9 m.
    rows += [["", "Nameless", "", "", "nameless@example.com", "1.70"],
             ["Twelve", "Words", "twelve", "", "twelve@example.com", "1.70"],
             ["Old", "Timer", "", "", "old@example.com", "9"]]
    rows += [["Grace", "Hopper", "", "", "GRACE@example.com", "1.60"]]
    rows += [[f"Again{index}", "Copy", "", "", f"person{index}@example.com", "1.70"] for index in range(4)]
    return rows


class ImportTests(AppTestCase):
    def setUp(self):
        self.data_home = tempfile.mkdtemp(prefix="pinform-e2e-import-data-")
        self.config_home = tempfile.mkdtemp(prefix="pinform-e2e-import-config-")
        # Letters and digits only: the path is typed key by key into the file chooser.
        self.folder = os.path.join(tempfile.gettempdir(), f"pinformimport{os.getpid()}{int(time.time())}")
        os.makedirs(self.folder)
        for folder in (self.data_home, self.config_home, self.folder):
            self.addCleanup(shutil.rmtree, folder, True)

    def choose_file(self, app, path):
        click(self.menu_item(app, "Import…"))
        return choose_path(window_named(app, "Import Records"), path, "Open")

    def test_a_csv_of_two_thousand_people_is_previewed_then_imported_in_one_step(self):
        app = self.launch_app(data_home=self.data_home, config_home=self.config_home)
        root = unlock(app)
        save_person(root, SAVED)
        wait_for_rows(root, 1)
        path = os.path.join(self.folder, "members.csv")
        with open(path, "w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle, delimiter=";")
            writer.writerow(HEADER)
            writer.writerows(two_thousand_people())

        started = self.choose_file(app, path)
        dialog = window_named(app, "Import Person")
        # One node polled, not the whole tree walked: a walk is hundreds of requests that the
        # app answers between its slices of rows.
        button = wait_until(lambda: next((node for node in find_all(dialog, role="push button", visible=True)
                                          if node.name.startswith("Import")), None), 30, "no Import button")
        wait_until(lambda: button.name == "Import 1992 Records", 90, "the preview did not finish")
        elapsed = time.monotonic() - started
        summary = "1992 new records, 3 invalid rows left out, 5 duplicates left out"
        find(dialog, role="label", name=summary, visible=True)
        print(f"\n    2,000 rows: Open to the whole preview in {elapsed:.2f} s")
        # The form's own reasons, per row, before anything is written.
        search = find(dialog, role="entry", name="Search records", visible=True)
        set_text(search, "Twelve")
        wait_until(lambda: [node for node in find_all(dialog, role="label", visible=True)
                            if (node.name or "").startswith("Birth date: ")],
                   message="the invalid row does not say why")
        set_text(search, "GRACE")
        wait_until(lambda: find_all(dialog, role="label", name="Already saved", visible=True),
                   message="the duplicate of the saved person is not marked")
        self.assertEqual(len(find_all(records_table(root), role="table row")), 2)  # header and Grace

        click(find(dialog, role="push button", name="Import 1992 Records", visible=True))
        find(root, role="label", name="1993 records", visible=True, timeout=60)
        # Undo takes the 1,992 back in one step: ImportTests.testAnImportIsOneStepToUndo (a
        # toast's 20 s are too short for AT-SPI on a loaded machine).

    def test_a_file_that_is_not_csv_is_refused_with_a_reason(self):
        app = self.launch_app(data_home=self.data_home, config_home=self.config_home)
        unlock(app)
        path = os.path.join(self.folder, "photo.csv")
        with open(path, "wb") as handle:
            handle.write(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
        self.choose_file(app, path)
        refusal = window_named(app, "“photo.csv” Cannot Be Imported")
        find(refusal, role="label", name="This is not a CSV file. In a spreadsheet, save it as “CSV (comma-separated values)” first.",
             visible=True)
        click(button_labelled(refusal, "Close"))


    def test_a_file_wider_than_any_form_is_refused_with_a_reason(self):
        # Issue 39: 8 KB of commas, 8,001 columns, held the window 88 s and took 2 GB.
        app = self.launch_app(data_home=self.data_home, config_home=self.config_home)
        unlock(app)
        path = os.path.join(self.folder, "wide.csv")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write("," * 8000 + "\n")
        self.choose_file(app, path)
        refusal = window_named(app, "“wide.csv” Cannot Be Imported")
        find(refusal, role="label", name="Line 1 has more than 2000 columns, more than any form has fields. "
             "In a spreadsheet, remove the columns you do not need and import the file again.", visible=True)
        click(button_labelled(refusal, "Close"))


if __name__ == "__main__":
    unittest.main()
