"""Keyboard and pointer input for the end-to-end tests, as a person's devices give it.

Under mutter (a Wayland session, scripts/lib.sh `run_with_wayland_compositor`) the keyboard is
mutter's own remote-desktop API on the session bus (org.gnome.Mutter.RemoteDesktop): its keys
reach whichever window mutter has focused, a Wayland client or one on mutter's Xwayland, through
the same path a real keyboard takes. Under a bare X server (Xvfb) keys go through XTest.

The pointer needs a place on the screen, and under Wayland no client knows where its window is
(AT-SPI reports window coordinates only), and mutter's absolute pointer motion needs a
screen-cast stream (PipeWire). So a test that is about the pointer launches the app on
mutter's Xwayland (`AppTestCase.on_xwayland`) and the pointer is driven by XTest there, from the
window's position as the X server knows it.

    python3 devices.py --hold-seat READY_FILE

keeps a remote-desktop keyboard plugged in until killed (writing READY_FILE once it is): with
no keyboard on its seat, mutter gives no window the keyboard focus.
"""
import ctypes
import os
import subprocess
import sys
import time

from gi.repository import Gio, GLib

_MUTTER = "org.gnome.Mutter.RemoteDesktop"
_MUTTER_PATH = "/org/gnome/Mutter/RemoteDesktop"
_SESSION = "org.gnome.Mutter.RemoteDesktop.Session"


def under_wayland():
    """True when the tests run in a Wayland session (mutter), not on a bare X server."""
    return bool(os.environ.get("WAYLAND_DISPLAY"))


class RemoteDesktopKeyboard:
    """A keyboard plugged into mutter's seat through a remote-desktop session."""

    def __init__(self):
        self.bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        path = self._call(_MUTTER_PATH, _MUTTER, "CreateSession", None, "(o)")[0]
        self.session = path
        self._call(path, _SESSION, "Start", None, None)

    def _call(self, path, interface, method, parameters, reply):
        result = self.bus.call_sync(
            "org.gnome.Mutter.RemoteDesktop", path, interface, method, parameters,
            GLib.VariantType(reply) if reply else None, Gio.DBusCallFlags.NONE, 5000, None)
        return result.unpack() if result is not None else None

    def keysym(self, keysym, pressed):
        """Presses (or releases) the key that types `keysym`; mutter adds Shift where needed."""
        self._call(self.session, _SESSION, "NotifyKeyboardKeysym",
                   GLib.Variant("(ub)", (keysym, pressed)), None)

    def keycode(self, code, pressed):
        """Presses (or releases) a key by its evdev code (KEY_KP1 is 79), as the hardware sends it."""
        self._call(self.session, _SESSION, "NotifyKeyboardKeycode",
                   GLib.Variant("(ub)", (code, pressed)), None)

    def stop(self):
        try:
            self._call(self.session, _SESSION, "Stop", None, None)
        except GLib.Error:
            pass


_keyboard = []


def keyboard():
    """This process's remote-desktop keyboard (made on first use)."""
    if not _keyboard:
        _keyboard.append(RemoteDesktopKeyboard())
    return _keyboard[0]


# A key's press and release take this long, as a typist's do: GTK and Orca see two events.
_KEY_GAP = 0.01


def tap_keysym(keysym, held=()):
    """Presses and releases `keysym` with the keysyms `held` (modifiers) down around it."""
    board = keyboard()
    for modifier in held:
        board.keysym(modifier, True)
    board.keysym(keysym, True)
    time.sleep(_KEY_GAP)
    board.keysym(keysym, False)
    for modifier in reversed(held):
        board.keysym(modifier, False)
    time.sleep(_KEY_GAP)


def tap_keycode(code):
    """Presses and releases the key with evdev code `code`."""
    board = keyboard()
    board.keycode(code, True)
    time.sleep(_KEY_GAP)
    board.keycode(code, False)
    time.sleep(_KEY_GAP)


# The number pad's keys by evdev code (linux/input-event-codes.h), and Num Lock's.
KEYPAD_CODES = {"0": 82, "1": 79, "2": 80, "3": 81, "4": 75, "5": 76, "6": 77, "7": 71, "8": 72, "9": 73}
NUM_LOCK_CODE = 69


# --- the pointer, through XTest on an X server (Xvfb, or mutter's Xwayland) ------------------

