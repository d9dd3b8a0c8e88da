"""A missing or unloadable library gives the plain message in the window, never a trap.

Storage opens SQLCipher with dlopen at its first use, by the soname recorded at build time
(Sources/Storage/CLibrary.swift, the SystemLibraryNames plugin). Here the real binary starts with
LD_LIBRARY_PATH naming a folder that holds an empty file under that soname (found with
`ldconfig -p`, as the loader finds it): the loader finds the empty file first and refuses it
("file too short"), as it would a damaged or half-installed library. A PIN is chosen and
confirmed, and the form window must say in its list's place that the library cannot be loaded,
naming it, while the process lives on: no trap (SIGILL, SIGTRAP), also after Retry.
"""
import os
import re
import shutil
import subprocess
import tempfile

from pinform_e2e import AppTestCase, click, dismiss_recovery_key, find, find_all, states, text_of, wait_until
from test_records import is_shown

PIN = "5978"
SQLCIPHER_SONAME = re.compile(r"^\s*(libsqlcipher\.so\.\d+)\s", re.MULTILINE)


def sqlcipher_soname():
    """The soname of the system's SQLCipher, as the loader's cache lists it ("libsqlcipher.so.1")."""
    listing = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True, check=True).stdout
    found = SQLCIPHER_SONAME.findall(listing)
    if not found:
        raise AssertionError(f"ldconfig -p lists no libsqlcipher.so.N:\n{listing}")
    return found[0]


def shown_text(root, part):
    """The text of a label on screen that contains `part`, or None."""
    for label in find_all(root, role="label"):
        try:
            text = text_of(label)
            if part in text and is_shown(label):
                return text
        except Exception:  # noqa: BLE001 - a label that went away meanwhile
            continue
    return None


def button_labelled(root, text):
    """A visible button showing `text` (its label's text)."""
    def lookup():
        for button in find_all(root, role="push button", visible=True):
            if button.name == text or any(text_of(label) == text for label in find_all(button, role="label")):
                return button
        return None

    return wait_until(lookup, message=f"no button labelled {text!r}")


class MissingLibraryTests(AppTestCase):
    def test_an_unloadable_sqlcipher_is_named_in_the_window_and_the_app_lives_on(self):
        soname = sqlcipher_soname()
        folder = tempfile.mkdtemp(prefix="pinform-e2e-nolib-")
        self.addCleanup(shutil.rmtree, folder, True)
        # Empty: the loader finds it first on LD_LIBRARY_PATH and refuses it ("file too short").
        open(os.path.join(folder, soname), "wb").close()

        app = self.launch_app(env={"LD_LIBRARY_PATH": folder})
        root = app.accessible()
        for heading in ("Choose a PIN", "Confirm PIN"):
            find(root, role="label", name=heading, timeout=10)
            for digit in PIN:
                click(find(root, role="push button", name=digit, visible=True))
        # The key is wrapped with libsodium, which is there: the recovery key shows as ever.
        dismiss_recovery_key(root)

        # Where the records would be listed, the window says which library cannot be loaded.
        shown = wait_until(lambda: shown_text(root, soname), 20,
                           f"the form window did not name {soname} on screen")
        self.assertIn("cannot be loaded", shown)
        self.assertTrue(app.is_running(), f"the app ended (code {app.process.returncode}) instead of saying so")

        # Retry tries the library again: the same message, and still no trap.
        click(button_labelled(root, "Retry"))
        wait_until(lambda: shown_text(root, soname), 10, f"after Retry, {soname} was no longer named")
        self.assertTrue(app.is_running(), f"the app ended (code {app.process.returncode}) after Retry")
        # Still responsive: the form takes typing while its records cannot be opened.
        field = find(root, role="text", name="First name", visible=True)
        self.assertIn("sensitive", states(field))


if __name__ == "__main__":
    import unittest
    unittest.main()
