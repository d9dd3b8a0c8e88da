"""Issue 25, the small leaks: a PIN pasted with Ctrl+V does not stay on the clipboard."""
import os
import subprocess
import unittest

import devices
from orca_session import press_combination
from pinform_e2e import AppTestCase, click, dismiss_recovery_key, find, find_all, focus, wait_until

GOOD_PIN = "5978"
# Owns the clipboard with argv[1] until killed (GTK 4 through PyGObject).
CLIPBOARD_OWNER = """
import sys, gi
gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
from gi.repository import Gdk, GLib, Gtk
Gtk.init()
Gdk.Display.get_default().get_clipboard().set(sys.argv[1])
print("ready", flush=True)
GLib.MainLoop().run()
"""
# Prints the clipboard's text ("<none>" when it has none).
CLIPBOARD_READER = """
import gi
gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
from gi.repository import Gdk, GLib, Gtk
Gtk.init()
loop = GLib.MainLoop()
def done(clipboard, result):
    try:
        text = clipboard.read_text_finish(result)
    except GLib.Error:
        text = None
    print("<none>" if text is None else text, flush=True)
    loop.quit()
Gdk.Display.get_default().get_clipboard().read_text_async(None, done)
loop.run()
"""


def x11_client():
    """The environment of a helper that owns or reads the clipboard as another program would: on
    mutter's Xwayland under Wayland, where a program that has no window focused may still use
    the clipboard (a Wayland client may not); mutter carries it between the two."""
    return dict(os.environ, GDK_BACKEND="x11") if devices.under_wayland() else None


def clipboard_text():
    return subprocess.run(["/usr/bin/python3", "-c", CLIPBOARD_READER], capture_output=True, text=True,
                          timeout=20, check=True, env=x11_client()).stdout.strip()


class ClipboardTests(AppTestCase):
    def own_clipboard(self, text):
        owner = subprocess.Popen(["/usr/bin/python3", "-c", CLIPBOARD_OWNER, text], stdout=subprocess.PIPE,
                                 env=x11_client())
        self.addCleanup(owner.wait)
        self.addCleanup(owner.kill)
        self.assertEqual(owner.stdout.readline().strip(), b"ready")

    def test_a_pasted_pin_is_removed_from_the_clipboard(self):
        app = self.launch_app()
        window = app.window("Pinform")
        for digit in GOOD_PIN:
            click(find(window, role="push button", name=digit))
        find(window, role="label", name="Confirm PIN")
        self.own_clipboard(GOOD_PIN)
        self.assertEqual(clipboard_text(), GOOD_PIN)
        focus(find(window, role="password text", name="PIN"))
        press_combination("Control", "v")
        dismiss_recovery_key(app.accessible())
        wait_until(lambda: not find_all(app.accessible(), role="push button", name="5"), timeout=30,
                   message="the pasted confirmation did not set the PIN")
        wait_until(lambda: clipboard_text() != GOOD_PIN, message="the pasted PIN is still on the clipboard")
        self.assertIn(clipboard_text(), ("", "<none>"))


if __name__ == "__main__":
    unittest.main()
