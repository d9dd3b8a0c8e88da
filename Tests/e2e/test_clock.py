"""Issue 25, time cannot be bought: a lockout is not ended by a clock run forward.

The app is started again with libfaketime preloaded (Debian's `faketime`): its clock two hours
ahead and running 50 times as fast, so that a lockout counted on the wall clock alone would be
over before the window shows. The lockout is bound to the kernel's boot clock, read from /proc,
which libfaketime does not fake: the pad stays locked for the real 30 s, and then unlocks.
"""
import glob
import json
import os
import shutil
import tempfile
import time
import unittest

from pinform_e2e import AppTestCase, click, dismiss_recovery_key, find, find_all, states, text_of, wait_until

GOOD_PIN = "5978"
WRONG_PINS = ["4093", "4096", "4097", "8016", "8017"]


def libfaketime():
    found = sorted(glob.glob("/usr/lib/*/faketime/libfaketime.so.1"))
    if not found:
        raise unittest.SkipTest("libfaketime is not installed (Debian package faketime)")
    return found[0]


def uptime():
    with open("/proc/uptime") as file:
        return float(file.read().split()[0])


class ClockTests(AppTestCase):
    def press(self, window, digits):
        for digit in digits:
            click(find(window, role="push button", name=digit))

    def wait_for_message(self, window, text):
        return wait_until(lambda: any(text in text_of(label) for label in find_all(window, role="label")),
                          message=f"no label saying {text!r}")

    def set_up_pin(self):
        data_home = tempfile.mkdtemp(prefix="pinform-e2e-data-")
        self.addCleanup(shutil.rmtree, data_home, True)
        app = self.launch_app(data_home=data_home)
        window = app.window("Pinform")
        self.press(window, GOOD_PIN)
        find(window, role="label", name="Confirm PIN")
        self.press(window, GOOD_PIN)
        dismiss_recovery_key(app.accessible())
        wait_until(lambda: not find_all(app.accessible(), role="push button", name="5"),
                   message="the PIN did not unlock")
        app.quit()
        return data_home

    def test_a_clock_run_forward_does_not_end_a_lockout(self):
        data_home = self.set_up_pin()
        app = self.launch_app(data_home=data_home)
        window = app.window("Pinform")
        wrong = WRONG_PINS
        for attempt in range(1, 5):
            self.press(window, wrong[attempt - 1])
            self.wait_for_message(window, f"Wrong PIN — {5 - attempt} attempt")
        self.press(window, wrong[4])
        self.wait_for_message(window, "Too many wrong PINs. Try again in 0:")
        app.quit()
        # When the lockout ends on the kernel's boot clock, as the attempts file binds it.
        with open(os.path.join(app.config_home, "pinform", "attempts.json")) as file:
            record = json.load(file)
        remaining = record["lockedUntilBoot"] - uptime()
        self.assertTrue(0 < remaining <= 30, f"{remaining} s of the lockout left")
        locked_until = time.monotonic() + remaining

        fast = {"LD_PRELOAD": libfaketime(), "FAKETIME": "+2h x50", "FAKETIME_NO_CACHE": "1"}
        app = self.launch_app(data_home=data_home, env=fast)
        window = app.window("Pinform")
        key = find(window, role="push button", name="1")
        self.wait_for_message(window, "Too many wrong PINs")
        # Two real seconds are 100 s on the faked clock: three times the 30 s lockout.
        time.sleep(2)
        self.assertNotIn("sensitive", states(key), "the faked clock ended the lockout")
        self.wait_for_message(window, "Too many wrong PINs")
        # The lockout ends after its real 30 s (and the window says so by itself).
        wait_until(lambda: "sensitive" in states(key), timeout=remaining + 10,
                   message="the lockout did not end after its real 30 s")
        self.assertGreaterEqual(time.monotonic(), locked_until - 0.5, "the lockout ended before its real 30 s")


if __name__ == "__main__":
    unittest.main()
