"""End-to-end: two running app instances as two desks on one shared PostgreSQL database (a
private cluster), each with its own data and config folders and its own PIN — desk A as the
database's owner, desk B as a clerk (its own role). A save at A shows at B without a reload; one
record edited at both desks, different fields merge by themselves and the same field asks the
second saver; the server stopped while B saves keeps the save and sends it once it is back, and
then A shows it.

One cluster and both apps serve the class (starting them takes most of the time). With no window
manager under Xvfb both windows sit at 0,0, one over the other: a desk's window is brought to the
front, as a second launch of the same desk would do (SIGUSR1 → present), before anything is
clicked with the pointer in it. Everything else goes through AT-SPI actions.
"""
import os
import re
import signal
import subprocess
import time

from gi.repository import Gio, GLib

import devices
from pinform_e2e import (AppTestCase, _children, click, dialog_named, find, launch_app, open_dialog, pinform_bin,
                         response_button, role_name, set_text, states, wait_until)
from private_cluster import PrivateCluster
from test_records import cell_label, message, row_names, rows, save_person, single_click, unlock

PASSWORD_A = "owner-desk-pw"
PASSWORD_B = "clerk-desk-pw"
PIN_A = "5978"
PIN_B = "8093"
ADA = {"First name": "Ada", "Last name": "Lovelace", "Birth date": "1815-12-10", "Email": "ada@example.com",
       "Height": "1.65"}


def private_session_bus():
    """A D-Bus session bus of its own (a started dbus-daemon and its address). Two desks are two
    sessions: on one session bus GApplication hands a second launch of the same application to
    the first, which then only comes to the front. The accessibility bus stays this session's
    (AT_SPI_BUS_ADDRESS, which GTK reads first), so the tests see both apps — and the private
    bus never starts an accessibility bus of its own, which would take the display's over."""
    daemon = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"],
                              stdout=subprocess.PIPE, text=True)
    accessibility = Gio.bus_get_sync(Gio.BusType.SESSION).call_sync(
        "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None, GLib.VariantType("(s)"),
        Gio.DBusCallFlags.NONE, 5000).unpack()[0]
    return daemon, {"DBUS_SESSION_BUS_ADDRESS": daemon.stdout.readline().strip(), "AT_SPI_BUS_ADDRESS": accessibility}


def top_levels(app):
    return [child for child in _children(app.accessible()) if role_name(child) in ("frame", "window", "dialog")]


def top_pid():
    """The process of the top-most window on screen (xwininfo lists the root's children top-most
    first; windows with no process, GTK's own, and unmapped ones are passed over)."""
    listing = subprocess.run(["xwininfo", "-root", "-children"], capture_output=True, text=True, check=True).stdout
    for window in re.findall(r"^\s+(0x[0-9a-f]+) ", listing, re.MULTILINE):
        pid = re.search(r"= (\d+)", subprocess.run(["xprop", "-id", window, "_NET_WM_PID"], capture_output=True,
                                                     text=True).stdout)
        if pid and "IsViewable" in subprocess.run(["xwininfo", "-id", window], capture_output=True, text=True).stdout:
            return int(pid.group(1))
    return None


def to_front(app):
    """Brings the desk's window over the other's, as a second launch of the same desk would
    (its instance lock's SIGUSR1 presents it; with no window manager GTK raises it itself), and
    waits until it is the top-most window: the pointer's clicks go to it."""
    # The handler is set before the first window shows; SIGUSR1 before it would end the process.
    wait_until(lambda: top_levels(app), 20, "the desk showed no window")
    os.kill(app.pid, signal.SIGUSR1)
    if devices.under_wayland():
        # mutter keeps a window its own program presents without a user's timestamp behind the
        # focused one (focus-stealing prevention): the person then clicks it in the taskbar.
        pointer = devices.X11Pointer()
        try:
            pointer.activate(app.pid)
        finally:
            pointer.close()
    wait_until(lambda: top_pid() == app.pid, 10, "the desk's window did not come to the front")


def join(app, password):
    root = app.accessible()
    dialog = dialog_named(root, "Join a Shared Database", 10)
    set_text(find(dialog, role="password text", name="Password", visible=True), password)
    click(response_button(dialog, "Join"))
    wait_until(lambda: open_dialog(root, "Join a Shared Database") is None, 10,
               "the join dialog stayed")


