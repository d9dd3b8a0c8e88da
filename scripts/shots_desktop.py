"""The desktop the user guide's screenshots are taken on (scripts/*-screenshots.py): on the display
and session bus the script runs under (Xvfb and dbus-run-session), a real GNOME stack —

- dconf-service, the GSettings backend a GNOME session has; `gsettings set` writes
  org.gnome.desktop.interface text-scaling-factor and color-scheme into it;
- mutter (Debian 13: 48) as the X11 compositing window manager (`mutter --x11 --replace
  --sm-disable`): it composites GTK's client-side shadows and rounded corners over its
  background and places the windows;
- gnome-settings-daemon's xsettings plugin (/usr/libexec/gsd-xsettings), which turns
  text-scaling-factor into the XSETTINGS Xft/DPI GTK 4 reads on X11, as on a GNOME session.

The app is started with GSETTINGS_BACKEND=dconf and its XDG_CONFIG_HOME's dconf folder linked
to the session's, so it reads the same database. libadwaita 1.7 takes color-scheme only from the
settings portal, and none runs here: a dark shot also sets ADW_DEBUG_COLOR_SCHEME (app_env).

capture() shoots a window as a user sees it: the root window's area of the window's X window —
which, with client-side decorations, includes GTK's shadow margin — composited by mutter.
"""
import os
import shutil
import subprocess
import tempfile
import time


def _wait(predicate, timeout, what):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return
        time.sleep(0.1)
    raise RuntimeError(f"{what} did not come up within {timeout} s")


def _selection_owned(name):
    """Whether X selection `name` has an owner (xprop cannot ask; a tiny Xlib call can)."""
    result = subprocess.run(["python3", "-c", (
        "import ctypes,sys;x=ctypes.cdll.LoadLibrary('libX11.so.6');"
        "x.XOpenDisplay.restype=ctypes.c_void_p;d=x.XOpenDisplay(None);"
        "x.XInternAtom.argtypes=[ctypes.c_void_p,ctypes.c_char_p,ctypes.c_int];"
        "x.XGetSelectionOwner.argtypes=[ctypes.c_void_p,ctypes.c_ulong];"
        f"sys.exit(0 if x.XGetSelectionOwner(d,x.XInternAtom(d,b'{name}',0)) else 1)")])
    return result.returncode == 0


class Desktop:
    """dconf, mutter and gsd-xsettings on the current display; end them with stop()."""

    def __init__(self):
        self.folder = tempfile.mkdtemp(prefix="pinform-shots-desktop-")
        self.env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(self.folder, "config"),
                        GSETTINGS_BACKEND="dconf")
        os.makedirs(self.env["XDG_CONFIG_HOME"])
        self.processes = []
        self._start(["/usr/libexec/dconf-service"], "dconf-service")
        self._gsettings("text-scaling-factor", "1.0")
        # GNOME Tweaks' "Center New Windows": a window whole on the screen, shadow and all (mutter
        # would put the first one in the top left corner, its shadow off the screen).
        subprocess.run(["gsettings", "set", "org.gnome.mutter", "center-new-windows", "true"], env=self.env, check=True)
        self._start(["mutter", "--x11", "--replace", "--sm-disable"], "mutter")
        _wait(lambda: _selection_owned("_NET_WM_CM_S0"), 20, "mutter's compositor")
        self._start(["/usr/libexec/gsd-xsettings"], "gsd-xsettings")
        _wait(lambda: _selection_owned("_XSETTINGS_S0"), 20, "gsd-xsettings")
        self.scale, self.dark = 1.0, False

    def _start(self, command, name):
        log = open(os.path.join(self.folder, name + ".log"), "w")
        self.processes.append(subprocess.Popen(command, env=self.env, stdout=log, stderr=subprocess.STDOUT))
        time.sleep(0.3)

    def _gsettings(self, key, value):
        subprocess.run(["gsettings", "set", "org.gnome.desktop.interface", key, value], env=self.env, check=True)

    def configure(self, scale=1.0, dark=False):
        """Sets GNOME's text-scaling-factor and color-scheme, as GNOME Settings would."""
        if (scale, dark) != (self.scale, self.dark):
            self._gsettings("text-scaling-factor", str(scale))
            self._gsettings("color-scheme", "prefer-dark" if dark else "default")
            time.sleep(1.0)  # gsd-xsettings hands the new Xft/DPI out
            self.scale, self.dark = scale, dark

    def app_env(self, config_home):
        """The environment for an app launched with `config_home`: the session's dconf, and the
        app's own settings back at their (schema override's) defaults."""
        link = os.path.join(config_home, "dconf")
        if not os.path.islink(link):
            os.symlink(os.path.join(self.env["XDG_CONFIG_HOME"], "dconf"), link)
        subprocess.run(["dconf", "reset", "-f", "/io/github/pinform/"], env=self.env, check=True)
        # libadwaita 1.7 takes no color-scheme from GSettings here (no settings portal runs, and
        # it follows the portal): dark is also asked for through its debug variable.
        return {"GSETTINGS_BACKEND": "dconf", **({"ADW_DEBUG_COLOR_SCHEME": "prefer-dark"} if self.dark else {})}

    def stop(self):
        for process in reversed(self.processes):
            process.terminate()
            try:
                process.wait(5)
            except subprocess.TimeoutExpired:
                process.kill()
        shutil.rmtree(self.folder, ignore_errors=True)


