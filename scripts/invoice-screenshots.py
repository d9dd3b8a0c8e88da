#!/usr/bin/python3
"""Takes docs/screenshots/invoice-*.png: an invoice with three lines and a customer looked up
among the people, in German, light style, in a 360-pixel-wide window — driving the real
binary through AT-SPI. Run it with a display and a session bus, as the e2e tests run
(PINFORM_BIN, PINFORM_LOCALE_DIR and GSETTINGS_SCHEMA_DIR set; see scripts/test), e.g.

    source scripts/lib.sh; compile_schemas; compile_catalogs
    GSETTINGS_SCHEMA_DIR=.build/schemas run_with_virtual_display dbus-run-session -- \
        /usr/bin/python3 scripts/invoice-screenshots.py

The window is shot as mutter composites it, on the GNOME stack of scripts/shots_desktop.py."""
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "Tests", "e2e"))
from pinform_e2e import (click, find, find_all, focus, launch_app, press_key, set_text, states, text_of,  # noqa: E402
                         type_keys, wait_until)
from test_invoice_lines import focused, wait_focus  # noqa: E402
from test_forms import switch_model  # noqa: E402
from orca_session import press_combination  # noqa: E402
from test_german import GERMAN, dismiss_recovery_key, press_pin  # noqa: E402
from shots_desktop import Desktop, capture as capture_window, follow_windows, x_windows  # noqa: E402
follow_windows()

OUT = os.path.join(HERE, "..", "docs", "screenshots")


def schemas(width, height):
    """The shipped schemas with a 4-digit PIN, the window's size and the Person page first."""
    folder = tempfile.mkdtemp(prefix="pinform-shots-schemas-")
    shipped = os.environ["GSETTINGS_SCHEMA_DIR"]
    for name in os.listdir(shipped):
        if name.endswith(".gschema.xml"):
            shutil.copy(os.path.join(shipped, name), folder)
    with open(os.path.join(folder, "pinform-shots.gschema.override"), "w") as handle:
        handle.write(f"[io.github.pinform.Pinform]\npin-length='four'\nwindow-width={width}\nwindow-height={height}\n")
    subprocess.run(["glib-compile-schemas", "--strict", folder], check=True)
    return folder


def capture(app, name):
    capture_window(app.pid, os.path.join(OUT, name), settle=0.3)


def width(app, what):
    window = app.window()
    print("window width", what, window.queryComponent().getExtents(1)[2], flush=True)
    if os.environ.get("PINFORM_SHOTS_WIDTHS"):
        # What the window asks the window manager for (its minimum size) and its X size.
        for wid, title, _, _, x_width, x_height in x_windows(app.pid):
            hints = subprocess.run(["xprop", "-id", wid, "WM_NORMAL_HINTS"], capture_output=True, text=True).stdout
            print("   X window", title, x_width, x_height, " ".join(hints.split()), flush=True)
        for node in find_all(window):
            try:
                extents = node.queryComponent().getExtents(1)
            except Exception:  # noqa: BLE001
                continue
            if extents[2] >= 380:
                print("   ", node.getRoleName(), repr(node.name), extents[2], flush=True)


def typed(root, name, value, index=-1):
    # Under mutter a field the 360-pixel window cannot show (a line wider than the window) is
    # not "visible" to AT-SPI: typed into all the same.
    field = wait_until(lambda: find_all(root, role="text", name=name, visible=True)
                       or find_all(root, role="text", name=name), 20)[index]
    try:
        focus(field, timeout=1)
    except AssertionError:
        pass  # scrolled out of the window: typed all the same
    set_text(field, value)


def main():
    os.makedirs(OUT, exist_ok=True)
    data_home = tempfile.mkdtemp(prefix="pinform-shots-")
    config_home = tempfile.mkdtemp(prefix="pinform-shots-config-")
    desktop = Desktop()
    env = dict(GERMAN, GSETTINGS_SCHEMA_DIR=schemas(360, 1000), **desktop.app_env(config_home))
    try:
        app = launch_app(data_home=data_home, config_home=config_home, env=env)
        root = app.accessible()
        find(root, role="push button", name="2", visible=True, timeout=20)
        press_pin(root)
        time.sleep(1.5)  # the confirmation step
        press_pin(root)
        dismiss_recovery_key(root)
        # Records first at 360 pixels: New shows the form in their place.
        find(root, role="push button", name="Neu", visible=True, timeout=20)
        press_combination("Control", "n")
        time.sleep(0.5)
        find(root, role="text", name="Vorname", visible=True, timeout=20)
        for name, value in {"Vorname": "Ada", "Nachname": "Lovelace", "Geburtsdatum": "10.12.1990",
                            "E-Mail": "ada@example.com", "Größe": "1,65"}.items():
            typed(root, name, value)
        save = find(root, role="push button", name="Speichern", visible=True)
        wait_until(lambda: "sensitive" in states(save), message="the person cannot be saved")
        click(save)
        time.sleep(0.5)
        width(app, "person page")
        switch_model(root, "Rechnung")
        time.sleep(0.5)
        press_combination("Control", "n")
        time.sleep(0.5)
        width(app, "invoice page")
        typed(root, "Nummer", "2026-017")
        typed(root, "Kunde", "Lovel")
        match = wait_until(lambda: next((b for b in find_all(root, role="push button", visible=True)
                                         if b.name.startswith("Ada Lovelace")), None), message="no match")
        click(match)
        typed(root, "Rechnungsdatum", "1.11.2026")
        typed(root, "Fälligkeitsdatum", "30.11.2026")
        for description, quantity, price, tax in [("Papier", "2", "3,50", "19"), ("Tinte", "1", "12", "19"),
                                                  ("Briefmarken", "10", "0,85", "0")]:
            click(find(root, role="push button", name="Zeile hinzufügen", visible=True))
            # Add line puts the focus in the new line's Beschreibung; Enter moves on through the
            # line's fields, as test_invoice_lines types them (found by the focus, not by name:
            # the new line's fields are not all on screen yet when they are looked for).
            wait_focus(root, "Beschreibung")
            type_keys(description)
            for name, value in (("Menge", quantity), ("Einzelpreis", price), ("Steuer %", tax)):
                press_key("Return")
                wait_focus(root, name)
                # A new line starts with quantity 1 and no tax: typed over.
                for _ in range(len(text_of(focused(root)) or "")):
                    press_key("BackSpace")
                type_keys(value)
            time.sleep(0.3)
            width(app, "with a line")
        wait_until(lambda: any(text_of(label) == "31,11" for label in find_all(root, role="label", visible=True)),
                   message="the total is not 31,11")
        capture(app, "invoice-form.png")
        save = find(root, role="push button", name="Speichern", visible=True)
        wait_until(lambda: "sensitive" in states(save), message="the invoice cannot be saved")
        click(save)
        time.sleep(1.0)
        capture(app, "invoice-saved.png")
        app.quit()
    finally:
        desktop.stop()
        shutil.rmtree(data_home, ignore_errors=True)
        shutil.rmtree(config_home, ignore_errors=True)


if __name__ == "__main__":
    main()