def row_of(root, last_name):
    """The list's row whose Last name is `last_name`, or None."""
    return next((row for row in rows(root) if len(row) > 1 and row[1] == last_name), None)


def row_name_of(root, last_name):
    """The accessible name of the row whose Last name is `last_name` — every column's text,
    those the pane has no room for too ("Grace, Hopper, …, grace@navy.example, 1.72") — or None."""
    return next((name for name in row_names(root) if name.split(", ")[1:2] == [last_name]), None)


def merged(name):
    """Whether a row's name has both desks' changes: A's email and B's height."""
    return bool(name) and "grace@navy.example" in name and name.endswith(", 1.72")


def edit_dialog(app, root, last_name):
    """Selects the row of `last_name` (a click: the window must be at the front) and opens it
    with Edit; returns the Edit Person dialog."""
    single_click(cell_label(root, last_name))
    edit = find(root, role="push button", name="Edit", visible=True)
    wait_until(lambda: "sensitive" in states(edit), message="Edit stayed insensitive after selecting the row")
    click(edit)
    return app.window("Edit Person")


def field(dialog, name):
    return find(dialog, role="text", name=name, visible=True)


def save_edit(dialog):
    click(find(dialog, role="push button", name="Save", visible=True))


def gone(app, name):
    wait_until(lambda: not any(window.name == name for window in top_levels(app)), 10, f"{name!r} stayed open")