def x_windows(pid):
    """The mapped top-level X windows of process `pid`: (id, title, x, y, width, height)."""
    listed = subprocess.run(["xprop", "-root", "_NET_CLIENT_LIST"], capture_output=True, text=True).stdout
    ids = [word.strip(",") for word in listed.split("#", 1)[-1].split()] if "#" in listed else []
    windows = []
    for wid in ids:
        props = subprocess.run(["xprop", "-id", wid, "_NET_WM_PID", "_NET_WM_NAME"], capture_output=True,
                               text=True).stdout
        if f"= {pid}\n" not in props:
            continue
        title = props.split("_NET_WM_NAME(UTF8_STRING) = ", 1)[-1].strip().strip('"')
        info = subprocess.run(["xwininfo", "-id", wid], capture_output=True, text=True).stdout
        fields = {line.split(":", 1)[0].strip(): line.split(":", 1)[1].strip()
                  for line in info.splitlines() if ":" in line}
        if fields.get("Map State") != "IsViewable":
            continue
        windows.append((wid, title, int(fields["Absolute upper-left X"]), int(fields["Absolute upper-left Y"]),
                        int(fields["Width"]), int(fields["Height"])))
    return windows


def capture(pid, path, title=None, settle=0.4):
    """Writes the screen's area of `pid`'s window (titled `title`, or its largest) to `path`."""
    time.sleep(settle)  # the frame after the state that was waited for, and any slide
    windows = [w for w in x_windows(pid) if title is None or w[1] == title]
    if not windows:
        raise RuntimeError(f"no window {title or ''} of process {pid}")
    _, _, x, y, width, height = max(windows, key=lambda w: w[4] * w[5])
    screen = subprocess.run(["xwininfo", "-root"], capture_output=True, text=True).stdout
    screen_width = int(screen.split("Width:")[1].split()[0])
    screen_height = int(screen.split("Height:")[1].split()[0])
    left, top = max(x, 0), max(y, 0)
    width, height = min(width, screen_width - left), min(height, screen_height - top)
    subprocess.run(["import", "-window", "root", "-crop", f"{width}x{height}+{left}+{top}", "+repage", path],
                   check=True)
    print("wrote", os.path.relpath(path), f"({width}×{height})", flush=True)


def _origin(node):
    """Where `node`'s window coordinates start on the screen: mutter places each window itself
    (the e2e harness's click_at assumes a bare Xvfb's window at 0,0), and GTK's client-side
    shadow margin (_GTK_FRAME_EXTENTS) lies between the X window's corner and the widgets."""
    top = node
    while top.parent is not None and top.parent.getRoleName() != "application":
        top = top.parent
    for wid, title, x, y, _, _ in x_windows(node.get_process_id()):
        if title == top.name:
            extents = subprocess.run(["xprop", "-id", wid, "_GTK_FRAME_EXTENTS"], capture_output=True,
                                     text=True).stdout
            left, _, top_margin, _ = ([int(v) for v in extents.split("=", 1)[1].split(",")]
                                      if "=" in extents else (0, 0, 0, 0))
            return x + left, y + top_margin
    return 0, 0


def follow_windows():
    """Makes the e2e harness's pointer clicks (click_at) land where mutter put the window."""
    import pyatspi
    import pinform_e2e

    def click_at(node, button=1):
        x, y, width, height = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        left, top = _origin(node)
        pyatspi.Registry.generateMouseEvent(left + x + width // 2, top + y + height // 2, f"b{button}c")

    for name in ("pinform_e2e", "test_forms", "test_records", "test_german"):
        module = __import__(name)
        if hasattr(module, "click_at"):
            module.click_at = click_at
    assert pinform_e2e.click_at is click_at
