"""Helpers for Pinform's end-to-end tests: start the real binary and drive it through AT-SPI,
as a screen reader or an automation tool would.

A test looks like this:

    import unittest
    from pinform_e2e import AppTestCase, find, click, text_of

    class UnlockTests(AppTestCase):
        def test_choosing_a_pin_asks_to_confirm_it(self):
            app = self.launch_app()
            window = app.accessible()
            for digit in "5978":
                click(find(window, role="push button", name=digit))
            title = find(window, role="label", name="Confirm your PIN")
            self.assertIn("visible", states(title))

Rules the helpers keep: nothing sleeps for a fixed time (everything polls every 50 ms until a
timeout), every process started is ended when the test ends, and each launch gets its own
XDG_DATA_HOME and XDG_CONFIG_HOME, so tests never share state. XDG_CACHE_HOME is a temporary
folder shared by the launches of one run: an empty cache costs every start ~1.5 s of font
cache building, and a cache is not state.

GTK 4.18 facts worth knowing: GetRoleName answers with ARIA's names ("button"), so roles are
compared as AT-SPI role enums (`role_name`, `find(role="push button")`); Component.grabFocus is
not implemented and a check box has no action (focus() clicks, then Tabs; tab_to); window
coordinates can be off by the margins of containers left out of the accessible tree.

Environment: PINFORM_BIN (the binary; scripts/test sets it), a display and a session bus.
scripts/test runs the tests under mutter on Wayland (keys through mutter's remote-desktop API,
devices.py); a test class about the pointer sets `on_xwayland = True` and its app runs on
mutter's Xwayland, where XTest can place the pointer. Under a bare X server (Xvfb) keys and the
pointer go through XTest, with windows at 0,0.
"""
import atexit
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
import unittest

import gi

gi.require_version("Atspi", "2.0")
import pyatspi  # noqa: E402
from gi.repository import GLib  # noqa: E402

import devices  # noqa: E402


def _ignore_event(_event):
    pass


# Pinform announces ("2 of 4 digits entered", gtk_accessible_announce) only while a client of the
# accessibility bus listens: nothing is sent to nobody. The tests listen as a screen reader does
# (announcements.py hears what is announced; descriptions, such as a field's error, are read as
# they change): each launch registers first, test_pin_unheard.py takes it back to see the quiet
# case, and Orca tests leave the listening to Orca (`listen_at_launch(False)`).
DESCRIPTION_CHANGES = "object:property-change:accessible-description"


def listen_for_descriptions():
    """Registers the tests with the accessibility registry as a listener for description changes.
    Registered anew each time: the registry drops it when this process deregisters a wider event
    (test_orca.py's "object:property-change")."""
    pyatspi.Registry.deregisterEventListener(_ignore_event, DESCRIPTION_CHANGES)
    pyatspi.Registry.registerEventListener(_ignore_event, DESCRIPTION_CHANGES)


def stop_listening_for_descriptions():
    """Takes back `listen_for_descriptions`: no client of the bus listens any more."""
    pyatspi.Registry.deregisterEventListener(_ignore_event, DESCRIPTION_CHANGES)


_listening_at_launch = [True]


def listen_at_launch(wanted):
    """Whether each launch registers the tests as a listener first (the default); False takes
    the registration back at once, for tests where another client (Orca) is the listener."""
    _listening_at_launch[0] = wanted
    if wanted:
        listen_for_descriptions()
    else:
        stop_listening_for_descriptions()


def _quiet_gtk4_cache_warning(domain, level, message, _data):
    # libatspi asks every application for a tree cache that GTK 4 does not provide, and warns
    # about it once per application: noise in every test log, not a problem.
    if "/org/a11y/atspi/cache" not in message:
        GLib.log_default_handler(domain, level, message, None)


GLib.log_set_handler("dbind", GLib.LogLevelFlags.LEVEL_WARNING, _quiet_gtk4_cache_warning, None)

POLL_INTERVAL = 0.05
DEFAULT_TIMEOUT = 5.0
LAUNCH_TIMEOUT = 20.0

