"""Issue 25, the small leaks: an export's path is not written to the recent files
(recently-used.xbel), where every other program of the session reads it."""
import os
import shutil
import tempfile
import time
import unittest

from pinform_e2e import AppTestCase, click, file_name_field, find, set_text, text_of, wait_until
from test_records import PEOPLE, button_labelled, save_person, top_level, unlock, wait_for_rows


class RecentFilesTests(AppTestCase):
    def test_an_export_is_not_added_to_the_recent_files(self):
        data_home = tempfile.mkdtemp(prefix="pinform-e2e-data-")
        self.addCleanup(shutil.rmtree, data_home, True)
        app = self.launch_app(data_home=data_home)
        root = unlock(app)
        save_person(root, PEOPLE[0])
        wait_for_rows(root, 1)
        target_folder = tempfile.mkdtemp(prefix="pinform-e2e-export-")
        self.addCleanup(shutil.rmtree, target_folder, True)
        target = os.path.join(target_folder, "people-recent.csv")
        click(find(root, role="push button", name="Export…", visible=True))
        chooser = top_level(app, "Export Records")
        name = file_name_field(chooser)
        self.assertEqual(text_of(name), "people.csv")
        set_text(name, target)
        click(button_labelled(chooser, "Export"))
        wait_until(lambda: os.path.exists(target), 10, "no CSV file was written")
        # GTK writes the recent files a moment later, and at exit.
        time.sleep(2)
        app.quit()
        recent = os.path.join(data_home, "recently-used.xbel")
        if os.path.exists(recent):
            with open(recent, encoding="utf-8") as handle:
                self.assertNotIn("people-recent.csv", handle.read())


if __name__ == "__main__":
    unittest.main()
