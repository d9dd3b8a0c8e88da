#!/usr/bin/env python3
"""Takes docs/screenshots/import-light.png and import-dark.png: the import preview in German,
light and dark, driving the real binary through AT-SPI. Run it as the e2e tests run (a display,
a session bus, PINFORM_BIN, PINFORM_LOCALE_DIR), e.g. through `scripts/test`'s environment:

    source scripts/lib.sh; compile_schemas; compile_catalogs
    run_with_virtual_display dbus-run-session -- /usr/bin/python3 scripts/import-screenshots.py

The dialog is shot as mutter composites it (its shadow included), dark set through GSettings'
color-scheme: the GNOME stack of scripts/shots_desktop.py.
"""
import csv
import os
import shutil
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "Tests", "e2e"))

from pinform_e2e import click, find, find_all, launch_app, press_key, set_text, wait_until  # noqa: E402
from test_records import button_labelled, press_pin, top_level  # noqa: E402
from test_german import dismiss_recovery_key  # noqa: E402
from shots_desktop import Desktop, capture, follow_windows  # noqa: E402
follow_windows()

OUT = os.path.join(HERE, "..", "docs", "screenshots")
GERMAN = {"LANGUAGE": "de", "LANG": "de_DE.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "LC_NUMERIC": "", "LC_TIME": ""}
ROWS = [
    ["Ada", "Lovelace", "10.12.1990", "ada@example.com", "1,65"],
    ["Alan", "Turing", "23.06.1985", "alan@example.com", "1,78"],
    ["", "Hopper", "09.12.1941", "grace@example.com", "1,60"],
    ["Katherine", "Johnson", "zwölf", "katherine@example.com", "1,70"],
    ["Ada", "Lovelace", "10.12.1990", "ADA@example.com", "1,65"],
    ["Edsger", "Dijkstra", "11.05.1954", "edsger@example.com", "1,83"],
    ["Barbara", "Liskov", "07.11.1939", "barbara@example.com", "1,62"],
]

def shoot(desktop, name, dark):
    folder = tempfile.mkdtemp(prefix="pinformshots")
    path = os.path.join(folder, "mitglieder.csv")
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, delimiter=";")
        writer.writerow(["Vorname", "Nachname", "Geburtsdatum", "E-Mail", "Größe"])
        writer.writerows(ROWS)
    desktop.configure(dark=dark)
    config_home = tempfile.mkdtemp(prefix="pinformshots-config")
    env = dict(GERMAN, **desktop.app_env(config_home))
    app = launch_app(config_home=config_home, env=env)
    root = app.accessible()
    find(root, role="label", name="PIN wählen", timeout=30)
    press_pin(root, "5978")
    find(root, role="label", name="PIN bestätigen", timeout=10)
    press_pin(root, "5978")
    dismiss_recovery_key(root)
    find(root, role="text", name="Vorname", timeout=20)
    buttons = [b for b in find_all(root, role="push button", name="Hauptmenü") if b.queryAction().nActions > 0]
    click(buttons[0])
    click(wait_until(lambda: next(iter(find_all(root, name="Importieren …")), None)))
    chooser = top_level(app, "Einträge importieren")
    time.sleep(0.5)
    press_key("/")
    location = wait_until(lambda: next(iter(find_all(chooser, role="text", visible=True)), None))
    set_text(location, path)
    click(button_labelled(chooser, "Öffnen"))
    dialog = top_level(app, "Person importieren")
    find(dialog, role="push button", name="4 Einträge importieren", visible=True, timeout=30)
    time.sleep(1)
    os.makedirs(OUT, exist_ok=True)
    capture(app.pid, os.path.join(OUT, name), title=dialog.name)
    app.quit()
    shutil.rmtree(folder, ignore_errors=True)
    shutil.rmtree(config_home, ignore_errors=True)


if __name__ == "__main__":
    desktop = Desktop()
    try:
        shoot(desktop, "import-light.png", dark=False)
        shoot(desktop, "import-dark.png", dark=True)
    finally:
        desktop.stop()
    print("saved", os.path.join(OUT, "import-light.png"), "and import-dark.png")