class X11Pointer:
    """XTest's pointer on the X display in PINFORM_X11_DISPLAY (mutter's Xwayland), else DISPLAY."""

    def __init__(self):
        self.x = ctypes.CDLL("libX11.so.6")
        self.xtst = ctypes.CDLL("libXtst.so.6")
        self.x.XOpenDisplay.restype = ctypes.c_void_p
        self.x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self.x.XDefaultRootWindow.restype = ctypes.c_ulong
        self.x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        self.x.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        self.x.XCloseDisplay.argtypes = [ctypes.c_void_p]
        self.x.XInternAtom.restype = ctypes.c_ulong
        self.x.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
        self.x.XGetWindowProperty.argtypes = [
            ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_long, ctypes.c_long, ctypes.c_int,
            ctypes.c_ulong, ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.c_int),
            ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.c_void_p)]
        self.x.XTranslateCoordinates.argtypes = [
            ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
            ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_ulong)]
        self.x.XQueryTree.argtypes = [ctypes.c_void_p, ctypes.c_ulong] + [ctypes.c_void_p] * 4
        self.x.XFree.argtypes = [ctypes.c_void_p]
        self.x.XGetWindowAttributes.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_void_p]
        self.x.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long, ctypes.c_void_p]
        self.xtst.XTestFakeMotionEvent.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_ulong]
        self.xtst.XTestFakeButtonEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
        name = os.environ.get("PINFORM_X11_DISPLAY") or os.environ.get("DISPLAY")
        self.display = self.x.XOpenDisplay(name.encode() if name else None)
        if not self.display:
            raise RuntimeError(f"cannot open the X display {name!r}")

    def close(self):
        self.x.XCloseDisplay(self.display)

    def _cardinals(self, window, name):
        """A CARDINAL[] property of `window` (empty when it has none)."""
        atom = self.x.XInternAtom(self.display, name.encode(), 1)
        if not atom:
            return []
        actual, fmt, count, after = ctypes.c_ulong(), ctypes.c_int(), ctypes.c_ulong(), ctypes.c_ulong()
        data = ctypes.c_void_p()
        if self.x.XGetWindowProperty(self.display, window, atom, 0, 64, 0, 0, ctypes.byref(actual),
                                     ctypes.byref(fmt), ctypes.byref(count), ctypes.byref(after),
                                     ctypes.byref(data)) != 0 or not data.value:
            return []
        try:
            if fmt.value != 32:
                return []
            values = ctypes.cast(data, ctypes.POINTER(ctypes.c_long))
            return [values[index] for index in range(count.value)]
        finally:
            self.x.XFree(data)

    def _text(self, window, name):
        """A UTF-8 text property of `window` ("" when it has none)."""
        atom = self.x.XInternAtom(self.display, name.encode(), 1)
        if not atom:
            return ""
        actual, fmt, count, after = ctypes.c_ulong(), ctypes.c_int(), ctypes.c_ulong(), ctypes.c_ulong()
        data = ctypes.c_void_p()
        if self.x.XGetWindowProperty(self.display, window, atom, 0, 1024, 0, 0, ctypes.byref(actual),
                                     ctypes.byref(fmt), ctypes.byref(count), ctypes.byref(after),
                                     ctypes.byref(data)) != 0 or not data.value:
            return ""
        try:
            return ctypes.string_at(data, count.value).decode("utf-8", "replace") if fmt.value == 8 else ""
        finally:
            self.x.XFree(data)

    def _viewable(self, window):
        attributes = _WindowAttributes()
        if not self.x.XGetWindowAttributes(self.display, window, ctypes.byref(attributes)):
            return False
        return attributes.map_state == 2  # IsViewable

    def _windows(self, window):
        root, parent = ctypes.c_ulong(), ctypes.c_ulong()
        children, count = ctypes.POINTER(ctypes.c_ulong)(), ctypes.c_uint()
        if not self.x.XQueryTree(self.display, window, ctypes.byref(root), ctypes.byref(parent),
                                 ctypes.byref(children), ctypes.byref(count)):
            return []
        found = [children[index] for index in range(count.value)]
        if children:
            self.x.XFree(children)
        return found

    def content_origin(self, pid, title=None):
        """Where the content of process `pid`'s window titled `title` (else its newest shown
        window) starts on the screen: the window's place plus GTK's client-side shadow
        (_GTK_FRAME_EXTENTS), which window coordinates skip."""
        root = self.x.XDefaultRootWindow(self.display)
        window = self._window_of(pid, title)
        x, y, child = ctypes.c_int(), ctypes.c_int(), ctypes.c_ulong()
        self.x.XTranslateCoordinates(self.display, window, root, 0, 0, ctypes.byref(x), ctypes.byref(y),
                                     ctypes.byref(child))
        extents = self._cardinals(window, "_GTK_FRAME_EXTENTS") or [0, 0, 0, 0]
        return x.value + extents[0], y.value + extents[2]

    def window_and_shadow(self, pid, title=None):
        """Process `pid`'s X window titled `title` (else its newest shown one), and GTK's
        client-side shadow around its content (_GTK_FRAME_EXTENTS: left, right, top, bottom)."""
        window = self._window_of(pid, title)
        return window, self._cardinals(window, "_GTK_FRAME_EXTENTS") or [0, 0, 0, 0]

    def _window_of(self, pid, title=None):
        """Process `pid`'s shown X window titled `title`, else its newest shown one."""
        root = self.x.XDefaultRootWindow(self.display)
        pending, windows = [root], []
        while pending:
            window = pending.pop()
            if self._cardinals(window, "_NET_WM_PID")[:1] == [pid]:
                windows.append(window)
            else:
                pending.extend(self._windows(window))
        shown = [window for window in windows if self._viewable(window)]
        if not shown:
            raise RuntimeError(f"process {pid} has no X window")
        titled = [window for window in shown if title and self._text(window, "_NET_WM_NAME") == title]
        return max(titled or shown)  # the newest: X hands out ids in order

    def activate(self, pid, title=None):
        """Asks the window manager to activate process `pid`'s window (titled `title`) as a
        taskbar does when it is clicked: _NET_ACTIVE_WINDOW with the pager as its source, which
        mutter honours at once (a window presented by its own program without a user's timestamp
        is kept behind by mutter's focus-stealing prevention)."""
        root = self.x.XDefaultRootWindow(self.display)
        window = self._window_of(pid, title)
        event = _ClientMessage()
        event.type = 33  # ClientMessage
        event.send_event = 1
        event.display = self.display
        event.window = window
        event.message_type = self.x.XInternAtom(self.display, b"_NET_ACTIVE_WINDOW", 0)
        event.format = 32
        event.data[0] = 2  # source: a pager
        event.data[1] = 0  # CurrentTime
        mask = (1 << 19) | (1 << 20)  # SubstructureNotifyMask | SubstructureRedirectMask
        self.x.XSendEvent(self.display, root, 0, mask, ctypes.byref(event))
        self.x.XSync(self.display, 0)

    def move(self, x, y):
        self.xtst.XTestFakeMotionEvent(self.display, -1, x, y, 0)
        self.x.XSync(self.display, 0)

    def button(self, button, pressed):
        self.xtst.XTestFakeButtonEvent(self.display, button, 1 if pressed else 0, 0)
        self.x.XSync(self.display, 0)