_running = []
_shared_cache = []
# The config folder made for each data folder given without one, and those to remove at exit.
_config_homes = {}
_kept_configs = []
# The app's schemas with a new PIN's length set to four (see four_digit_schemas).
_four_digit_schemas = []
# The schemas as the app ships them (a new PIN has six digits), from scripts/test.
SHIPPED_SCHEMAS = os.environ.get("GSETTINGS_SCHEMA_DIR")


def four_digit_schemas():
    """The shipped schemas compiled with an override that makes a new PIN 4 digits long: the
    tests' PINs are 4 digits, while the app's own default is 6 (pass
    env={"GSETTINGS_SCHEMA_DIR": SHIPPED_SCHEMAS} to launch with it)."""
    if not SHIPPED_SCHEMAS:
        return None
    if not _four_digit_schemas:
        folder = tempfile.mkdtemp(prefix="pinform-e2e-schemas-")
        for name in os.listdir(SHIPPED_SCHEMAS):
            if name.endswith(".gschema.xml"):
                shutil.copy(os.path.join(SHIPPED_SCHEMAS, name), folder)
        with open(os.path.join(folder, "pinform-e2e.gschema.override"), "w") as handle:
            handle.write("[io.github.pinform.Pinform]\npin-length='four'\n")
        subprocess.run(["glib-compile-schemas", "--strict", folder], check=True)
        _four_digit_schemas.append(folder)
    return _four_digit_schemas[0]


class HarnessTimeout(AssertionError):
    """Raised when something a test waits for does not happen in time (a test failure)."""


# --- waiting ---------------------------------------------------------------------------------

def wait_until(predicate, timeout=DEFAULT_TIMEOUT, message=None):
    """Polls `predicate()` every 50 ms until it returns a truthy value, and returns that value.

    AT-SPI errors raised while polling (a widget going away mid-walk) count as "not yet".
    Raises HarnessTimeout with `message` when the timeout passes.
    """
    deadline = time.monotonic() + timeout
    last_error = None
    while True:
        try:
            value = predicate()
            if value:
                return value
        except Exception as error:  # noqa: BLE001 - the tree changes under us while polling
            last_error = error
        if time.monotonic() >= deadline:
            detail = f" (last error: {last_error!r})" if last_error else ""
            raise HarnessTimeout((message or "condition not met") + f" within {timeout:g} s{detail}")
        time.sleep(POLL_INTERVAL)


# --- processes -------------------------------------------------------------------------------