class TwoDesksTests(AppTestCase):
    @classmethod
    def setUpClass(cls):
        cls.cluster = PrivateCluster()
        cls.addClassCleanup(cls.cluster.stop)
        cls.cluster.psql(f"CREATE ROLE front_desk LOGIN PASSWORD '{PASSWORD_A}'")
        cls.cluster.psql("CREATE DATABASE clinic OWNER front_desk")
        # Both start at once (each its own folders); A joins first, as the owner sets the
        # database up, then the administrator's SQL makes the groups and B's role.
        # Both on Xwayland under mutter: records are chosen with the pointer (devices.py).
        x11 = {"GDK_BACKEND": "x11"} if devices.under_wayland() else {}
        cls.a = launch_app(args=["--connect", cls.cluster.address("clinic", "front_desk")], env=x11)
        cls.addClassCleanup(cls.a.quit)
        bus, buses = private_session_bus()
        cls.addClassCleanup(bus.stdout.close)
        cls.addClassCleanup(bus.wait)
        cls.addClassCleanup(bus.terminate)
        cls.b = launch_app(args=["--connect", cls.cluster.address("clinic", "reception")],
                           env={**buses, **x11})
        cls.addClassCleanup(cls.b.quit)
        to_front(cls.a)
        cls.root_a = unlock(cls.a, PIN_A)
        join(cls.a, PASSWORD_A)
        setup = subprocess.run([pinform_bin(), "--shared-setup-sql"], capture_output=True, text=True, check=True).stdout
        cls.cluster.psql(setup, "clinic")
        cls.cluster.psql(f"CREATE ROLE reception LOGIN PASSWORD '{PASSWORD_B}' IN ROLE pinform_clerks")
        to_front(cls.b)
        cls.root_b = unlock(cls.b, PIN_B)
        join(cls.b, PASSWORD_B)

    def server(self, sql):
        return self.cluster.psql(sql, "clinic")

    def test_1_a_save_at_desk_a_shows_at_desk_b_without_a_reload(self):
        to_front(self.a)
        save_person(self.root_a, ADA)
        saved = time.monotonic()
        wait_until(lambda: row_of(self.root_b, "Lovelace"), 10, "desk A's save did not show at desk B")
        self.assertLess(time.monotonic() - saved, 2.0, "desk A's save took too long to show at desk B")
        self.assertEqual(row_of(self.root_b, "Lovelace")[:3], ["Ada", "Lovelace", "1815-12-10"])
        self.assertEqual(self.server("SELECT _created_by FROM person WHERE last_name = 'Lovelace'"), "front_desk")

    def open_at_both(self, last_name):
        """The record of `last_name` open in the Edit Person dialog at both desks."""
        wait_until(lambda: row_of(self.root_a, last_name) and row_of(self.root_b, last_name), 10,
                   f"{last_name} is not listed at both desks")
        to_front(self.a)
        dialog_a = edit_dialog(self.a, self.root_a, last_name)
        to_front(self.b)
        dialog_b = edit_dialog(self.b, self.root_b, last_name)
        return dialog_a, dialog_b

    def test_2_one_record_edited_at_both_desks_merges_other_fields_and_asks_about_the_same(self):
        to_front(self.a)
        save_person(self.root_a, {**ADA, "First name": "Grace", "Last name": "Hopper", "Email": "grace@example.com"})

        # Different fields: A changes the email, B the height; B saves second and both stay.
        dialog_a, dialog_b = self.open_at_both("Hopper")
        set_text(field(dialog_a, "Email"), "grace@navy.example")
        set_text(field(dialog_b, "Height"), "1.72")
        save_edit(dialog_a)
        gone(self.a, "Edit Person")
        message(dialog_b, "Edited at desk front_desk while open here: Save merges your changes with theirs")
        save_edit(dialog_b)
        gone(self.b, "Edit Person")
        self.assertEqual(self.server("SELECT email, height FROM person WHERE first_name = 'Grace'"),
                         "grace@navy.example|1.72")
        for root in (self.root_a, self.root_b):
            wait_until(lambda: merged(row_name_of(root, "Hopper")), 10,
                       f"the merged record is not listed as both changed it: {row_name_of(root, 'Hopper')}")

        # The same field: A saves "Murray", B's "Brewster" asks at B with both values.
        dialog_a, dialog_b = self.open_at_both("Hopper")
        set_text(field(dialog_a, "Last name"), "Murray")
        set_text(field(dialog_b, "Last name"), "Brewster")
        save_edit(dialog_a)
        gone(self.a, "Edit Person")
        wait_until(lambda: row_of(self.root_b, "Murray"), 10, "desk A's change did not show at desk B")
        save_edit(dialog_b)
        conflict = dialog_named(self.b.accessible(), "Edited at Another Desk", 20)
        self.assertIn("Last name: yours “Brewster”, the other desk’s “Murray”", message(conflict, "Last name:"))
        self.assertEqual(self.server("SELECT last_name FROM person WHERE first_name = 'Grace'"), "Murray",
                         "nothing is saved before the person chooses")
        click(response_button(conflict, "Keep Mine"))
        gone(self.b, "Edit Person")
        wait_until(lambda: self.server("SELECT last_name FROM person WHERE first_name = 'Grace'") == "Brewster", 10,
                   "Keep Mine did not save desk B's value")
        for root in (self.root_a, self.root_b):
            wait_until(lambda: row_of(root, "Brewster") and not row_of(root, "Murray"), 10,
                       "desk B's chosen value is not listed at both desks")
        self.assertTrue(merged(row_name_of(self.root_a, "Brewster")),
                        f"the chosen value did not keep the merged fields: {row_name_of(self.root_a, 'Brewster')}")

    def test_3_a_save_at_desk_b_while_the_server_is_stopped_is_kept_and_sent_when_it_is_back(self):
        self.cluster.pause()
        try:
            to_front(self.b)
            save_person(self.root_b, {"First name": "Alan", "Last name": "Turing", "Birth date": "1912-06-23",
                                      "Email": "alan@example.com", "Height": "1.78"})
            kept = message(self.root_b, "The save is kept on this desk")
            self.assertEqual(kept, "The shared database cannot be reached (the server is not running). The save is "
                                   "kept on this desk and sent when the server answers again; 1 save waits.")
        finally:
            self.cluster.start()
        wait_until(lambda: self.server("SELECT count(*) FROM person WHERE last_name = 'Turing'") == "1", 20,
                   "the kept save was not sent when the server was back")
        self.assertEqual(self.server("SELECT _created_by FROM person WHERE last_name = 'Turing'"), "reception")
        wait_until(lambda: row_of(self.root_a, "Turing"), 20, "desk B's kept save did not show at desk A")
        self.assertEqual(row_of(self.root_a, "Turing")[:3], ["Alan", "Turing", "1912-06-23"])
        wait_until(lambda: row_of(self.root_b, "Turing"), 10, "desk B's kept save is not in its own list")
