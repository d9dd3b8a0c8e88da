#!/usr/bin/python3
"""Takes the user guide's screenshots of the main window (docs/screenshots/window-*.png): 360 and
1000 pixels wide (the default width), light and dark, English, German, Hebrew and Arabic, and
1.5× text, driving the real binary through AT-SPI. Run it under a display and a session bus,
with the schemas and translations built, as scripts/test does for the e2e tests:

    source scripts/lib.sh; compile_schemas; compile_catalogs
    run_with_virtual_display dbus-run-session -- /usr/bin/python3 scripts/window-screenshots.py

The windows are shot on a GNOME stack (scripts/shots_desktop.py): mutter as the compositing
window manager (its shadows and rounded corners are in the shots, over its background), dark
through GSettings' org.gnome.desktop.interface color-scheme and 1.5× text through its
text-scaling-factor, which gnome-settings-daemon's xsettings plugin hands GTK as XSETTINGS.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "e2e"))
from pinform_e2e import (SHIPPED_SCHEMAS, click, dismiss_recovery_key, find, find_all, launch_app,  # noqa: E402
                         set_text, wait_until)
from orca_session import press_combination  # noqa: E402
from test_records import born_aged, reach  # noqa: E402
from shots_desktop import Desktop, capture as capture_window, follow_windows  # noqa: E402
follow_windows()

OUT = os.environ.get("PINFORM_SCREENSHOTS",
                     os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "screenshots"))
PIN = "5978"
PEOPLE = [
    {"First name": "Ada", "Last name": "Lovelace", "Birth date": born_aged(36), "Email": "ada@example.com",
     "Phone": "+44 20 7946 0958", "Height": "1.65"},
    {"First name": "Maximiliane", "Last name": "Tennis Club Zürich-Nord Vorstand", "Birth date": born_aged(41),
     "Email": "praesidium@tennisclub-zuerich-nord.example", "Phone": "+41 44 668 18 00", "Height": "1.78"},
    {"First name": "Grace", "Last name": "Hopper", "Birth date": born_aged(85), "Email": "grace@example.com",
     "Height": "1.60"},
]
LANGUAGES = {"en": "C.UTF-8", "de": "de_DE.UTF-8", "he": "he_IL.UTF-8", "ar": "ar_EG.UTF-8"}


def schemas(width, height):
    folder = tempfile.mkdtemp(prefix="pinform-shots-schemas-")
    for name in os.listdir(SHIPPED_SCHEMAS):
        if name.endswith(".gschema.xml"):
            shutil.copy(os.path.join(SHIPPED_SCHEMAS, name), folder)
    with open(os.path.join(folder, "shots.gschema.override"), "w") as handle:
        handle.write(f"[io.github.pinform.Pinform]\npin-length='four'\nwindow-width={width}\nwindow-height={height}\n")
    subprocess.run(["glib-compile-schemas", "--strict", folder], check=True)
    return folder


def capture(app, name):
    capture_window(app.pid, os.path.join(OUT, name))


def unlock(root):
    wait_until(lambda: find_all(root, role="push button", name="2"), 20)
    for _ in range(2):
        for digit in PIN:
            click(find(root, role="push button", name=digit, visible=True))
        time.sleep(0.5)
    dismiss_recovery_key(root)


def launch(desktop, data_home, config_home, width, height, language="en", dark=False, scale=1.0):
    desktop.configure(scale, dark)
    env = {"GSETTINGS_SCHEMA_DIR": schemas(width, height), "LANG": LANGUAGES[language], "LC_ALL": LANGUAGES[language],
           "LANGUAGE": language if language != "en" else "", **desktop.app_env(config_home)}
    return launch_app(data_home=data_home, config_home=config_home, env=env)


def main_window(root):
    wait_until(lambda: find_all(root, role="entry"), 20)
    return next(frame for frame in root if frame.getRoleName() == "frame" and find_all(frame, role="entry"))


def shoot(desktop, name, width, height, language="en", dark=False, scale=1.0, people=PEOPLE, form=False, errors=False):
    data_home = tempfile.mkdtemp(prefix="pinform-shots-data-")
    config_home = tempfile.mkdtemp(prefix="pinform-shots-config-")
    try:
        # The PIN and the records, in English at a width where the form shows beside the list.
        app = launch(desktop, data_home, config_home, 1000, 760)
        root = app.accessible()
        unlock(root)
        window = main_window(root)
        for person in people:
            for field, value in person.items():
                entry = find_field(window, field)
                reach(entry)
                set_text(entry, value)
            time.sleep(0.3)
            press_ctrl("s")
            time.sleep(0.5)
        app.quit()

        app = launch(desktop, data_home, config_home, width, height, language, dark, scale)
        root = app.accessible()
        wait_until(lambda: find_all(root, role="push button", name="2"), 20)
        for digit in PIN:
            click(find(root, role="push button", name=digit, visible=True))
        window = main_window(root)
        time.sleep(0.5)
        if form or errors:
            open_form(window)
        if errors:
            entry = find_field(window, "Height", language)
            reach(entry)
            set_text(entry, "abc")
            press_ctrl("s")
            time.sleep(0.5)
        capture(app, name)
        app.quit()
    finally:
        shutil.rmtree(data_home, ignore_errors=True)
        shutil.rmtree(config_home, ignore_errors=True)


FIELD_NAMES = {
    "de": {"First name": "Vorname", "Last name": "Nachname", "Birth date": "Geburtsdatum", "Email": "E-Mail",
           "Phone": "Telefon", "Height": "Größe"},
    "he": {},
}


def find_field(window, field, language="en"):
    names = [FIELD_NAMES.get(language, {}).get(field, field)]
    return wait_until(lambda: next((entry for name in names
                                    for entry in find_all(window, role="text", name=name, visible=True)), None), 30)


def open_form(window):
    press_ctrl("n")
    time.sleep(0.4)


def press_ctrl(key):
    press_combination("Control", key)


def main():
    os.makedirs(OUT, exist_ok=True)
    only = sys.argv[1:]
    shots = [
        ("window-1000-light.png", dict(width=1000, height=760)),
        ("window-1000-dark.png", dict(width=1000, height=760, dark=True)),
        ("window-360-light.png", dict(width=360, height=720)),
        ("window-360-form-dark.png", dict(width=360, height=720, dark=True, form=True)),
        ("window-360-de-1.5x.png", dict(width=360, height=720, language="de", scale=1.5)),
        ("window-360-form-de-1.5x.png", dict(width=360, height=720, language="de", scale=1.5, form=True)),
        ("window-1000-he.png", dict(width=1000, height=760, language="he")),
        ("window-1000-he-dark.png", dict(width=1000, height=760, language="he", dark=True)),
        ("window-1000-ar.png", dict(width=1000, height=760, language="ar")),
        ("window-1000-errors.png", dict(width=1000, height=760, errors=True)),
    ]
    desktop = Desktop()
    try:
        for name, options in shots:
            if not only or name in only:
                shoot(desktop, name, **options)
    finally:
        desktop.stop()


if __name__ == "__main__":
    main()
