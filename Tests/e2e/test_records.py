"""End-to-end tests of the saved records under the form: the real binary, unlocked through the
PIN keypad and driven through AT-SPI. Saves three people, restarts, edits one in the dialog,
deletes one (and undoes a delete), exports the list through the real file chooser, and checks
that the database is encrypted (the sqlite3 command line cannot read it, no record's text is in
any file) and what it holds after a restart, and the CSV file byte for byte.

Where a test reads or writes the records file as another program would, it does so with the
data key, as only someone who knows the PIN can: the key is unwrapped here from keys.json with
the PIN (argon2id and XChaCha20-Poly1305, through PyNaCl), and the file opened with the
SQLCipher shell and the app's cipher settings.

Then the files that must lose nothing: a file another program is writing (Retry, nothing
moved), a file a newer version wrote (read-only, its column and fields kept), a read-only data
folder (read-only, the records shown, the PIN's attempt counted in the config folder), an old
installation in a read-only folder (shown read-only, not upgraded), a named pipe where the file belongs (refused, the window
responsive), and exports that keep spreadsheets from running formulas and are mode 0600.

With PINFORM_FORM_SCREENSHOTS=<folder>, the run also saves records.png (the window with three
saved people) there.
"""
import base64
import csv
import datetime
import json
import os
import shutil
import stat
import subprocess
import tempfile
import time
import unittest

import nacl.bindings
import nacl.pwhash
import pyatspi
from pinform_e2e import (AppTestCase, click, click_at, dialog_named, dismiss_recovery_key, file_name_field, find,
                         find_all, focus, open_dialog, pinform_bin, press_key, role_name, set_text, states, text_of,
                         wait_until)

PIN = "5978"
# Pinform 0.1's data folder: pin.hash for V01_PIN, attempts.json, plaintext records of three people.
V01_PIN = "2468"
V01_INSTALL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "v0.1-install")


def born_aged(years):
    """A birth date (ISO 8601) that makes someone `years` old today: 1 January of that year."""
    return f"{datetime.date.today().year - years}-01-01"


PEOPLE = [
    {"First name": "Ada", "Last name": "Lovelace", "Birth date": born_aged(36), "Email": "ada@example.com",
     "Height": "1.65"},
    {"First name": "Alan", "Last name": "Turing", "Birth date": born_aged(41), "Email": "alan@example.com",
     "Height": "1.78"},
    {"First name": "Grace", "Last name": "Hopper", "Birth date": born_aged(85), "Email": "grace@example.com",
     "Height": "1.60"},
]
HEADER = ["First name", "Last name", "Birth date", "Age", "Phone", "Email", "Height"]


def press_pin(root, pin=PIN):
    for digit in pin:
        click(find(root, role="push button", name=digit, visible=True))


def unlock(app, pin=PIN):
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
        press_pin(root, pin)
        if first_run:
            find(root, role="label", name="Confirm PIN", timeout=10)
            press_pin(root, pin)
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


def row_names(root):
    """The accessible names of the list's rows, top to bottom: every column's text, those the
    pane has no room for too ("Ada, Lovelace, 1990-12-10, 36, ada@example.com, 1.65")."""
    table = records_table(root)
    body = [node for node in find_all(table, role="list")]
    return [row.name for row in find_all(body[0], role="table row")] if body else []


def wait_for_rows(root, count):
    return wait_until(lambda: len(rows(root)) == count and rows(root), 10,
                      f"the list did not show {count} rows")


def on_screen(node):
    """Whether `node` lies inside the scrolled area that holds it (a click can reach it)."""
    x, y, width, height = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    pane = node.parent
    while pane is not None and role_name(pane) != "scroll pane":
        pane = pane.parent
    if pane is None:
        return True
    px, py, pwidth, pheight = pane.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    return px <= x and py <= y and x + width <= px + pwidth and y + height <= py + pheight


def reach(field):
    """Gives `field` the focus as a person would: a click where it is on screen, else Tab from
    the field before it (the form scrolls to the focused field; a click below the fold hits
    nothing)."""
    if on_screen(field):
        focus(field)
        return
    for _ in range(12):
        press_key("Tab")
        try:
            wait_until(lambda: "focused" in states(field), 0.5)
            return
        except AssertionError:
            continue
    raise AssertionError(f"Tab did not reach {field.name!r}")


