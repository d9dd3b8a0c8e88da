#!/usr/bin/python3
"""Renders mock-ups of Pinform's two windows with data/style.css and saves them as PNG.

For checking the stylesheet by eye without building the app, and as a CSS syntax check: any
parsing error in data/style.css or data/style-dark.css is printed and makes the exit code 1.

Usage (needs an X display; on a headless machine give it a virtual one):
    /usr/bin/python3 scripts/preview-style.py [--dark] OUT_DIR
    bash -c 'source scripts/lib.sh; run_with_virtual_display /usr/bin/python3 scripts/preview-style.py /tmp/preview'

"""
import os
import sys

import subprocess

import gi

gi.require_version("Gdk", "4.0")
gi.require_version("Gtk", "4.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
errors = []


def load_css(name):
    provider = Gtk.CssProvider()

    def on_error(_provider, section, error):
        errors.append(f"{name}:{section.get_start_location().lines + 1}: {error.message}")

    provider.connect("parsing-error", on_error)
    provider.load_from_path(os.path.join(ROOT, "data", name))
    Gtk.StyleContext.add_provider_for_display(
        Gdk.Display.get_default(),
        provider, Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION)


def pin_window():
    win = Gtk.Window(title="Pinform", default_width=480, default_height=640)
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, halign=Gtk.Align.CENTER, valign=Gtk.Align.CENTER)
    title = Gtk.Label(label="Enter PIN")
    title.add_css_class("pin-title")
    box.append(title)
    dots = Gtk.Box(spacing=16, halign=Gtk.Align.CENTER)
    dots.add_css_class("pin-view")
    for i in range(4):
        dot = Gtk.Box(width_request=16, height_request=16, valign=Gtk.Align.CENTER)
        dot.add_css_class("preview-dot")
        if i < 2:
            dot.add_css_class("filled")
        dots.append(dot)
    box.append(dots)
    message = Gtk.Label(label="Wrong PIN — 2 attempts left")
    message.add_css_class("pin-message")
    message.add_css_class("error")
    box.append(message)
    countdown = Gtk.Label(label="Try again in 0:30")
    countdown.add_css_class("pin-countdown")
    box.append(countdown)
    grid = Gtk.Grid(row_spacing=12, column_spacing=24, halign=Gtk.Align.CENTER)
    grid.add_css_class("pin-pad")
    keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "Clear", "0", "⌫"]
    for i, key in enumerate(keys):
        button = Gtk.Button(label=key)
        button.add_css_class("pin-key")
        if key in ("Clear", "⌫"):
            button.add_css_class("action")
        grid.attach(button, i % 3, i // 3, 1, 1)
    box.append(grid)
    win.set_child(box)
    return win


def form_window():
    win = Gtk.Window(title="Pinform", default_width=480, default_height=640)
    outer = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
    card = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=6)
    card.add_css_class("form-card")
    for label, text, error, focused in [
        ("Name", "Ada Lovelace", None, False),
        ("Age", "thirty", "Enter a whole number, like 36.", False),
        ("E-mail", "ada@example.org", None, True),
    ]:
        field = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
        field.add_css_class("active-input")
        field.append(Gtk.Label(label=label, xalign=0))
        entry = Gtk.Entry(text=text)
        if error:
            entry.add_css_class("error")
        field.append(entry)
        bar = Gtk.Box()
        bar.add_css_class("active-input-indicator")
        bar.set_visible(focused)
        field.append(bar)
        if error:
            err = Gtk.Label(label=error, xalign=0)
            err.add_css_class("field-error")
            field.append(err)
        card.append(field)
    save = Gtk.Button(label="Save", halign=Gtk.Align.END, sensitive=False)
    save.add_css_class("suggested-action")
    card.append(save)
    outer.append(card)
    win.set_child(outer)
    return win


def save_png(win, path):
    # GTK 4.8's Python bindings cannot hand back render nodes, so grab the X screen instead;
    # with no window manager the window sits at the top-left corner.
    geometry = f"{win.get_width()}x{win.get_height()}+0+0"
    subprocess.run(["import", "-window", "root", "-crop", geometry, "+repage", path], check=True)


def main():
    args = [a for a in sys.argv[1:] if a != "--dark"]
    dark = "--dark" in sys.argv
    out = args[0] if args else "."
    os.makedirs(out, exist_ok=True)
    Gtk.init()
    if dark:
        Gtk.Settings.get_default().set_property("gtk-application-prefer-dark-theme", True)
    load_css("style.css")
    if dark:
        load_css("style-dark.css")
    dots = Gtk.CssProvider()
    dots.load_from_data(b"""
        .preview-dot { border-radius: 9999px; border: 2px solid alpha(currentColor, 0.4); }
        .preview-dot.filled { background-color: @theme_selected_bg_color; border-color: transparent; }
    """)
    Gtk.StyleContext.add_provider_for_display(
        Gdk.Display.get_default(), dots, Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION)
    suffix = "-dark" if dark else ""
    for name, make in [("pin-window", pin_window), ("form-window", form_window)]:
        loop = GLib.MainLoop()
        win = make()
        win.present()

        def shoot():
            try:
                save_png(win, os.path.join(out, f"{name}{suffix}.png"))
            finally:
                loop.quit()
            return False

        # A preview, not a test: a short settle time before the grab is good enough here.
        GLib.timeout_add(700, shoot)
        loop.run()
        win.destroy()
    for error in errors:
        print(error, file=sys.stderr)
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