_BLINK_SCRIPT = """
import sys
import gi
gi.require_version("Gtk", "4.0")
from gi.repository import GLib, Gtk
app = Gtk.Application(application_id="org.pinform.e2e.FocusBlink")
def activate(app):
    window = Gtk.ApplicationWindow(application=app, title="focus blink", default_width=120, default_height=80)
    def active(window, _spec):
        if window.props.is_active:
            GLib.timeout_add(100, window.close)
    window.connect("notify::is-active", active)
    GLib.timeout_add_seconds(5, window.close)
    window.present()
app.connect("activate", activate)
sys.exit(app.run([]))
"""


def blink_focus():
    """Opens a small window of another program and closes it once mutter has focused it, so the
    focus goes back to the window that had it: GTK then reports that window's activation again,
    as a person switching windows would make it do."""
    env = dict(os.environ, GTK_A11Y="none", GDK_BACKEND="wayland")
    subprocess.run([sys.executable, "-c", _BLINK_SCRIPT], env=env, timeout=15, check=False,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


_num_lock = [False]


def num_lock(on):
    """Turns Num Lock on or off with the Num Lock key (mutter starts with it off: lib.sh gives
    mutter no remembered state)."""
    if _num_lock[0] != on:
        tap_keycode(NUM_LOCK_CODE)
        _num_lock[0] = on


class _ClientMessage(ctypes.Structure):
    """XClientMessageEvent, padded to the size of an XEvent."""
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("window", ctypes.c_ulong), ("message_type", ctypes.c_ulong),
                ("format", ctypes.c_int), ("data", ctypes.c_long * 5), ("pad", ctypes.c_long * 12)]


class _WindowAttributes(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("width", ctypes.c_int), ("height", ctypes.c_int),
                ("border_width", ctypes.c_int), ("depth", ctypes.c_int), ("visual", ctypes.c_void_p),
                ("root", ctypes.c_ulong), ("class_", ctypes.c_int), ("bit_gravity", ctypes.c_int),
                ("win_gravity", ctypes.c_int), ("backing_store", ctypes.c_int),
                ("backing_planes", ctypes.c_ulong), ("backing_pixel", ctypes.c_ulong),
                ("save_under", ctypes.c_int), ("colormap", ctypes.c_ulong), ("map_installed", ctypes.c_int),
                ("map_state", ctypes.c_int), ("all_event_masks", ctypes.c_long),
                ("your_event_mask", ctypes.c_long), ("do_not_propagate_mask", ctypes.c_long),
                ("override_redirect", ctypes.c_int), ("screen", ctypes.c_void_p)]


def hold_seat(ready_file):
    """Keeps a keyboard on mutter's seat until killed; writes `ready_file` once it is there."""
    board = RemoteDesktopKeyboard()
    board.keysym(0xFFE1, True)  # Shift_L: the first key makes mutter add the keyboard to its seat
    board.keysym(0xFFE1, False)
    with open(ready_file, "w", encoding="utf-8") as ready:
        ready.write("ready\n")
    GLib.MainLoop().run()


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--hold-seat":
        hold_seat(sys.argv[2])
    else:
        sys.exit("usage: devices.py --hold-seat READY_FILE")