def save_person(root, person):
    for name, value in person.items():
        field = find(root, role="text", name=name, visible=True)
        reach(field)
        set_text(field, value)
    save = find(root, role="push button", name="Save", visible=True)
    wait_until(lambda: "sensitive" in states(save), message="Save stayed insensitive")
    click(save)


def cell_label(root, text):
    """The label showing `text` in the list; the list is found again while waiting (after a
    model switch the page that goes may still be the one found first)."""
    def lookup():
        found = find_all(records_table(root), role="label", name=text, visible=True)
        return found[0] if found else None

    return wait_until(lookup, message=f"no label named {text!r} in the list")


def double_click(node):
    click_at(node, double=True)


def single_click(node):
    click_at(node)


def top_level(app, name):
    """A window of the app by name, whatever its role (GTK 4.8 reports the file chooser dialog
    as a "filler"): a top-level, or a dialog libadwaita shows inside one."""
    return dialog_named(app.accessible(), name, 10)


def button_labelled(root, text):
    """A push button showing `text` (the file chooser's buttons are named with their mnemonic)."""
    def lookup():
        for button in find_all(root, role="push button", visible=True):
            if any(text_of(label) == text for label in find_all(button, role="label")):
                return button
        return None

    return wait_until(lookup, message=f"no button labelled {text!r}")


def choose_path(chooser, path, button):
    """Types `path` into a GTK file chooser and presses its `button` ("Open", "Restore…").

    "/" opens the chooser's location entry with the "/" typed; the path replaces it. The
    button is pressed once the chooser has made it sensitive: it reads the typed location
    first, and a click before that does nothing (CI's faster machine clicked too early).
    Returns when the button was pressed (time.monotonic()).
    """
    time.sleep(0.5)
    press_key("/")
    location = wait_until(lambda: next(iter(find_all(chooser, role="text", visible=True)), None),
                          message="no location entry in the file chooser")
    set_text(location, path)
    accept = button_labelled(chooser, button)
    wait_until(lambda: "sensitive" in states(accept), 10, f"the file chooser's {button!r} stayed insensitive")
    pressed = time.monotonic()
    click(accept)
    return pressed


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


def records_path(data_home):
    return os.path.join(data_home, "pinform", "records.sqlite")


# --- The records file as another program sees it: with the data key ---------------------------

# SQLCipher 3.4's settings, as the app fixes them (Sources/Storage/Records/Database+Key.swift).
# SQLCipher 4's settings, named as Storage names them (Sources/Storage/Records/CipherFormat.swift).
CIPHER_SETTINGS = ["PRAGMA cipher_compatibility = 4;"]


def data_key(data_home, pin=PIN):
    """The records' data key, in hex: the PIN slot of keys.json unwrapped with the PIN, as
    Sources/Storage/Vault/KeyVault.swift does it (argon2id with the slot's PHC parameters and
    salt, then XChaCha20-Poly1305 with the slot's nonce and associated data)."""
    with open(os.path.join(data_home, "pinform", "keys.json"), encoding="utf-8") as handle:
        keys = json.load(handle)
    assert keys["format"] == "pinform-keys" and keys["version"] == 1 and keys["database"] == "sqlcipher-4", keys
    slot = next(slot for slot in keys["slots"] if slot["kind"] == "pin")
    # "$argon2id$v=19$m=262144,t=3,p=1$<salt, base64 without padding>"
    _, algorithm, version, parameters, salt = slot["kdf"].split("$")
    assert (algorithm, version) == ("argon2id", "v=19"), slot["kdf"]
    cost = dict(pair.split("=") for pair in parameters.split(","))
    assert cost["p"] == "1", slot["kdf"]
    salt = base64.b64decode(salt + "=" * (-len(salt) % 4))
    wrapping_key = nacl.pwhash.argon2id.kdf(32, pin.encode(), salt, opslimit=int(cost["t"]),
                                            memlimit=int(cost["m"]) * 1024)
    digits = str(slot["digits"]) if slot.get("digits") is not None else "-"
    associated = f"pinform-keys/1/{slot['kind']}/{digits}/{slot['kdf']}".encode()
    key = nacl.bindings.crypto_aead_xchacha20poly1305_ietf_decrypt(
        base64.b64decode(slot["wrappedKey"]), associated, base64.b64decode(slot["nonce"]), wrapping_key)
    assert len(key) == 32
    return key.hex()


