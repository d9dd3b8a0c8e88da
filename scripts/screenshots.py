#!/usr/bin/python3
"""Takes the user guide's screenshots of the PIN window in each state, driving the real binary
through AT-SPI. Run it through `scripts/run-screenshots` (a display, a session bus)."""
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "e2e"))
from pinform_e2e import (click, confirm_recovery_key_saved, find, find_all, launch_app, press_key, read_recovery_key,  # noqa: E402
                         recovery_key_dialog, response_button, states, text_of, wait_until)

OUT = os.environ.get("PINFORM_SCREENSHOTS", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "screenshots"))


def capture(window, name):
    # GTK 4 reports no screen positions; under Xvfb with no window manager the window is at 0,0.
    x, y, width, height = 0, 0, *window.queryComponent().getExtents(1)[2:]
    time.sleep(0.15)  # the frame after the state that was waited for
    path = os.path.join(OUT, name)
    subprocess.run(["import", "-window", "root", "-crop", f"{width}x{height}+{x}+{y}", "+repage", path],
                   check=True)
    print("wrote", os.path.relpath(path))


def press(window, digits):
    for digit in digits:
        click(find(window, role="push button", name=digit))


def main():
    os.makedirs(OUT, exist_ok=True)
    data_home = tempfile.mkdtemp(prefix="pinform-shots-")
    try:
        app = launch_app(data_home=data_home)
        window = app.window("Pinform")
        view = find(window, name="PIN")
        press(window, "24")
        wait_until(lambda: view.description == "2 of 4 digits entered")
        capture(window, "pin-highlighted.png")
        press_key("Tab")  # focus leaves the PIN view: the plain state
        wait_until(lambda: "focused" not in states(view))
        capture(window, "pin-plain.png")
        click(find(window, role="push button", name="Clear"))
        press(window, "1234")
        # The view reports no invalid state (Orca 43 takes it for a dead object): the message tells.
        find(window, role="label", name="Avoid runs like 1234 — choose digits that don’t follow each other")
        capture(window, "pin-invalid.png")
        click(find(window, role="push button", name="Clear"))
        wait_until(lambda: view.description == "0 of 4 digits entered")
        press(window, "2468")
        wait_until(lambda: view.description == "4 of 4 digits entered", timeout=1)
        capture(window, "pin-valid.png")  # the valid styling holds for a moment
        find(window, role="label", name="Confirm PIN")
        press(window, "2468")
        dialog = recovery_key_dialog(app.accessible())
        read_recovery_key(dialog)
        capture(dialog, "recovery-key.png")  # shown once, over the PIN window
        confirm_recovery_key_saved(dialog)
        click(response_button(dialog, "Continue"))
        wait_until(lambda: not find_all(app.accessible(), role="push button", name="5"))
        app.quit()

        app = launch_app(data_home=data_home)
        window = app.window("Pinform")
        capture(window, "pin-window.png")
        for attempt in range(1, 6):
            press(window, "1357")
            expected = f"{5 - attempt} attempt" if attempt < 5 else "Too many wrong PINs"
            wait_until(lambda: any(expected in text_of(label) for label in find_all(window, role="label")))
        key = find(window, role="push button", name="1")
        wait_until(lambda: "sensitive" not in states(key))
        capture(window, "pin-disabled.png")
        app.quit()
    finally:
        shutil.rmtree(data_home, ignore_errors=True)


if __name__ == "__main__":
    main()
