#!/usr/bin/python3
"""A tiny GTK 4 app that test_harness.py drives to prove the e2e helpers work, without Pinform.

A button "Press me" counts presses in a label; an entry named "Name" greets in another label;
a label shows the XDG_DATA_HOME the process was given.
"""
import os
import sys

import gi

gi.require_version("Gtk", "4.0")
from gi.repository import GLib, Gtk  # noqa: E402


def on_activate(app):
    window = Gtk.ApplicationWindow(application=app, title="Harness", default_width=320, default_height=200)
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=6, margin_top=12, margin_bottom=12,
                  margin_start=12, margin_end=12)
    count = Gtk.Label(label="Pressed 0 times")
    button = Gtk.Button(label="Press me")
    presses = [0]

    def on_clicked(_button):
        presses[0] += 1
        count.set_label(f"Pressed {presses[0]} time" + ("" if presses[0] == 1 else "s"))

    button.connect("clicked", on_clicked)
    entry = Gtk.Entry()
    entry.update_property([Gtk.AccessibleProperty.LABEL], ["Name"])
    greeting = Gtk.Label(label="Hello")
    entry.connect("changed", lambda e: greeting.set_label(f"Hello, {e.get_text()}" if e.get_text() else "Hello"))
    data_home = Gtk.Label(label=f"Data: {os.environ.get('XDG_DATA_HOME', '')}")
    for widget in (button, count, entry, greeting, data_home):
        box.append(widget)
    window.set_child(box)
    window.present()


def main():
    GLib.set_prgname("pinform-harness")
    app = Gtk.Application(application_id="io.github.pinform.Harness")
    app.connect("activate", on_activate)
    return app.run(sys.argv[:1])


if __name__ == "__main__":
    sys.exit(main())