def keyed(key):
    """The SQL that opens the file with the data key and the app's cipher settings."""
    return "\n".join([f"PRAGMA key = \"x'{key}'\";", *CIPHER_SETTINGS]) + "\n"


def sqlcipher(path, key, sql):
    """Runs `sql` on the encrypted file with the SQLCipher shell; returns its output lines."""
    result = subprocess.run(["sqlcipher", "-batch", "-bail", path], input=keyed(key) + sql + "\n",
                            capture_output=True, text=True, check=False)
    if result.returncode != 0 or result.stderr:
        raise AssertionError(f"sqlcipher failed ({result.returncode}): {result.stderr or result.stdout}")
    lines = result.stdout.splitlines()
    # SQLCipher 4 answers PRAGMA key with "ok" (since 4.3); 3.4 said nothing.
    return lines[1:] if lines[:1] == ["ok"] else lines


def sql_text(value):
    return "'" + value.replace("'", "''") + "'"


def count_in_database(data_home, table="person"):
    """How many rows the encrypted records file holds in `table`, read with the data key."""
    path = records_path(data_home)
    return int(sqlcipher(path, data_key(data_home), f"SELECT count(*) FROM {table};")[-1])


def is_shown(node):
    """Whether `node` and every widget around it is visible (GTK 4.8 reports no "showing")."""
    while node is not None and role_name(node) not in ("frame", "dialog", "application"):
        if "visible" not in states(node):
            return False
        node = node.parent
    return True


def shown_texts(root, part=""):
    """The texts of the labels on screen that contain `part` (a status page, a toast, the
    read-only notice, the count)."""
    texts = []
    for label in find_all(root, role="label"):
        try:
            if part in label.name and is_shown(label):
                texts.append(label.name)
        except Exception:  # noqa: BLE001 - a label that went away meanwhile
            continue
    return texts


def message(root, part, timeout=10):
    """The text on screen that contains `part`, once it shows."""
    return wait_until(lambda: next(iter(shown_texts(root, part)), None), timeout,
                      f"no message containing {part!r} showed")


def wait_gone(root, part):
    wait_until(lambda: not shown_texts(root, part), message=f"{part!r} stayed on screen")


def buttons_in(node):
    return [text_of(label) for button in find_all(node, role="push button", visible=True)
            for label in find_all(button, role="label")]


