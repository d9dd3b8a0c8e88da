"""The C libraries the real binary loads before the PIN window's first frame (issue 19): none of
the encryption, TPM or PostgreSQL ones, on a first run and on a desk where a PIN is set. Storage
and PostgresStore open them with dlopen at their first use (docs/benchmarks.md)."""
import os
import re
import shutil
import subprocess
import tempfile

from pinform_e2e import AppTestCase, click, dismiss_recovery_key, find, find_all, pinform_bin, wait_until

GOOD_PIN = "5978"
# What only the unlock, the TPM or a shared database needs.
LATER = re.compile(r"file=(?:\S*/)?(lib(?:sqlcipher|sodium|tss2-[a-z]+|crypto|ssl|pq)\.so[.0-9]*)")


def toolkit_libraries():
    """The libraries of LATER that libadwaita itself needs (ldd), loaded with the toolkit whatever
    Pinform does: on Debian 13, libadwaita 1.7 links libappstream, whose libcurl brings libcrypto
    and libssl (GNOME 43's libadwaita 1.2 needed neither)."""
    cache = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True, check=True).stdout
    path = next((line.split(" => ")[-1].strip() for line in cache.splitlines()
                 if line.strip().startswith("libadwaita-1.so.0 ")), None)
    if path is None:
        return set()
    needed = subprocess.run(["ldd", path], capture_output=True, text=True, check=True).stdout
    return {match.group(1) for match in re.finditer(r"^\s*(lib\S+\.so[.0-9]*) =>", needed, re.MULTILINE)
            if LATER.search("file=" + match.group(1))}


class StartupLibrariesTests(AppTestCase):
    def libraries_until_first_frame(self, data_home, config_home):
        """The loader's `file=` lines (LD_DEBUG=files) of one start that quits at its first frame."""
        env = dict(os.environ, XDG_DATA_HOME=data_home, XDG_CONFIG_HOME=config_home, GSETTINGS_BACKEND="memory",
                   PINFORM_EXIT_AFTER_FIRST_FRAME="1", LD_DEBUG="files", PINFORM_TPM2_TCTI="swtpm:host=127.0.0.1,port=1")
        env.pop("NO_AT_BRIDGE", None)
        run = subprocess.run([pinform_bin()], env=env, capture_output=True, text=True, timeout=60, check=False)
        self.assertEqual(run.returncode, 0, run.stderr[-2000:])
        self.assertIn("first-frame", run.stdout)
        loaded = sorted(set(LATER.findall(run.stderr)) - toolkit_libraries())
        self.assertIn("file=libgtk-4.so.1", run.stderr, "LD_DEBUG shows what is loaded")
        return loaded

    def folder(self, kind):
        path = tempfile.mkdtemp(prefix=f"pinform-e2e-{kind}-")
        self.addCleanup(shutil.rmtree, path, True)
        return path

    def test_neither_a_first_run_nor_a_desk_with_a_pin_loads_them_before_the_pin_window(self):
        data_home, config_home = self.folder("data"), self.folder("config")
        self.assertEqual(self.libraries_until_first_frame(data_home, config_home), [], "first run")

        # A PIN chosen through the keypad (argon2id: no TPM answers here), then the app quit.
        app = self.launch_app(data_home=data_home, config_home=config_home)
        window = app.window("Pinform")
        for heading in ("Choose a PIN", "Confirm PIN"):
            find(window, role="label", name=heading, timeout=10)
            for digit in GOOD_PIN:
                click(find(window, role="push button", name=digit))
        dismiss_recovery_key(app.accessible())
        wait_until(lambda: not find_all(app.accessible(), role="push button", name="5"), 20, "the PIN did not unlock")
        app.quit()
        self.assertTrue(os.path.exists(os.path.join(data_home, "pinform", "keys.json")))

        self.assertEqual(self.libraries_until_first_frame(data_home, config_home), [], "a desk with a PIN set")
