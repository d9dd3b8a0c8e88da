"""The TPM and the recovery key on the real binary, driven through AT-SPI: a first PIN sealed in a
software TPM (swtpm, started here on localhost) shows its recovery key once; beside another TPM
the right PIN is refused and "Use Recovery Key" unlocks and asks for a new PIN."""
import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
import unittest

from announcements import Announcements
from pinform_e2e import (AppTestCase, HarnessTimeout, _children, click, confirm_recovery_key_saved, dismiss_recovery_key, find,
                         find_all, read_recovery_key, recovery_key_dialog, response_button, set_text, states, text_of,
                         wait_until)

GOOD_PIN = "5978"
NEW_PIN = "739164"


class SoftwareTPM:
    """A fresh swtpm on a free pair of localhost ports, with its own state folder; `stop()` ends it."""

    def __init__(self):
        swtpm = shutil.which("swtpm") or "/usr/bin/swtpm"
        if not os.access(swtpm, os.X_OK):
            raise AssertionError("swtpm is not installed (apt-get install swtpm swtpm-tools tpm2-tools)")
        self.state = tempfile.mkdtemp(prefix="pinform-e2e-swtpm-")
        for _ in range(8):
            port = self._free_pair()
            self.process = subprocess.Popen(
                [swtpm, "socket", "--tpm2", "--tpmstate", f"dir={self.state}",
                 "--server", f"type=tcp,port={port},bindaddr=127.0.0.1",
                 "--ctrl", f"type=tcp,port={port + 1},bindaddr=127.0.0.1",
                 "--flags", "not-need-init,startup-clear"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if self._listening(port):
                self.tcti = f"swtpm:host=127.0.0.1,port={port}"
                return
            self.stop()
        raise AssertionError("swtpm did not start")

    @staticmethod
    def _free_pair():
        while True:
            with socket.socket() as first:
                first.bind(("127.0.0.1", 0))
                port = first.getsockname()[1]
                if port >= 65535:
                    continue
                try:
                    with socket.socket() as second:
                        second.bind(("127.0.0.1", port + 1))
                        return port
                except OSError:
                    continue

    def _listening(self, port):
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return True
            except OSError:
                time.sleep(0.02)  # polling for the port, not a wait for an outcome
        return False

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)

    def remove(self):
        self.stop()
        shutil.rmtree(self.state, ignore_errors=True)


class RecoveryKeyTests(AppTestCase):
    def software_tpm(self):
        tpm = SoftwareTPM()
        self.addCleanup(tpm.remove)
        return tpm

    def press(self, window, digits):
        for digit in digits:
            click(find(window, role="push button", name=digit, visible=True))

    def wait_for_message(self, root, text, timeout=20):
        return wait_until(lambda: any(text in text_of(label) for label in find_all(root, role="label")),
                          timeout, f"no label saying {text!r}")

    def keys(self, data_home):
        with open(os.path.join(data_home, "pinform", "keys.json"), encoding="utf-8") as handle:
            return json.load(handle)

    def set_up_pin_in(self, tpm):
        """Chooses GOOD_PIN with `tpm`, reads the recovery key from its dialog, and quits."""
        data_home = tempfile.mkdtemp(prefix="pinform-e2e-data-")
        self.addCleanup(shutil.rmtree, data_home, True)
        app = self.launch_app(data_home=data_home, env={"PINFORM_TPM2_TCTI": tpm.tcti})
        window = app.window("Pinform")
        self.press(window, GOOD_PIN)
        find(window, role="label", name="Confirm PIN")
        self.press(window, GOOD_PIN)
        root = app.accessible()
        dialog = recovery_key_dialog(root)
        key, label = read_recovery_key(dialog)
        # A selectable label takes focus (to select and copy); GTK 4.8 reports no "selectable-text".
        self.assertIn("focusable", states(label))
        confirm_recovery_key_saved(dialog)
        click(response_button(dialog, "Continue"))
        find(root, role="text", name="First name", timeout=20)
        app.quit()
        return data_home, key

    def test_a_first_pin_is_sealed_in_the_tpm_and_its_recovery_key_shown_once(self):
        tpm = self.software_tpm()
        data_home, key = self.set_up_pin_in(tpm)
        self.assertRegex(key, r"^\d{5}(-\d{5}){7}$")
        kinds = [slot["kind"] for slot in self.keys(data_home)["slots"]]
        self.assertEqual(kinds, ["tpm2+pin", "recovery"])
        for root, _, names in os.walk(data_home):
            for name in names:
                with open(os.path.join(root, name), "rb") as handle:
                    content = handle.read()
                self.assertNotIn(key.encode(), content, name)
                self.assertNotIn(key.replace("-", "").encode(), content, name)
        status = subprocess.run([os.environ["PINFORM_BIN"], "--security-status"], capture_output=True, text=True,
                                env={**os.environ, "XDG_DATA_HOME": data_home, "PINFORM_TPM2_TCTI": tpm.tcti},
                                timeout=20, check=True)
        # Issue 25: the first line, then the TPM's lockout (a fresh swtpm has no lockout password).
        self.assertEqual(status.stdout.splitlines()[0], "key-protection: tpm2")
        self.assertIn("tpm-lockout-reset-by-anyone: yes", status.stdout.splitlines())

        # The next start unlocks through the TPM, and shows no recovery key again.
        app = self.launch_app(data_home=data_home, env={"PINFORM_TPM2_TCTI": tpm.tcti})
        window = app.window("Pinform")
        find(window, role="push button", name="Use Recovery Key")
        self.press(window, GOOD_PIN)
        root = app.accessible()
        find(root, role="text", name="First name", timeout=20)
        self.assertFalse([child for child in find_all(root) if "Recovery key" in (child.name or "")
                          and child.parent == root])

    def test_the_tpms_lockout_is_said_with_when_to_try_again(self):
        tpm = self.software_tpm()
        data_home, _ = self.set_up_pin_in(tpm)
        app = self.launch_app(data_home=data_home, env={"PINFORM_TPM2_TCTI": tpm.tcti})
        window = app.window("Pinform")
        # swtpm locks out at its third failure; Pinform's own policy would allow five.
        self.press(window, "1357")
        self.wait_for_message(window, "Wrong PIN — 4 attempts left")
        self.press(window, "9753")
        self.wait_for_message(window, "Wrong PIN — 3 attempts left")
        # A third different wrong PIN: the same one typed again counts once, and is not tried.
        self.press(window, "8016")
        self.wait_for_message(window, "The TPM is locked; try again in 17 minutes")
        # Even the right PIN is refused while the chip is locked out; the message stays.
        heard = Announcements()
        self.addCleanup(heard.stop)
        self.press(window, GOOD_PIN)
        # Judged: the digits are cleared once the TPM has answered, and the refusal is said again.
        wait_until(lambda: [message for message in heard.messages()
                            if message == "0 of 4 digits entered" or "The TPM is locked" in message], 20,
                   f"the PIN was not judged; heard {heard.heard!r}")
        self.wait_for_message(window, "The TPM is locked; try again in")
        # The form window must not open: waited for as long as an unlock takes here, many times over.
        with self.assertRaises(HarnessTimeout):
            find(app.accessible(), role="text", name="First name", timeout=5)

    def test_beside_another_tpm_the_recovery_key_unlocks_and_a_new_pin_is_sealed(self):
        first = self.software_tpm()
        data_home, key = self.set_up_pin_in(first)
        first.stop()
        other = self.software_tpm()

        app = self.launch_app(data_home=data_home, env={"PINFORM_TPM2_TCTI": other.tcti})
        window = app.window("Pinform")
        self.press(window, GOOD_PIN)
        self.wait_for_message(window, "Use the recovery key")

        click(find(window, role="push button", name="Use Recovery Key"))
        entry = find(window, role="password text", name="Recovery key", visible=True)
        unlock = find(window, role="push button", name="Unlock", visible=True)
        set_text(entry, "12345-67890-12345-67890-12345-67890-12345-67890")
        click(unlock)
        self.wait_for_message(window, "Wrong recovery key")

        set_text(entry, key)
        click(unlock)
        find(window, role="label", name="Choose a New PIN", timeout=20)
        # A toggle button on GTK 4.18 (GTK 4.8 had no such role and said push button).
        click(find(window, role="toggle button", name="6 digits (recommended)", visible=True))
        self.press(window, NEW_PIN)
        find(window, role="label", name="Confirm PIN")
        self.press(window, NEW_PIN)
        root = app.accessible()
        find(root, role="text", name="First name", timeout=20)
        app.quit()

        # Re-enrolled in the other TPM; the recovery key is kept.
        kinds = [slot["kind"] for slot in self.keys(data_home)["slots"]]
        self.assertEqual(kinds, ["tpm2+pin", "recovery"])
        app = self.launch_app(data_home=data_home, env={"PINFORM_TPM2_TCTI": other.tcti})
        window = app.window("Pinform")
        self.press(window, NEW_PIN)
        find(app.accessible(), role="text", name="First name", timeout=20)

    def test_a_new_recovery_key_from_the_menu_replaces_the_old_one(self):
        app = self.launch_app()
        window = app.window("Pinform")
        self.press(window, GOOD_PIN)
        find(window, role="label", name="Confirm PIN")
        self.press(window, GOOD_PIN)
        root = app.accessible()
        old = dismiss_recovery_key(root)
        find(root, role="text", name="First name", timeout=20)

        click(self.menu_item(app, "New Recovery Key…"))
        self.wait_for_message(root, "Make a New Recovery Key?")
        self.assertNotIn("focused", states(response_button(root, "Make New Key")))
        click(response_button(root, "Make New Key"))
        # The PIN first: a wrong one makes no key, the right one does.
        check = wait_until(lambda: next((child for child in _children(root) if child.name == "New Recovery Key"), None),
                           10, "no window named 'New Recovery Key'")
        find(check, role="label", name="Enter your PIN to make a new recovery key.")
        self.press(check, "1357")
        self.wait_for_message(check, "Wrong PIN")
        self.press(check, GOOD_PIN)
        dialog = recovery_key_dialog(root)
        new, _ = read_recovery_key(dialog)
        self.assertNotEqual(new, old)
        confirm_recovery_key_saved(dialog)
        click(response_button(dialog, "Continue"))

        click(self.menu_item(app, "Lock"))
        click(find(root, role="push button", name="Use Recovery Key", timeout=10))
        entry = find(root, role="password text", name="Recovery key", visible=True)
        set_text(entry, old)
        click(find(root, role="push button", name="Unlock", visible=True))
        self.wait_for_message(root, "Wrong recovery key")
        set_text(entry, new)
        click(find(root, role="push button", name="Unlock", visible=True))
        find(root, role="label", name="Choose a New PIN", timeout=20)


if __name__ == "__main__":
    unittest.main()