class App:
    """A started process with its private XDG folders. End it with `quit()` (or let the
    AppTestCase / the atexit hook do it)."""

    def __init__(self, command, data_home, config_home, cache_home, env, owned_dirs):
        self.command = command
        self.data_home = data_home
        self.config_home = config_home
        self.cache_home = cache_home
        self._owned_dirs = owned_dirs
        self.process = subprocess.Popen(command, env=env, start_new_session=True)
        _running.append(self)

    @property
    def pid(self):
        return self.process.pid

    def is_running(self):
        return self.process.poll() is None

    def accessible(self, timeout=LAUNCH_TIMEOUT):
        """The application's AT-SPI accessible (found by process id)."""
        return find_app(pid=self.pid, timeout=timeout, process=self.process)

    def window(self, name=None, timeout=LAUNCH_TIMEOUT):
        """The app's first top-level window (a "frame"), or the one with this accessible name."""
        app = self.accessible(timeout)

        def lookup():
            for child in _children(app):
                if role_name(child) in ("frame", "window", "dialog") and (name is None or child.name == name):
                    return child
            return None

        return wait_until(lookup, timeout, f"no window named {name!r}" if name else "no window")

    def wait_for_exit(self, timeout=DEFAULT_TIMEOUT):
        """Waits until the process ends by itself and returns its exit code."""
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            raise HarnessTimeout(f"{self.command[0]} still running after {timeout:g} s") from None

    def quit(self, timeout=3.0):
        """Ends the process (SIGTERM, then SIGKILL) and deletes the folders it was given."""
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                try:
                    os.killpg(self.process.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                self.process.wait()
        if self in _running:
            _running.remove(self)
        for folder in self._owned_dirs:
            shutil.rmtree(folder, ignore_errors=True)
        self._owned_dirs = []


def launch(command, data_home=None, config_home=None, env=None):
    """Starts `command` (a list) with accessibility on and private XDG folders, the tests
    registered as a listener for description changes first unless `listen_at_launch(False)`.

    data_home / config_home: reuse folders (to restart an app on the same state); folders made
    here are deleted when the app is quit. A data folder given without a config folder gets the
    config folder it had before (one made for it the first time, removed at exit): Pinform keeps
    its attempt counter there, and a data folder whose counter went missing is locked, as a
    user's would be. `env` adds or overrides environment variables.
    """
    if _listening_at_launch[0]:
        listen_for_descriptions()
    owned = []

    def temp(kind):
        folder = tempfile.mkdtemp(prefix=f"pinform-e2e-{kind}-")
        owned.append(folder)
        return folder

    if data_home is None:
        data_home = temp("data")
        if config_home is None:
            config_home = _config_homes[data_home] = temp("config")
    elif config_home is None:
        config_home = _config_homes.get(data_home)
        if config_home is None:
            config_home = _config_homes[data_home] = tempfile.mkdtemp(prefix="pinform-e2e-config-")
            _kept_configs.append(config_home)
    if not _shared_cache:
        _shared_cache.append(tempfile.mkdtemp(prefix="pinform-e2e-cache-"))
    cache_home = _shared_cache[0]
    full_env = dict(os.environ)
    full_env.pop("NO_AT_BRIDGE", None)
    full_env.update({
        "GTK_A11Y": "atspi",
        "GSETTINGS_BACKEND": "memory",
        # A new PIN is 4 digits in the tests unless a test asks for the shipped schemas.
        **({"GSETTINGS_SCHEMA_DIR": four_digit_schemas()} if SHIPPED_SCHEMAS else {}),
        "XDG_DATA_HOME": data_home,
        "XDG_CONFIG_HOME": config_home,
        "XDG_CACHE_HOME": cache_home,
        # Never the machine's own TPM (/dev/tpmrm0): wrong PINs in tests would count towards its
        # lockout. Nothing answers here, so PINs are argon2id's; the TPM tests pass a swtpm's.
        "PINFORM_TPM2_TCTI": "swtpm:host=127.0.0.1,port=1",
    })
    full_env.update(env or {})
    return App(list(command), data_home, config_home, cache_home, full_env, owned)


def pinform_bin():
    """The binary under test, from PINFORM_BIN."""
    path = os.environ.get("PINFORM_BIN")
    if not path:
        raise unittest.SkipTest("PINFORM_BIN is not set (run the tests through scripts/test)")
    if not os.access(path, os.X_OK):
        raise unittest.SkipTest(f"PINFORM_BIN={path} is not an executable")
    return path


def launch_app(data_home=None, config_home=None, args=(), env=None):
    """Starts Pinform (PINFORM_BIN) with `args`; see `launch` for the rest."""
    return launch([pinform_bin(), *args], data_home=data_home, config_home=config_home, env=env)


@atexit.register
def _end_all():
    for app in list(_running):
        app.quit()
    for folder in _shared_cache + _kept_configs + _four_digit_schemas:
        shutil.rmtree(folder, ignore_errors=True)


class AppTestCase(unittest.TestCase):
    """A TestCase whose launches are ended when each test ends, passed or not.

    on_xwayland: the class's apps run on mutter's Xwayland instead of Wayland, for a test about
    the pointer (see devices.py for why the pointer needs an X server)."""

    on_xwayland = False

    def _backend(self, env):
        if self.on_xwayland and devices.under_wayland():
            return {"GDK_BACKEND": "x11", **(env or {})}
        return env

    def launch_app(self, data_home=None, config_home=None, args=(), env=None):
        app = launch_app(data_home, config_home, args, self._backend(env))
        self.addCleanup(app.quit)
        return app

    def launch(self, command, data_home=None, config_home=None, env=None):
        app = launch(command, data_home, config_home, self._backend(env))
        self.addCleanup(app.quit)
        return app

    def menu_item(self, app, name):
        """Opens the primary menu and returns its item `name` (by the label a screen reader
        reads: see `label_of`)."""
        # GTK 4.18's menu button is a "push button" around a "toggle button" of the same name,
        # and the inner one has the click action (GTK 4.8's outer button had it).
        buttons = [button for button in find_all(app.accessible(), name="Main Menu")
                   if role_name(button) in ("push button", "toggle button") and button.queryAction().nActions > 0]
        self.assertTrue(buttons, "no Main Menu button with an action")
        if devices.under_wayland():
            # A Wayland popup opens only on an input event's serial: a key first, as a person's
            # hand would have given one (an AT-SPI action is no input).
            devices.tap_keysym(0xFFE1)
        click(buttons[0])
        return find_menu_item(app.accessible(), name)


# --- the accessibility tree ------------------------------------------------------------------

def _children(node):
    try:
        count = node.childCount
    except Exception:  # noqa: BLE001 - a node that went away has no children
        return []
    result = []
    for index in range(count):
        try:
            child = node.getChildAtIndex(index)
        except Exception:  # noqa: BLE001
            continue
        if child is not None:
            result.append(child)
    return result


def find_app(name="pinform", timeout=LAUNCH_TIMEOUT, pid=None, process=None):
    """The application registered on the accessibility bus under `name` (or with process `pid`).

    `process` (a Popen): fail at once, not after the timeout, if it has already exited.
    """

    def lookup():
        if process is not None and process.poll() is not None:
            raise HarnessTimeout(f"the process exited with code {process.returncode} before it showed up")
        desktop = pyatspi.Registry.getDesktop(0)
        for app in _children(desktop):
            try:
                if pid is not None:
                    if app.get_process_id() == pid:
                        return app
                elif app.name == name:
                    return app
            except Exception:  # noqa: BLE001 - apps come and go
                continue
        return None

    what = f"process {pid}" if pid is not None else f"application {name!r}"
    deadline = time.monotonic() + timeout
    while True:
        try:
            found = lookup()
        except HarnessTimeout:
            raise
        except Exception:  # noqa: BLE001
            found = None
        if found is not None:
            return found
        if time.monotonic() >= deadline:
            raise HarnessTimeout(f"{what} did not appear on the accessibility bus within {timeout:g} s")
        time.sleep(POLL_INTERVAL)


# AT-SPI roles by the names the tests use ("push button", "password text", "frame"): pyatspi's
# own table of the role enum. GTK >= 4.12 answers GetRoleName with ARIA's names ("button") and
# libatspi >= 2.52 names some roles so too, while the role enum a screen reader acts on is the
# same: a test that asks for a "push button" asks for ATSPI_ROLE_PUSH_BUTTON, whoever names it.
_ROLES_BY_NAME = {name: role for role, name in pyatspi.ROLE_NAMES.items()}


def role_name(node):
    """The node's AT-SPI role, named as the tests name roles ("push button", not GTK's ARIA
    "button"): use it wherever a test compares or prints a role."""
    role = node.getRole()
    return pyatspi.ROLE_NAMES.get(role) or f"role {int(role)}"


def _role_enum(role):
    """The pyatspi role a test's role argument means (None: any); a misspelt name is an error
    at once, not a node never found."""
    if not isinstance(role, str):
        return role
    wanted = _ROLES_BY_NAME.get(role)
    if wanted is None:
        raise ValueError(f"{role!r} names no AT-SPI role")
    return wanted


def _role_matches(node, role):
    return role is None or node.getRole() == role


def _walk(node, max_depth=64):
    """Each node under `node` once, breadth first. Once: libadwaita 1.7's view stack lists the
    shown page's content under every page (seen: an invoice's lines under the Person, Size and
    Invoice pages, the lines' own parent being the Invoice page's), so a node can be reached by
    several paths. (pyatspi gives one Python object per remote object: `id` tells them apart
    while `seen` holds them.)"""
    seen = {}
    stack = [(node, 0)]
    while stack:
        current, depth = stack.pop(0)
        if id(current) in seen:
            continue
        seen[id(current)] = current
        yield current
        if depth < max_depth:
            stack.extend((child, depth + 1) for child in _children(current))


def _matches(node, role=None, name=None, visible=False):
    """The descendants of `node` (breadth first, `node` included) that match now, walked only
    as far as the caller reads: each node asked costs the app a round trip over D-Bus."""
    role = _role_enum(role)
    return _matching(node, role, name, visible)


def _matching(node, role, name, visible):
    for candidate in _walk(node):
        try:
            if not _role_matches(candidate, role):
                continue
            if name is not None and candidate.name != name:
                continue
            if visible and "visible" not in states(candidate):
                continue
        except Exception:  # noqa: BLE001
            continue
        yield candidate


def label_of(node):
    """What a screen reader reads as the node's label: its accessible name or, when that is
    empty, the text of the nodes its labelled-by relation names.

    GTK 4.18 leaves a menu item of a GtkPopoverMenu (a model button) unnamed over AT-SPI: its
    text is a GtkLabel given the presentation role, which the name computation skips and the
    item's children leave out, and the item points at it with labelled-by. Orca 48 reads that
    label's text (its log: "[menu item] is labelled by: [[invalid]]", "Text of [invalid]
    'Lock'") and speaks the item as "Lock"; GTK 4.8 named the item itself.
    """
    name = node.name or ""
    if name.strip():
        return name
    texts = []
    for relation in node.getRelationSet():
        if relation.getRelationType() != pyatspi.RELATION_LABELLED_BY:
            continue
        for index in range(relation.getNTargets()):
            target = relation.getTarget(index)
            if target is not None:
                texts.append(text_of(target) or "")
    return " ".join(text for text in texts if text.strip())


MENU_ITEM_ROLES = {pyatspi.ROLE_MENU_ITEM, pyatspi.ROLE_CHECK_MENU_ITEM, pyatspi.ROLE_RADIO_MENU_ITEM}


def menu_items(node, label=None, visible=False):
    """The menu items under `node` (plain, check and radio), those whose label a screen reader
    reads is `label` when given (see `label_of`)."""
    found = []
    for candidate in _walk(node):
        try:
            if candidate.getRole() not in MENU_ITEM_ROLES:
                continue
            if visible and "visible" not in states(candidate):
                continue
            if label is not None and label_of(candidate) != label:
                continue
        except Exception:  # noqa: BLE001 - a menu closing under the walk
            continue
        found.append(candidate)
    return found


def find_menu_item(node, label, timeout=DEFAULT_TIMEOUT):
    """The first visible menu item under `node` labelled `label`, polled until it appears."""
    return wait_until(lambda: next(iter(menu_items(node, label, visible=True)), None), timeout,
                      f"no menu item {label!r}")


def find_all(node, role=None, name=None, visible=False):
    """Every descendant of `node` (breadth first, `node` included) that matches now.

    role: a role name as AT-SPI spells it ("push button", "label", "text", "frame", …) or a
    pyatspi.ROLE_* constant; name: the exact accessible name; visible: only visible ones.
    """
    return list(_matches(node, role, name, visible))


def find(node, role=None, name=None, timeout=DEFAULT_TIMEOUT, visible=False):
    """The first descendant of `node` matching role and name, polled until it appears.

    Raises HarnessTimeout listing what the tree holds when nothing matches in time.
    """
    wanted = _role_enum(role)
    try:
        # The walk stops at the first match: find_all would ask every node of the tree.
        return wait_until(lambda: next(_matching(node, wanted, name, visible), None), timeout)
    except HarnessTimeout:
        raise HarnessTimeout(
            f"no {role or 'node'} named {name!r} within {timeout:g} s; the tree is:\n{dump(node)}"
        ) from None


def dump(node, indent=0, max_lines=200):
    """The subtree as text, one "role 'name' [states]" per line, for failure messages."""
    lines = []

    def visit(current, depth):
        if len(lines) >= max_lines:
            return
        try:
            flags = ",".join(sorted(states(current) & {"focused", "sensitive", "visible", "checked"}))
            lines.append(f"{'  ' * depth}{role_name(current)} {current.name!r} [{flags}]")
        except Exception:  # noqa: BLE001
            lines.append(f"{'  ' * depth}<gone>")
            return
        for child in _children(current):
            visit(child, depth + 1)

    visit(node, indent)
    return "\n".join(lines)


def states(node):
    """The node's states as a set of names: {"sensitive", "focusable", "focused", "visible", …}."""
    state_set = node.getState()
    return {pyatspi.stateToString(state) for state in state_set.getStates()}


def text_of(node):
    """What a label (or entry) shows: its Text interface content, else its accessible name."""
    try:
        text = node.queryText()
    except NotImplementedError:
        return node.name
    # GTK 4.8 answers getText(0, -1) with "": ask for the exact length.
    return text.getText(0, text.characterCount)


def description_of(node):
    """The node's accessible description (a field's error, a button's tooltip)."""
    return node.description


def click(node):
    """Activates a button through its Action interface ("click", else the first action)."""
    action = node.queryAction()
    names = [action.getName(index) for index in range(action.nActions)]
    if not names:
        raise AssertionError(f"{role_name(node)} {node.name!r} has no actions")
    index = names.index("click") if "click" in names else 0
    if not action.doAction(index):
        raise AssertionError(f"action {names[index]!r} on {role_name(node)} {node.name!r} failed")


def set_text(node, text):
    """Replaces an entry's text through the EditableText interface (as an input method would)."""
    editable = node.queryEditableText()
    if not editable.setTextContents(text):
        raise AssertionError(f"could not set the text of {role_name(node)} {node.name!r}")


def focus(node, timeout=DEFAULT_TIMEOUT):
    """Gives keyboard focus to the node and waits until it reports "focused".

    GTK 4 does not implement Component.grabFocus, so this falls back to a left click in the
    middle of the node where the pointer can reach it (an app on an X server), else to Tab.
    """
    component = node.queryComponent()
    try:
        grabbed = component.grabFocus()
    except Exception:  # noqa: BLE001 - GTK 4 answers with an error
        grabbed = False
    if not grabbed and not on_x11(node):
        tab_to(node, timeout=timeout)
    elif not grabbed:
        click_at(node)
        try:
            wait_until(lambda: "focused" in states(node), 1.0)
        except HarnessTimeout:
            # The click landed elsewhere: the extents GTK >= 4.12 reports can be off (tab_to).
            tab_to(node, timeout=timeout)
    wait_until(lambda: "focused" in states(node), timeout,
               f"{role_name(node)} {node.name!r} did not take focus")


def window_of(node):
    """The window that holds `node`: a top-level (frame, dialog or window), or a dialog shown
    inside one (see DIALOG_ROLES)."""
    current = node
    while current is not None and role_name(current) not in ("frame", "window") + DIALOG_ROLES:
        current = current.parent
    if current is None:
        raise AssertionError(f"{role_name(node)} {node.name!r} is in no window")
    return current


# libadwaita shows a dialog (an AdwDialog: alert dialogs, About, Preferences) inside its parent's
# window when that is a libadwaita window (AdwApplicationWindow), as a node with one of
# these roles in that window's tree ("alert" for an alert dialog), named by its title and
# described by its text; over any other window, as a top-level window of its own with that name.
DIALOG_ROLES = ("dialog", "alert")
# How deep under its window libadwaita's dialog host puts a dialog (with room to spare).
DIALOG_DEPTH = 10


def dialogs_in(window):
    """The dialogs shown inside `window` (not `window` itself), outermost first."""
    for node in _walk(window, DIALOG_DEPTH):
        try:
            if node is not window and role_name(node) in DIALOG_ROLES:
                yield node
        except Exception:  # noqa: BLE001 - nodes come and go
            continue


def open_dialog(root, name, contains=False):
    """The window or dialog of the app `root` named `name` (or whose name contains it) that is
    open now: a top-level, or a dialog shown inside one; None when there is none."""
    def matches(node):
        try:
            named = node.name or ""
            return (name in named if contains else named == name) and "visible" in states(node)
        except Exception:  # noqa: BLE001 - a node that went away
            return False

    windows = _children(root)
    for window in windows:
        if matches(window):
            return window
    for window in windows:
        for dialog in dialogs_in(window):
            if matches(dialog):
                return dialog
    return None


def dialog_named(root, name, timeout=LAUNCH_TIMEOUT, contains=False):
    """Waits for the window or dialog of the app `root` named `name` (see `open_dialog`)."""
    return wait_until(lambda: open_dialog(root, name, contains), timeout,
                      f"no window or dialog named {name!r}")


def _focused_in(window):
    """The path of the node that has the focus in `window` (None: none has)."""
    for candidate in _walk(window):
        try:
            if candidate.getState().contains(pyatspi.STATE_FOCUSED):
                return candidate.path
        except Exception:  # noqa: BLE001 - a node that went away
            continue
    return None


def top_level_of(node):
    """The app's top-level window that holds `node` (a dialog shown inside a window: that window)."""
    current = node
    while current.parent is not None and role_name(current.parent) != "application":
        current = current.parent
    return current


def activate(window, timeout=DEFAULT_TIMEOUT):
    """Gives the X input focus to the app's top-level `window` unless it is active, as a window
    manager does when the window above it closes: on a bare X server (Xvfb) there is none, and
    the focus falls to the root window when one closes. Under mutter, mutter does it."""
    if "active" in states(window) or devices.under_wayland():
        return  # under mutter the window manager does it
    listing = subprocess.run(["xwininfo", "-root", "-children"], capture_output=True, text=True,
                             check=True).stdout
    for xid, title in re.findall(r'^\s+(0x[0-9a-f]+) "([^"]*)"', listing, re.MULTILINE):
        if title != window.name:
            continue
        if "IsViewable" not in subprocess.run(["xwininfo", "-id", xid], capture_output=True, text=True).stdout:
            continue
        from orca_session import _X11  # noqa: PLC0415 - orca_session imports this module
        x11 = _X11()
        try:
            x11.focus(int(xid, 16))
        finally:
            x11.close()
        wait_until(lambda: "active" in states(window), timeout, f"{window.name!r} did not become active")
        return


def tab_to(node, limit=30, timeout=DEFAULT_TIMEOUT):
    """Presses Tab, as a keyboard user does, until `node` has the keyboard focus; each press
    waits until the focus moved. For what a click cannot reach reliably: GTK >= 4.12 gives a
    check box no AT-SPI action, and the extents it reports leave out the offsets of containers
    kept out of the accessible tree, so a click by coordinates can land on another widget."""
    window = window_of(node)
    activate(top_level_of(window))
    still = 0
    for _ in range(limit):
        if "focused" in states(node):
            return
        before = _focused_in(window)
        press_key("Tab")
        try:
            wait_until(lambda: "focused" in states(node) or _focused_in(window) != before, 1.0)
            still = 0
        except HarnessTimeout:
            # A focus GTK does not report (a part left out of the tree) looks the same: give up
            # only when Tab moves nothing three times running.
            still += 1
            if still == 3:
                raise HarnessTimeout(f"Tab moved no focus in {role_name(window)} {window.name!r}") from None
    wait_until(lambda: "focused" in states(node), timeout,
               f"{limit} presses of Tab did not reach {role_name(node)} {node.name!r}")


def screen_point(node, dx=None, dy=None):
    """Where on the X screen the point (dx, dy) of `node` is (its middle by default).

    Under mutter the node's app must run on Xwayland (`AppTestCase.on_xwayland`): a Wayland
    client's window has no place a test can learn (devices.py)."""
    x, y, width, height = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    x += width // 2 if dx is None else dx
    y += height // 2 if dy is None else dy
    if not devices.under_wayland():
        return x, y  # a bare X server: windows sit at 0,0
    pid = node.getApplication().get_process_id()
    pointer = devices.X11Pointer()
    try:
        left, top = pointer.content_origin(pid, window_of(node).name)
    except RuntimeError as error:
        raise AssertionError(f"{error}: a test that uses the pointer runs its app on Xwayland "
                             "(on_xwayland = True)") from None
    finally:
        pointer.close()
    return left + x, top + y


def pointer_to(x, y):
    """Moves the pointer to (x, y) on the X screen."""
    if not devices.under_wayland():
        pyatspi.Registry.generateMouseEvent(x, y, "abs")
        return
    pointer = devices.X11Pointer()
    try:
        pointer.move(x, y)
    finally:
        pointer.close()


def click_at(node, button=1, double=False):
    """Clicks (or double-clicks) with the pointer in the middle of the node."""
    x, y = screen_point(node)
    if not devices.under_wayland():
        pyatspi.Registry.generateMouseEvent(x, y, f"b{button}{'d' if double else 'c'}")
        return
    pointer = devices.X11Pointer()
    try:
        pointer.move(x, y)
        for pressed in [True, False] * (2 if double else 1):
            pointer.button(button, pressed)
            time.sleep(0.02)
    finally:
        pointer.close()


def on_x11(node):
    """True when `node`'s app draws on an X server (Xvfb, or mutter's Xwayland)."""
    if not devices.under_wayland():
        return True
    pointer = devices.X11Pointer()
    try:
        pointer.content_origin(node.getApplication().get_process_id())
        return True
    except RuntimeError:
        return False
    finally:
        pointer.close()


_KEYSYMS = {
    "BackSpace": 0xFF08, "Tab": 0xFF09, "Return": 0xFF0D, "Escape": 0xFF1B, "Delete": 0xFFFF,
    "Left": 0xFF51, "Up": 0xFF52, "Right": 0xFF53, "Down": 0xFF54, "space": 0x20, "Shift_L": 0xFFE1,
}


def press_key(key):
    """Sends one key press and release to the focused window, like a keyboard would (X11).

    key: one printable character ("7") or a key name ("BackSpace", "Return", "Escape", "Tab",
    "Delete", arrows).
    """
    keysym = _KEYSYMS.get(key)
    if keysym is None:
        if len(key) != 1:
            raise ValueError(f"unknown key {key!r}")
        keysym = ord(key)
    if devices.under_wayland():
        devices.tap_keysym(keysym)
    else:
        pyatspi.Registry.generateKeyboardEvent(keysym, None, pyatspi.KEY_SYM)


def type_keys(text):
    """Presses the key for each character of `text` in order."""
    for character in text:
        press_key(character)


def file_name_field(chooser, timeout=DEFAULT_TIMEOUT):
    """The file chooser's file name entry: "Name:" on X11, "Name" under Wayland, where GTK 4.18's
    chooser labels it without the colon."""
    def lookup():
        fields = [field for field in find_all(chooser, role="text", visible=True) if field.name in ("Name", "Name:")]
        return fields[0] if fields else None

    return wait_until(lookup, timeout, "the file chooser has no file name field")


# --- the recovery key --------------------------------------------------------------------------

# Shown on two lines of four groups.
RECOVERY_KEY = re.compile(r"^\d{5}([-\n]\d{5}){7}$")


def recovery_key_dialog(root, timeout=LAUNCH_TIMEOUT):
    """The dialog that shows a new recovery key once: a dialog of the app `root` (a top-level,
    or shown inside the records' window) whose accessible name contains "Recovery key"."""
    return dialog_named(root, "Recovery key", timeout, contains=True)


def read_recovery_key(dialog):
    """The recovery key the dialog shows, in a selectable label, as one line ("12345-67890-…")."""
    def lookup():
        for label in find_all(dialog, role="label"):
            text = text_of(label)
            if RECOVERY_KEY.match(text):
                return label
        return None

    label = wait_until(lookup, message="no label showing a recovery key")
    return text_of(label).replace("\n", "-"), label


def response_button(dialog, text):
    """A response button of an alert dialog, by the label it shows (its name is that label's
    text; looking at the label itself reads it as it is shown)."""
    def lookup():
        for button in find_all(dialog, role="push button", visible=True):
            if any(text_of(label) == text for label in find_all(button, role="label")):
                return button
        return None

    return wait_until(lookup, message=f"no button labelled {text!r}")


def confirm_recovery_key_saved(dialog, names=("I have saved my recovery key",)):
    """Checks "I have saved my recovery key" (Continue is insensitive until then)."""
    def lookup():
        for box in find_all(dialog, role="check box", visible=True):
            if box.name in names:
                return box
        return None

    box = wait_until(lookup, message="no \"I have saved my recovery key\" check box")
    if "checked" not in states(box):
        # GTK gives a check box no AT-SPI action: Tab to it and Space, as the person would
        # (the focus opens on the key; Copy, Save As… and Print… come first).
        tab_to(box)
        press_key("space")
    wait_until(lambda: "checked" in states(box), message="the check box did not check")


def dismiss_recovery_key(root, timeout=LAUNCH_TIMEOUT):
    """After a first PIN is set: waits for the recovery-key dialog, checks "I have saved my
    recovery key", presses Continue, and returns the key it showed."""
    dialog = recovery_key_dialog(root, timeout)
    key, _ = read_recovery_key(dialog)
    confirm_recovery_key_saved(dialog)
    click(response_button(dialog, "Continue"))
    return key


def screenshot(path):
    """Saves the whole X screen as PNG (ImageMagick's import), to look at a failing state."""
    subprocess.run(["import", "-window", "root", path], check=True)
    return path
