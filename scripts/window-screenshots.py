#!/usr/bin/python3
"""Takes the README's screenshots of the main window (docs/screenshots/window-*.png): 360 and
1000 pixels wide (the default width), light and dark, English, German, Hebrew and Arabic, and 1.5× text, driving the real
binary through AT-SPI. Run it under a display and a session bus, with the schemas and
translations built, as scripts/test does for the e2e tests:

    xvfb-run -a -s "-screen 0 1400x1000x24" dbus-run-session scripts/window-screenshots.py

1.5× text is GNOME's text-scaling-factor as gnome-settings-daemon hands it to GTK on X11: an
XSETTINGS Xft/DPI of 1.5 × 96 (× 1024), served here by xsettingsd since a bare Xvfb has no
settings daemon (GTK 4 on X11 takes no DPI from its settings.ini). Dark is libadwaita's dark
style (ADW_DEBUG_COLOR_SCHEME).
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


def capture(window, name):
    x, y, width, height = 0, 0, *window.queryComponent().getExtents(1)[2:]
    time.sleep(0.4)  # the frame after the state that was waited for, and the leaflet's slide
    path = os.path.join(OUT, name)
    subprocess.run(["import", "-window", "root", "-crop", f"{width}x{height}+{x}+{y}", "+repage", path], check=True)
    print("wrote", os.path.relpath(path))


def unlock(root):
    wait_until(lambda: find_all(root, role="push button", name="2"), 20)
    for _ in range(2):
        for digit in PIN:
            click(find(root, role="push button", name=digit, visible=True))
        time.sleep(0.5)
    dismiss_recovery_key(root)


def text_scale(scale):
    """Serves Xft/DPI for `scale` over XSETTINGS, as GNOME's text-scaling-factor does; returns
    the server's process (None at 1×)."""
    if scale == 1.0:
        return None
    folder = tempfile.mkdtemp(prefix="pinform-shots-xsettings-")
    config = os.path.join(folder, "xsettingsd.conf")
    with open(config, "w") as handle:
        handle.write(f"Xft/DPI {int(96 * scale * 1024)}\n")
    server = subprocess.Popen(["xsettingsd", "-c", config], stderr=subprocess.DEVNULL)
    time.sleep(0.5)  # it takes the XSETTINGS selection before the app starts
    return server


def launch(data_home, config_home, width, height, language="en", dark=False, scale=1.0):
    env = {"GSETTINGS_SCHEMA_DIR": schemas(width, height), "LANG": LANGUAGES[language], "LC_ALL": LANGUAGES[language],
           "LANGUAGE": language if language != "en" else ""}
    if dark:
        env["ADW_DEBUG_COLOR_SCHEME"] = "prefer-dark"
    return launch_app(data_home=data_home, config_home=config_home, env=env)


def main_window(root):
    wait_until(lambda: find_all(root, role="entry"), 20)
    return next(frame for frame in root if frame.getRoleName() == "frame" and find_all(frame, role="entry"))


def shoot(name, width, height, language="en", dark=False, scale=1.0, people=PEOPLE, form=False, errors=False):
    data_home = tempfile.mkdtemp(prefix="pinform-shots-data-")
    config_home = tempfile.mkdtemp(prefix="pinform-shots-config-")
    cleanups = []
    try:
        # The PIN and the records, in English at a width where the form shows beside the list.
        app = launch(data_home, config_home, 1000, 760)
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

        server = text_scale(scale)
        if server:
            cleanups.append(server.terminate)
        app = launch(data_home, config_home, width, height, language, dark, scale)
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
        capture(window, name)
        app.quit()
    finally:
        for cleanup in cleanups:
            cleanup()
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
        ("window-1000-ar.png", dict(width=1000, height=760, language="ar")),
        ("window-1000-errors.png", dict(width=1000, height=760, errors=True)),
    ]
    for name, options in shots:
        if not only or name in only:
            shoot(name, **options)


if __name__ == "__main__":
    main()