class OtherProgram:
    """The SQLCipher shell in another process, with the records file open with the data key,
    running `sql`."""

    def __init__(self, path, key, sql):
        self.process = subprocess.Popen(["sqlcipher", "-batch", path], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.run(keyed(key) + sql + "\nSELECT 'ready';")
        line = self.process.stdout.readline()
        if line.strip() == "ok":  # SQLCipher 4's answer to PRAGMA key
            line = self.process.stdout.readline()
        if line.strip() != "ready":
            raise AssertionError(f"sqlcipher said {line!r}")

    def run(self, sql):
        self.process.stdin.write(sql + "\n")
        self.process.stdin.flush()

    def finish(self):
        self.process.stdin.close()
        self.process.wait(10)


MOUNT_REFUSED = 97


def take_write_permission(folder):
    """Makes the folder and every file in it read-only by permissions."""
    for name in os.listdir(folder):
        os.chmod(os.path.join(folder, name), 0o444)
    os.chmod(folder, 0o555)


def give_write_permission_back(folder):
    os.chmod(folder, 0o700)
    for name in os.listdir(folder):
        os.chmod(os.path.join(folder, name), 0o600)


def read_only_command(folder):
    """The command that starts Pinform with `folder` read-only: as root, on a read-only bind mount
    in a mount namespace of its own (root ignores permissions); else with no write permission."""
    if os.geteuid() != 0:
        take_write_permission(folder)
        return [pinform_bin()]
    script = ('mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" "$0" || exit %d; exec "$@"'
              % MOUNT_REFUSED)
    probe = subprocess.run(["unshare", "-m", "sh", "-c", script, folder, "true"])
    if probe.returncode == 0:
        return ["unshare", "-m", "sh", "-c", script, folder, pinform_bin()]
    # No mounting allowed here: no write permission, and root without the power to ignore it.
    take_write_permission(folder)
    return ["setpriv", "--inh-caps=-all", "--bounding-set=-dac_override,-dac_read_search,-fowner", pinform_bin()]


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
        # The list shows the first columns its pane holds; the row's name has every one.
        grace = ["Grace", "Hopper", born_aged(85), "85", "", "grace@example.com", "1.60"]
        self.assertEqual(restarted[2], grace[:len(restarted[2])])
        self.assertEqual(row_names(root)[2], ", ".join(value for value in grace if value))

    def test_double_click_edits_a_record_in_the_dialog(self):
        self.on_xwayland = True  # the pointer (devices.py)
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
        self.on_xwayland = True  # the pointer (devices.py)
        app, root = self.start_with_three_people()
        double_click(cell_label(root, "Hopper"))
        dialog = app.window("Edit Person")
        last_name = find(dialog, role="text", name="Last name", visible=True)
        focus(last_name)
        set_text(last_name, "Changed")
        press_key("Escape")
        # A changed form is never dropped without asking.
        question = top_level(app, "Discard changes?")
        click(find(question, role="push button", name="Discard", visible=True))
        wait_until(lambda: not [w for w in find_all(app.accessible(), name="Edit Person") if role_name(w) in ("frame", "dialog")],
                   message="the dialog stayed open")
        self.assertEqual(rows(root)[2][1], "Hopper")

    def test_delete_removes_the_selected_record_and_undo_brings_it_back(self):
        self.on_xwayland = True  # the pointer (devices.py)
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
        # Back in its place, not at the end.
        self.assertEqual([row[1] for row in restored], ["Lovelace", "Turing", "Hopper"])
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
        name = file_name_field(chooser)
        self.assertEqual(text_of(name), "people.csv")
        set_text(name, target)
        click(button_labelled(chooser, "Export"))
        wait_until(lambda: os.path.exists(target), 10, "no CSV file was written")
        with open(target, "rb") as handle:
            data = handle.read()
        self.assertTrue(data.endswith(b"\r\n"))
        with open(target, newline="", encoding="utf-8") as handle:
            table = list(csv.reader(handle))
        self.assertEqual(table[0], HEADER)
        # The list shows the first columns its pane holds (the rest are in each row's name and
        # tooltip): the file has them all.
        shown = rows(root)
        self.assertEqual([row[:len(cells)] for row, cells in zip(table[1:], shown)], shown)
        self.assertEqual([", ".join(value for value in row if value) for row in table[1:]], row_names(root))
        self.assertEqual(len(table), 4)

    def test_a_damaged_records_file_is_offered_to_be_moved_aside_and_kept(self):
        folder = os.path.join(self.data_home, "pinform")
        os.makedirs(folder, mode=0o700, exist_ok=True)
        damaged = b"this is not a database" * 100
        with open(os.path.join(folder, "records.sqlite"), "wb") as handle:
            handle.write(damaged)
        app, root = self.start()
        # The list's place says what is wrong, and that the old file is kept.
        message(root, "Records Cannot Be Opened")
        self.assertIn("the old file is kept", message(root, "is damaged"))
        self.assertIn("Retry", buttons_in(root))
        click(button_labelled(root, "Move Aside and Start Fresh"))
        wait_gone(root, "is damaged")
        message(root, "The old records file was kept as “records.sqlite.damaged-")
        message(root, "No Records Yet")
        save_person(root, PEOPLE[0])
        wait_for_rows(root, 1)
        kept = [name for name in os.listdir(folder) if name.startswith("records.sqlite.damaged-")]
        self.assertEqual(len(kept), 1)
        with open(os.path.join(folder, kept[0]), "rb") as handle:
            self.assertEqual(handle.read(), damaged)
        app.quit()
        _, root = self.start()
        self.assertEqual(wait_for_rows(root, 1)[0][1], "Lovelace")

    # --- Nothing lost, whatever the file ---------------------------------------------------

    def test_a_busy_records_file_offers_retry_and_nothing_is_moved(self):
        app, root = self.start()
        save_person(root, PEOPLE[0])
        wait_for_rows(root, 1)
        path = records_path(self.data_home)
        key = data_key(self.data_home)
        other = OtherProgram(path, key, "BEGIN IMMEDIATE; CREATE TABLE other_program(x); INSERT INTO other_program VALUES (1);")
        self.addCleanup(lambda: other.process.poll() is None and other.process.kill())
        save_person(root, PEOPLE[1])
        message(root, "is busy")  # in a toast, with Retry
        labels = buttons_in(root)
        self.assertIn("Retry", labels)
        self.assertNotIn("Move Aside and Start Fresh", labels)
        other.run("COMMIT;")
        other.finish()
        click(button_labelled(root, "Retry"))
        wait_for_rows(root, 2)
        wait_gone(root, "is busy")
        app.quit()
        folder = os.path.dirname(path)
        self.assertEqual([name for name in os.listdir(folder) if "damaged" in name], [])
        self.assertEqual(count_in_database(self.data_home), 2)
        other_rows = sqlcipher(path, key, "SELECT count(*) FROM other_program;")
        self.assertEqual(other_rows, ["1"], "the other program's commit is in the live file")

    def test_a_damaged_file_another_program_has_open_is_not_moved_until_it_lets_go(self):
        folder = os.path.join(self.data_home, "pinform")
        os.makedirs(folder, mode=0o700, exist_ok=True)
        path = records_path(self.data_home)
        with open(path, "wb") as handle:
            handle.write(b"this is not a database" * 100)
        holder = open(path, "rb")  # this test's own process is "another program" for the app
        self.addCleanup(lambda: holder.closed or holder.close())
        app, root = self.start()
        message(root, "is damaged")
        click(button_labelled(root, "Move Aside and Start Fresh"))
        message(root, "open in another program")
        self.assertTrue(os.path.exists(path))
        self.assertEqual([name for name in os.listdir(folder) if "damaged" in name], [])
        holder.close()
        click(button_labelled(root, "Retry"))
        wait_gone(root, "open in another program")
        message(root, "No Records Yet")
        self.assertEqual(len([name for name in os.listdir(folder) if "damaged" in name]), 1)

    def test_a_file_from_a_newer_version_opens_read_only_and_keeps_its_column_and_fields(self):
        app, root = self.start()
        save_person(root, PEOPLE[0])
        wait_for_rows(root, 1)
        app.quit()
        path = records_path(self.data_home)
        # What a newer Pinform might have done: a column, a field, a higher layout version.
        key = data_key(self.data_home)
        stored = json.loads(bytes.fromhex(sqlcipher(path, key, "SELECT hex(_json) FROM person;")[0]).decode())
        stored["nickname"] = "Countess"
        sqlcipher(path, key, "BEGIN;\n"
                  "ALTER TABLE person ADD COLUMN nickname TEXT;\n"
                  f"UPDATE person SET nickname = 'Countess', _json = {sql_text(json.dumps(stored))};\n"
                  "UPDATE _pinform_store SET version = version + 1 WHERE name = 'person';\n"
                  "COMMIT;")

        app, root = self.start()
        notice = message(root, "newer version of Pinform")
        self.assertIn("read-only", notice)
        self.assertEqual(wait_for_rows(root, 1)[0][:2], ["Ada", "Lovelace"])
        save_person(root, PEOPLE[1])
        message(root, "not saved")
        self.assertEqual(len(rows(root)), 1)
        app.quit()
        nickname, stored, count = sqlcipher(path, key, "SELECT nickname FROM person;\n"
                                            "SELECT hex(_json) FROM person;\nSELECT count(*) FROM person;")
        stored = bytes.fromhex(stored).decode()
        count = int(count)
        self.assertEqual(nickname, "Countess")
        self.assertEqual(json.loads(stored)["nickname"], "Countess")
        self.assertEqual(count, 1)

    def test_a_read_only_data_folder_opens_read_only_and_shows_the_records(self):
        app, root = self.start_with_three_people()
        app.quit()
        folder = os.path.join(self.data_home, "pinform")
        before = sorted(os.listdir(folder))
        self.addCleanup(give_write_permission_back, folder)
        app = self.launch(read_only_command(folder), data_home=self.data_home, config_home=self.config_home)
        # The attempt is counted in the config folder, which can be written: the PIN is checked.
        keypad = app.accessible()
        find(keypad, role="push button", name="2", visible=True, timeout=20)
        for digit in "1357":
            click(find(keypad, role="push button", name=digit, visible=True))
        find(keypad, role="label", name="Wrong PIN — 4 attempts left", timeout=20)
        root = unlock(app)
        message(root, "can only be read")
        self.assertNotIn("Move Aside and Start Fresh", buttons_in(root))
        shown = wait_for_rows(root, 3)
        self.assertEqual([row[1] for row in shown], ["Lovelace", "Turing", "Hopper"])
        capture(root, "records-read-only.png")
        app.quit()
        give_write_permission_back(folder)
        self.assertEqual(sorted(os.listdir(folder)), before, "nothing was created, moved or removed")
        self.assertEqual(count_in_database(self.data_home), 3)
        with open(os.path.join(self.config_home, "pinform", "attempts.json"), encoding="utf-8") as handle:
            self.assertEqual(json.load(handle)["failures"], 0, "the right PIN cleared the counted failure")

    def test_an_old_installation_in_a_read_only_folder_shows_its_records_read_only_and_is_not_upgraded(self):
        folder = os.path.join(self.data_home, "pinform")
        shutil.copytree(V01_INSTALL, folder)
        os.chmod(folder, 0o700)

        def contents():
            result = {}
            for name in os.listdir(folder):
                with open(os.path.join(folder, name), "rb") as handle:
                    result[name] = handle.read()
            return result

        before = contents()
        self.addCleanup(give_write_permission_back, folder)
        app = self.launch(read_only_command(folder), data_home=self.data_home, config_home=self.config_home)
        root = unlock(app, V01_PIN)
        self.assertIn("cannot be encrypted yet", message(root, "can only be read"))
        self.assertNotIn("Move Aside and Start Fresh", buttons_in(root))
        self.assertEqual([row[1] for row in wait_for_rows(root, 3)], ["Lovelace", "Turing", "Hopper"])
        app.quit()
        give_write_permission_back(folder)
        self.assertEqual(contents(), before, "the old installation was changed")

    def test_a_named_pipe_where_the_records_file_belongs_is_refused_and_the_window_responds(self):
        folder = os.path.join(self.data_home, "pinform")
        os.makedirs(folder, mode=0o700, exist_ok=True)
        os.mkfifo(records_path(self.data_home))
        app, root = self.start()
        message(root, "is a named pipe, not a data file")
        self.assertNotIn("Move Aside and Start Fresh", buttons_in(root))
        # The main thread is not blocked: the form still takes typing.
        field = find(root, role="text", name="First name", visible=True)
        focus(field)
        set_text(field, "Ada")
        wait_until(lambda: text_of(field) == "Ada", message="the form did not respond")
        self.assertTrue(stat.S_ISFIFO(os.lstat(records_path(self.data_home)).st_mode))

    # --- Search ------------------------------------------------------------------------------

    def test_no_records_and_no_results_show_status_pages_and_counts_use_plural_forms(self):
        app, root = self.start()
        message(root, "No Records Yet")
        save_person(root, PEOPLE[0])
        wait_for_rows(root, 1)
        wait_gone(root, "No Records Yet")
        message(root, "1 record")
        save_person(root, PEOPLE[1])
        wait_for_rows(root, 2)
        message(root, "2 records")
        search = find(root, role="entry", name="Search records", visible=True)
        focus(search)
        set_text(search, "nobody-by-this-name")
        message(root, "No Results")
        set_text(search, "example.com")
        wait_until(lambda: "2 records match" in shown_texts(root), message="the count did not say 2 records match")

    def test_escape_clears_the_search(self):
        app, root = self.start_with_three_people()
        search = find(root, role="entry", name="Search records", visible=True)
        focus(search)
        set_text(search, "turing")
        wait_for_rows(root, 1)
        press_key("Escape")
        wait_until(lambda: text_of(search) == "", message="Escape left the search")
        wait_for_rows(root, 3)

    def test_delete_follows_the_selection_the_search_shows(self):
        self.on_xwayland = True  # the pointer (devices.py)
        app, root = self.start_with_three_people()
        single_click(cell_label(root, "Lovelace"))
        delete = find(root, role="push button", name="Delete", visible=True)
        wait_until(lambda: "sensitive" in states(delete), message="Delete stayed insensitive")
        search = find(root, role="entry", name="Search records", visible=True)
        focus(search)
        set_text(search, "turing")
        wait_for_rows(root, 1)
        wait_until(lambda: "sensitive" not in states(delete), message="Delete stayed sensitive with the selection hidden")
        single_click(cell_label(root, "Turing"))
        wait_until(lambda: "sensitive" in states(delete), message="Delete stayed insensitive")
        click(delete)
        message(root, "No Results")  # Turing is gone: nothing matches any more
        set_text(search, "")
        self.assertEqual([row[1] for row in wait_for_rows(root, 2)], ["Lovelace", "Hopper"])

    def test_a_search_of_too_many_words_says_so_and_the_message_goes_once_it_is_shorter(self):
        app, root = self.start_with_three_people()
        search = find(root, role="entry", name="Search records", visible=True)
        focus(search)
        set_text(search, " ".join(["ada"] * 40))
        # On the no-results page, in the list's place.
        message(root, "No Results")
        self.assertIn("Search for at most 32 words — this search has 40.", shown_texts(root))
        set_text(search, "LOVELACE")
        wait_gone(root, "Search for at most")
        self.assertEqual([row[1] for row in wait_for_rows(root, 1)], ["Lovelace"])

    def test_search_finds_a_decomposed_name_by_its_precomposed_form_and_in_capitals(self):
        app, root = self.start()
        save_person(root, {"First name": "E\u0301mile", "Last name": "Zola", "Birth date": born_aged(62),
                           "Email": "emile@example.com", "Height": "1.70"})
        wait_for_rows(root, 1)
        search = find(root, role="entry", name="Search records", visible=True)
        focus(search)
        set_text(search, "\u00c9MILE")
        wait_until(lambda: "1 record matches" in shown_texts(root) and len(rows(root)) == 1,
                   message="the search found nothing")
        set_text(search, "")
        set_text(search, "\u00e9mile")
        wait_until(lambda: "1 record matches" in shown_texts(root) and len(rows(root)) == 1,
                   message="the search found nothing")

    # --- Export ------------------------------------------------------------------------------

    def export_through_the_chooser(self, app, root, target):
        click(find(root, role="push button", name="Export…", visible=True))
        chooser = top_level(app, "Export Records")
        set_text(file_name_field(chooser), target)
        click(button_labelled(chooser, "Export"))
        wait_until(lambda: os.path.exists(target), 10, "no CSV file was written")
        with open(target, newline="", encoding="utf-8") as handle:
            return list(csv.reader(handle))

    def stop_protecting_exported_spreadsheets(self, app):
        """Preferences → Protect exported spreadsheets, off; then Escape. The export follows the
        preference: GtkFileDialog has no check boxes of its own, so the chooser no longer offers
        the choice that GtkFileChooserNative did."""
        click(self.menu_item(app, "Preferences"))
        preferences = top_level(app, "Preferences")
        protection = find(preferences, role="check box", name="Protect exported spreadsheets", visible=True)
        self.assertIn("checked", states(protection), "formulas are neutralized by default")
        click(protection)
        wait_until(lambda: "checked" not in states(protection), message="the switch stayed on")
        press_key("Escape")
        wait_until(lambda: open_dialog(app.accessible(), "Preferences") is None,
                   message="Escape did not close Preferences")

    def test_export_keeps_formulas_from_running_unless_asked_and_is_readable_by_its_owner_only(self):
        previous = os.umask(0)  # the app inherits it: files would be 0666
        try:
            app, root = self.start()
        finally:
            os.umask(previous)
        formula = {"First name": "=HYPERLINK(\"http://x\")", "Last name": "  +cmd", "Birth date": born_aged(36),
                   "Email": "ada@example.com", "Height": "1.65"}
        save_person(root, formula)
        wait_for_rows(root, 1)
        folder = tempfile.mkdtemp(prefix="pinform-e2e-export-")
        self.addCleanup(shutil.rmtree, folder, True)

        safe = self.export_through_the_chooser(app, root, os.path.join(folder, "safe.csv"))
        self.assertEqual(safe[1][:2], ["'=HYPERLINK(\"http://x\")", "'  +cmd"])
        self.assertEqual(stat.S_IMODE(os.stat(os.path.join(folder, "safe.csv")).st_mode), 0o600)

        self.stop_protecting_exported_spreadsheets(app)
        raw = self.export_through_the_chooser(app, root, os.path.join(folder, "raw.csv"))
        self.assertEqual(raw[1][:2], ["=HYPERLINK(\"http://x\")", "  +cmd"])
        self.assertEqual(stat.S_IMODE(os.stat(os.path.join(folder, "raw.csv")).st_mode), 0o600)


if __name__ == "__main__":
    unittest.main()
