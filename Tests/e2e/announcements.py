"""What the application announces to screen readers (`gtk_accessible_announce`), heard on the
accessibility bus as Orca hears it: AT-SPI's `Object:Announcement` signal, with its politeness.

An announcement is not kept anywhere in the tree (a description is): a test starts hearing
before the action whose announcement it waits for.

    heard = Announcements()
    click(find(window, role="push button", name="7"))
    heard.wait_for("1 of 4 digits entered", polite=True)
"""
import os

from gi.repository import Gio, GLib

from pinform_e2e import wait_until

POLITE, ASSERTIVE = 1, 2  # AT-SPI's AtspiLive


def _accessibility_bus():
    address = os.environ.get("AT_SPI_BUS_ADDRESS")
    if not address:
        session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        address = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None,
                                    GLib.VariantType.new("(s)"), Gio.DBusCallFlags.NONE, -1, None).unpack()[0]
    flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
    return Gio.DBusConnection.new_for_address_sync(address, flags, None, None)


class Announcements:
    """Hears every announcement sent on the accessibility bus from now on, until `stop()`.
    It does not register with the accessibility registry: whether the application thinks a
    client listens is left to the harness (`listen_for_descriptions`) or to Orca."""

    def __init__(self):
        self.heard = []  # (message, politeness), oldest first
        self._bus = _accessibility_bus()
        self._subscription = self._bus.signal_subscribe(
            None, "org.a11y.atspi.Event.Object", "Announcement", None, None, Gio.DBusSignalFlags.NONE,
            self._on_announcement)
        # The match rule is in place once the bus answered a call made after it.
        self._bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetId",
                            None, None, Gio.DBusCallFlags.NONE, -1, None)

    def _on_announcement(self, _bus, _sender, _path, _interface, _signal, parameters):
        _kind, live, _detail, message, _properties = parameters.unpack()
        if isinstance(message, str):
            self.heard.append((message, live))

    def messages(self):
        """Every message heard so far (after taking in what arrived), oldest first."""
        context = GLib.MainContext.default()
        while context.iteration(False):
            pass
        return [message for message, _ in self.heard]

    def wait_for(self, text, polite=None, exact=True, timeout=10):
        """Waits until a message equal to `text` (or containing it, with `exact=False`) is heard;
        with `polite` True or False, sent with that politeness. Returns the message."""
        def match():
            self.messages()
            for message, live in self.heard:
                if (message == text if exact else text in message) and (
                        polite is None or (live == POLITE) == polite):
                    return message
            return None
        kind = "" if polite is None else ("polite " if polite else "assertive ")
        return wait_until(match, timeout, f"no {kind}announcement {text!r}; heard {self.heard!r}")

    def stop(self):
        if self._subscription:
            self._bus.signal_unsubscribe(self._subscription)
            self._subscription = 0
