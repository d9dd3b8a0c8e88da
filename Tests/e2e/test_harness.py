"""Checks the end-to-end helpers themselves against harness_app.py, a small GTK 4 program.

If these fail, the Pinform end-to-end tests cannot be trusted either: fix the harness (or the
machine: display, session bus, accessibility bus) first.
"""
import os
import unittest

from pinform_e2e import (AppTestCase, HarnessTimeout, click, find, find_app, focus, set_text,
                         states, text_of, type_keys, wait_until)

HARNESS_APP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "harness_app.py")


class HarnessTests(AppTestCase):
    def start(self, **kwargs):
        app = self.launch(["/usr/bin/python3", HARNESS_APP], **kwargs)
        return app, app.window("Harness")

    def test_find_app_finds_the_application_by_name(self):
        app, _ = self.start()
        self.assertEqual(find_app("pinform-harness").get_process_id(), app.pid)

    def test_clicking_a_button_found_by_name_activates_it(self):
        _, window = self.start()
        click(find(window, role="push button", name="Press me"))
        wait_until(lambda: find(window, role="label", name="Pressed 1 time", timeout=0.2))

    def test_text_of_reads_a_label(self):
        _, window = self.start()
        label = find(window, role="label", name="Pressed 0 times")
        self.assertEqual(text_of(label), "Pressed 0 times")

    def test_set_text_changes_an_entry(self):
        _, window = self.start()
        set_text(find(window, role="text", name="Name"), "Ada")
        find(window, role="label", name="Hello, Ada")

    def test_typed_keys_reach_the_focused_entry(self):
        _, window = self.start()
        entry = find(window, role="text", name="Name")
        focus(entry)
        type_keys("Bo")
        find(window, role="label", name="Hello, Bo")

    def test_states_report_a_sensitive_visible_button(self):
        _, window = self.start()
        button = find(window, role="push button", name="Press me")
        self.assertTrue({"sensitive", "visible"} <= states(button))

    def test_each_launch_gets_its_own_data_folder(self):
        app, window = self.start()
        find(window, role="label", name=f"Data: {app.data_home}")

    def test_find_times_out_with_the_tree_in_the_message(self):
        _, window = self.start()
        with self.assertRaises(HarnessTimeout) as raised:
            find(window, role="push button", name="No such button", timeout=0.3)
        self.assertIn("Press me", str(raised.exception))

    def test_quit_ends_the_process_and_removes_its_folders(self):
        app, _ = self.start()
        data_home = app.data_home
        app.quit()
        self.assertFalse(app.is_running())
        self.assertFalse(os.path.exists(data_home))


if __name__ == "__main__":
    unittest.main()
