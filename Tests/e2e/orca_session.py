"""The real screen reader for end-to-end tests: Debian's Orca 43 with its default settings,
speaking through a private speech-dispatcher whose audio goes to ALSA's null device, and the
SPEECH OUTPUT lines of Orca's debug log as the record of what was said.

    with OrcaSession() as orca:
        app = launch_app(...)
        orca.attach(app)                  # waits until Orca presents the app's window
        mark = orca.mark()
        press_key("5")
        orca.wait_for_speech("1 of 4 digits entered", since=mark)

Found while setting it up (Debian 12, no sound card, no window manager under Xvfb):
- speech-dispatcher's default audio output waits forever for a sound server; the private
  configuration sends the dummy module's audio to ALSA's "null" device instead.
- A fresh preferences folder (-u) gives Orca's defaults: key echo on, descriptions spoken.
- With no window manager GTK is focused before the app has registered on the accessibility
  bus, and Orca never learns about the window; `attach` moves the X input focus to the root
  window and back once the app is registered, so GTK reports "window:activate" again.
"""
import ctypes
import os
import pty
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time
import tty

import pyatspi

import devices
from pinform_e2e import HarnessTimeout, find_app, wait_until

# "SPEECH OUTPUT: 'PIN password text.'{'established': False}": the utterance, then its voice.
SPEECH_LINE = re.compile(r"SPEECH OUTPUT: '(.*?)'\s*(?:\{.*\})?$", re.MULTILINE)
ORCA_TIMEOUT = 30.0

SPEECHD_CONF = """\
# Private speech-dispatcher configuration for Pinform's Orca tests.
LogLevel 2
LogDir "{logdir}"
DefaultModule dummy
AddModule "dummy" "sd_dummy" ""
AudioOutputMethod "alsa"
AudioALSADevice "null"
"""


# A key Orca heard: Orca 43 logs "event_string=(5)"; Orca 48 a KEYBOARD_EVENT block of indented
# "name='value'" lines, the key in "text='5'" ("*" in both where the focus is a password field).
_KEY_EVENT = re.compile(r"event_string=\((.*?)\)|^KEYBOARD_EVENT:.*\n((?:[ \t]+\w+=.*\n?)*)", re.MULTILINE)
_KEY_TEXT = re.compile(r"^[ \t]+text='(.*)'$", re.MULTILINE)
# A text change Orca was told of, and the text sent with it: Orca 43 logs
# "object:text-changed:insert (0, 1, 5)", Orca 48 names the source first:
# "object:text-changed:insert for [password text: 'PIN'] in pinform (GTK 4.18.6) (0, 1, ●)".
_TEXT_CHANGE = re.compile(r"object:text-changed:(?:insert|delete)(?: for .*)? \(\d+, \d+, (.*?)\)$", re.MULTILINE)


def keys_logged(log):
    """The text of each key press and release in Orca's debug log `log`, in order."""
    keys = []
    for match in _KEY_EVENT.finditer(log):
        if match.group(1) is not None:
            keys.append(match.group(1))
        else:
            text = _KEY_TEXT.search(match.group(2))
            keys.append(text.group(1) if text else "")
    return keys


def text_changes_logged(log):
    """The text sent with each insertion and deletion Orca logged in `log`, in order (each event
    may be logged more than once as Orca queues and handles it)."""
    return _TEXT_CHANGE.findall(log)


def orca_available():
    return shutil.which("orca") is not None and shutil.which("speech-dispatcher") is not None


class _X11:
    """Just enough Xlib (through ctypes: libX11 is there wherever GTK is) to move the input
    focus to the root window and back."""

    POINTER_ROOT = 1

    def __init__(self):
        self.lib = ctypes.CDLL("libX11.so.6")
        self.lib.XOpenDisplay.restype = ctypes.c_void_p
        self.lib.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self.lib.XDefaultRootWindow.restype = ctypes.c_ulong
        self.lib.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        self.lib.XSetInputFocus.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_ulong]
        self.lib.XGetInputFocus.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_ulong),
                                            ctypes.POINTER(ctypes.c_int)]
        self.lib.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        self.lib.XCloseDisplay.argtypes = [ctypes.c_void_p]
        self.lib.XQueryTree.argtypes = [ctypes.c_void_p, ctypes.c_ulong] + [ctypes.c_void_p] * 4
        self.lib.XGetGeometry.argtypes = [ctypes.c_void_p, ctypes.c_ulong] + [ctypes.c_void_p] * 7
        self.lib.XFree.argtypes = [ctypes.c_void_p]
        self.lib.XkbLockModifiers.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
        self.lib.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
        self.lib.XKeysymToKeycode.restype = ctypes.c_ubyte
        self.display = self.lib.XOpenDisplay(None)
        if not self.display:
            raise RuntimeError("cannot open the X display")

    def focused_window(self):
        window, revert = ctypes.c_ulong(), ctypes.c_int()
        self.lib.XGetInputFocus(self.display, ctypes.byref(window), ctypes.byref(revert))
        return window.value

    def top_level_windows(self, min_size=50):
        """The root window's children at least `min_size` wide and high, bottom to top."""
        root, parent = ctypes.c_ulong(), ctypes.c_ulong()
        children, count = ctypes.POINTER(ctypes.c_ulong)(), ctypes.c_uint()
        self.lib.XQueryTree(self.display, self.root(), ctypes.byref(root), ctypes.byref(parent),
                            ctypes.byref(children), ctypes.byref(count))
        found = []
        for index in range(count.value):
            window = children[index]
            x, y = ctypes.c_int(), ctypes.c_int()
            width, height, border, depth = (ctypes.c_uint() for _ in range(4))
            if self.lib.XGetGeometry(self.display, window, ctypes.byref(root), ctypes.byref(x), ctypes.byref(y),
                                     ctypes.byref(width), ctypes.byref(height), ctypes.byref(border),
                                     ctypes.byref(depth)) and width.value >= min_size and height.value >= min_size:
                found.append(window)
        if children:
            self.lib.XFree(children)
        return found

    def keycode(self, keysym):
        return self.lib.XKeysymToKeycode(self.display, keysym)

    def lock_modifiers(self, mask, on):
        """Locks (or unlocks) the modifiers in `mask` on the core keyboard, as a lock key does."""
        use_core_keyboard = 0x0100
        self.lib.XkbLockModifiers(self.display, use_core_keyboard, mask, mask if on else 0)
        self.lib.XSync(self.display, 0)

    def focus(self, window):
        self.lib.XSetInputFocus(self.display, window, self.POINTER_ROOT, 0)
        self.lib.XSync(self.display, 0)

    def root(self):
        return self.lib.XDefaultRootWindow(self.display)

    def close(self):
        self.lib.XCloseDisplay(self.display)


MODIFIERS = {"Control": 0xFFE3, "Shift": 0xFFE1, "Alt": 0xFFE9}


def press_combination(modifiers, key):
    """Presses `key` ("s", "slash", "Tab" or a keysym number) with `modifiers` held ("Control",
    or a list: ["Control", "Shift"])."""
    names = {"Tab": 0xFF09, "slash": 0x2F}
    keysym = key if isinstance(key, int) else names.get(key) or ord(key)
    held_names = [modifiers] if isinstance(modifiers, str) else list(modifiers)
    if devices.under_wayland():
        devices.tap_keysym(keysym, held=[MODIFIERS[name] for name in held_names])
        return
    x11 = _X11()
    try:
        held, code = [x11.keycode(MODIFIERS[name]) for name in held_names], x11.keycode(keysym)
    finally:
        x11.close()
    for modifier in held:
        pyatspi.Registry.generateKeyboardEvent(modifier, None, pyatspi.KEY_PRESS)
    pyatspi.Registry.generateKeyboardEvent(code, None, pyatspi.KEY_PRESSRELEASE)
    for modifier in reversed(held):
        pyatspi.Registry.generateKeyboardEvent(modifier, None, pyatspi.KEY_RELEASE)


NUM_LOCK_MASK = 1 << 4  # Mod2, where Xvfb's default keymap (and X.Org's) puts Num_Lock


def num_lock(on):
    """Turns Num Lock on or off, so that the number pad's keys type digits (KP_1…) or move."""
    if devices.under_wayland():
        devices.num_lock(on)
        return
    x11 = _X11()
    try:
        x11.lock_modifiers(NUM_LOCK_MASK, on)
    finally:
        x11.close()


def press_keypad_digit(digit):
    """Presses a digit on the number pad (Num Lock must be on).

    By key code, as a keyboard sends it: Num Lock then makes it KP_1 (or KP_End).
    """
    if devices.under_wayland():
        devices.tap_keycode(devices.KEYPAD_CODES[str(digit)])
        return
    x11 = _X11()
    try:
        code = x11.keycode(0xFFB0 + int(digit))
    finally:
        x11.close()
    pyatspi.Registry.generateKeyboardEvent(code, None, pyatspi.KEY_PRESSRELEASE)


class OrcaSession:
    """Orca and a private speech-dispatcher, started for a test and ended with it."""

    def __init__(self):
        self.folder = tempfile.mkdtemp(prefix="pinform-orca-")
        self.log_path = os.path.join(self.folder, "orca-debug.out")
        self.processes = []
        self._pty = None
        self._lock = threading.Lock()
        self._text = []

    # --- starting and stopping ---------------------------------------------------------------

    def __enter__(self):
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc):
        self.stop()

    def start(self):
        conf_dir = os.path.join(self.folder, "speechd")
        os.makedirs(conf_dir)
        # The system's module configurations, with the private speechd.conf beside them.
        os.symlink("/etc/speech-dispatcher/modules", os.path.join(conf_dir, "modules"))
        with open(os.path.join(conf_dir, "speechd.conf"), "w", encoding="utf-8") as handle:
            handle.write(SPEECHD_CONF.format(logdir=self.folder))
        socket = os.path.join(self.folder, "speechd.sock")
        self.speechd = self._spawn(["speech-dispatcher", "--run-single", "--config-dir", conf_dir,
                                    "--communication-method", "unix_socket", "--socket-path", socket,
                                    "--timeout", "0", "--pid-file", os.path.join(self.folder, "speechd.pid")],
                                   "speechd.log")
        wait_until(lambda: os.path.exists(socket) or self._died(self.speechd, "speech-dispatcher"),
                   10, "speech-dispatcher did not open its socket")
        prefs = os.path.join(self.folder, "orca-prefs")
        os.makedirs(prefs)
        env = {"SPEECHD_ADDRESS": f"unix_socket:{socket}",
               # Orca's own state (its home folder settings) must not leak between runs either.
               "XDG_CONFIG_HOME": os.path.join(self.folder, "config"),
               "XDG_DATA_HOME": os.path.join(self.folder, "data")}
        # Orca writes its debug log through a block-buffered file: 8 KiB can wait there for
        # seconds. Given a terminal it flushes every line, so it writes to a pseudo-terminal
        # whose other end is copied into the log here.
        master, slave = pty.openpty()
        tty.setraw(slave)
        self._pty = (master, slave)
        self._reader = threading.Thread(target=self._copy_log, args=(master,), daemon=True)
        self._reader.start()
        self.orca = self._spawn(["orca", "--user-prefs", prefs, "--debug-file", os.ttyname(slave)], "orca.log", env)
        # Orca is ready once it has spoken its greeting and registered its listeners.
        wait_until(lambda: self._died(self.orca, "orca") or "Screen reader on" in self.log(),
                   ORCA_TIMEOUT, "Orca did not start (no 'Screen reader on')")
        find_app("orca", timeout=ORCA_TIMEOUT)

    def _copy_log(self, master):
        with open(self.log_path, "ab") as log:
            while True:
                try:
                    chunk = os.read(master, 65536)
                except OSError:
                    return
                if not chunk:
                    return
                log.write(chunk)
                log.flush()
                with self._lock:
                    self._text.append(chunk.decode("utf-8", errors="replace"))

    def _spawn(self, command, log_name, env=None):
        full_env = dict(os.environ)
        full_env.update(env or {})
        with open(os.path.join(self.folder, log_name), "wb") as log:
            process = subprocess.Popen(command, env=full_env, stdout=log, stderr=subprocess.STDOUT,
                                       start_new_session=True)
        self.processes.append(process)
        return process

    def _died(self, process, name):
        if process.poll() is not None:
            raise HarnessTimeout(f"{name} exited with code {process.returncode}:\n{self.tail()}")
        return False

    def stop(self):
        for process in reversed(self.processes):
            if process.poll() is None:
                try:
                    os.killpg(process.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
                try:
                    process.wait(3)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)
                    process.wait()
        self.processes = []
        if self._pty:
            for fd in self._pty:
                os.close(fd)
            self._reader.join(2)
            self._pty = None
        if os.environ.get("PINFORM_KEEP_ORCA_LOG"):
            shutil.copy(self.log_path, os.environ["PINFORM_KEEP_ORCA_LOG"])
        shutil.rmtree(self.folder, ignore_errors=True)

    # --- what Orca said ----------------------------------------------------------------------

    def log(self):
        """Orca's debug log so far."""
        with self._lock:
            if len(self._text) > 1:
                self._text[:] = ["".join(self._text)]
            return self._text[0] if self._text else ""

    def tail(self, lines=40):
        return "\n".join(self.log().splitlines()[-lines:])

    def mark(self):
        """A position in the log: `spoken(since=mark)` reads only what was said after it."""
        return len(self.log())

    def spoken(self, since=0):
        """The utterances Orca spoke, in order (its SPEECH OUTPUT lines)."""
        return [match.group(1) for match in SPEECH_LINE.finditer(self.log()[since:])]

    def wait_for_speech(self, text, since=0, timeout=10.0):
        """Waits until an utterance containing `text` is spoken; returns every utterance since."""
        try:
            wait_until(lambda: any(text in line for line in self.spoken(since)), timeout)
        except HarnessTimeout:
            raise HarnessTimeout(f"Orca did not say {text!r} within {timeout:g} s; it said:\n"
                                 + "\n".join(self.spoken(since))) from None
        return self.spoken(since)

    def wait_until_quiet(self, since=0, quiet=0.6, timeout=10.0):
        """Waits until the log stops growing for `quiet` seconds; returns what was said since."""
        deadline = time.monotonic() + timeout
        size, changed = len(self.log()), time.monotonic()
        while time.monotonic() < deadline:
            time.sleep(0.05)
            now = len(self.log())
            if now != size:
                size, changed = now, time.monotonic()
            elif time.monotonic() - changed >= quiet:
                break
        return self.spoken(since)

    def let_descriptions_expire(self):
        """Waits until Orca 48 has forgotten the descriptions it read: its speech generator keeps
        each object's description and clears what it keeps every 2 s (`generator.py`,
        `_clear_stored_data`), so a field presented again within 2 s is read with the description
        it had then, not the one it has now. A person coming back to a field takes longer."""
        time.sleep(2.2)

    # --- making Orca see the app -------------------------------------------------------------

    def attach(self, app, expect, timeout=ORCA_TIMEOUT):
        """Makes Orca present `app`'s focused window, and waits until Orca says `expect`.

        Once the app is on the accessibility bus, the X input focus moves to the root window and
        back (with no window manager it is PointerRoot: the window under the pointer), so GTK
        reports the window's activation again, now from a registered app.
        """
        app.accessible()
        mark = self.mark()
        deadline = time.monotonic() + timeout
        if devices.under_wayland():
            return self._attach_under_mutter(expect, mark, timeout)
        self._activate_top_window(timeout)
        try:
            return self.wait_for_speech(expect, since=mark, timeout=timeout / 2)
        except HarnessTimeout:
            # Orca sometimes misses the first activation (it said nothing at all, twice in full
            # runs, never in a run alone): the focus goes round once more.
            if not self.spoken(mark):
                self._activate_top_window(timeout)
        return self.wait_for_speech(expect, since=mark, timeout=max(deadline - time.monotonic(), 1))

    def _attach_under_mutter(self, expect, mark, timeout):
        """Under mutter the window is activated by the window manager, usually after the app
        joined the accessibility bus, and Orca presents it by itself. When GTK was quicker than
        the bus (Orca then ignores the app's events, "not from active app"), the focus goes to
        another program's window and back, and the test waits until Orca presents the focus
        again: a key typed before that would be echoed as a key of an unknown window."""
        try:
            return self.wait_for_speech(expect, since=mark, timeout=5)
        except HarnessTimeout:
            pass
        for _ in range(2):
            again = self.mark()
            devices.blink_focus()
            try:
                return self.wait_for_speech(expect, since=again, timeout=timeout / 2)
            except HarnessTimeout:
                continue
        return self.wait_for_speech(expect, since=mark, timeout=1)

    @staticmethod
    def _activate_top_window(timeout):
        """Moves the input focus away from the top window and back: under mutter, to another
        program's window that closes at once; under Xvfb, the X input focus to the root window."""
        if devices.under_wayland():
            devices.blink_focus()
            return
        x11 = _X11()
        try:
            windows = wait_until(x11.top_level_windows, timeout, "no window is mapped")
            x11.focus(x11.root())
            time.sleep(0.1)
            x11.focus(windows[-1])
        finally:
            x11.close()
