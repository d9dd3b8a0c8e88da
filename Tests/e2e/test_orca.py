"""Pinform with the real screen reader: Orca 43 with its default settings (key echo on), its
speech going through a private speech-dispatcher, and the SPEECH OUTPUT lines of its debug log
as the record of what was said (see orca_session.py).

Skipped when orca or speech-dispatcher is not installed (scripts/lib.sh's TEST_PACKAGES has them).
One Orca runs for the whole class; each test starts its own Pinform.
"""
import datetime
import re
import shutil
import subprocess
import tempfile
import unittest

from orca_test_case import OrcaTestCase
from orca_session import num_lock, press_combination, press_keypad_digit
import pyatspi
from gi.repository import GLib

from pinform_e2e import (_children, click, dismiss_recovery_key, find, find_all, focus, press_key, role_name, set_text,
                         states, type_keys, wait_until)
from test_clipboard import clipboard_text, x11_client
from test_forms import VALID_PERSON, entry, fill_person, open_form_window, save_button

GOOD_PIN = "5978"
WRONG_PIN = "1357"
# Owns the X clipboard with the text given as argv[1] until killed (GTK 4 through PyGObject).
CLIPBOARD_OWNER = """
import sys, gi
gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
from gi.repository import Gdk, GLib, Gtk

Gtk.init()
Gdk.Display.get_default().get_clipboard().set(sys.argv[1])
print("ready", flush=True)
GLib.MainLoop().run()
"""

# An utterance that is, or echoes, a digit: "5", "5 ", "five".
DIGIT_ECHO = re.compile(r"^\s*([0-9]|zero|one|two|three|four|five|six|seven|eight|nine)\s*$", re.IGNORECASE)


class OrcaTests(OrcaTestCase):
    def open(self, data_home=None):
        """Starts Pinform and waits until Orca has presented its PIN window."""
        app = self.launch_app(data_home=data_home)
        self.orca.attach(app, "PIN password text")
        return app, app.window("Pinform")

    def say(self, text, since=None):
        return self.orca.wait_for_speech(text, since=self.start if since is None else since)

    def assert_no_digit_spoken(self, since=None):
        said = self.orca.spoken(self.start if since is None else since)
        echoed = [line for line in said if DIGIT_ECHO.match(line)]
        self.assertEqual(echoed, [], f"Orca spoke digits; it said: {said}")
        # Orca's debug log records a key's text unless the focus is a password field.
        log = self.orca.log()[self.start if since is None else since:]
        self.assertIsNone(re.search(r"event_string=\([0-9]\)", log), "a digit key is in Orca's log")

    def type_pin(self, digits, since):
        type_keys(digits)
        self.say(f"{len(digits)} of {len(digits)} digits entered", since)

    def set_up_pin(self):
        """A data folder where GOOD_PIN was chosen (through the keypad, without Orca's attention)."""
        data_home = tempfile.mkdtemp(prefix="pinform-e2e-data-")
        self.addCleanup(shutil.rmtree, data_home, True)
        app = self.launch_app(data_home=data_home)
        window = app.window("Pinform")
        for heading in ("Choose a PIN", "Confirm PIN"):
            find(window, role="label", name=heading, timeout=10)
            for digit in GOOD_PIN:
                click(find(window, role="push button", name=digit))
        dismiss_recovery_key(app.accessible())
        wait_until(lambda: not find_all(app.accessible(), role="push button", name="5"), 20,
                   "the PIN did not unlock")
        app.quit()
        return data_home

    # --- the PIN window ----------------------------------------------------------------------

    def own_clipboard(self, text):
        owner = subprocess.Popen(["/usr/bin/python3", "-c", CLIPBOARD_OWNER, text], stdout=subprocess.PIPE,
                                 env=x11_client())
        self.addCleanup(owner.wait)
        self.addCleanup(owner.kill)
        self.assertEqual(owner.stdout.readline().strip(), b"ready")
        # Another program reads it back before the paste, as test_clipboard does: under mutter
        # the clipboard reaches the app through mutter's bridge from Xwayland, not at once.
        wait_until(lambda: clipboard_text() == text, message="the clipboard does not hold the PIN")

    def test_choosing_and_confirming_speaks_each_step_and_never_a_digit(self):
        self.open()
        self.say("Choose a PIN. Use 4 digits that are hard to guess.")
        mark = self.orca.mark()
        self.type_pin("1234", mark)
        self.say("Avoid runs like 1234 — choose digits that don’t follow each other", mark)
        mark = self.orca.mark()
        self.type_pin(GOOD_PIN, mark)
        self.say("Confirm PIN. Enter the same 4 digits again.", mark)
        mark = self.orca.mark()
        self.own_clipboard(GOOD_PIN)
        press_combination("Control", "v")
        self.say("PIN saved", mark)
        self.assert_no_digit_spoken()

    def test_a_mismatched_confirmation_is_spoken_and_asked_again(self):
        self.open()
        mark = self.orca.mark()
        self.type_pin(GOOD_PIN, mark)
        self.say("Confirm PIN", mark)
        mark = self.orca.mark()
        self.type_pin(WRONG_PIN, mark)
        self.say("The PINs don’t match — enter the new PIN again to confirm", mark)
        mark = self.orca.mark()
        self.type_pin(GOOD_PIN, mark)
        self.say("PIN saved", mark)
        self.assert_no_digit_spoken()

    def test_unlocking_speaks_the_wrong_pin_with_attempts_left_then_unlocked(self):
        data_home = self.set_up_pin()
        self.start = self.orca.mark()
        self.open(data_home)
        self.say("Enter PIN. Enter your 4-digit PIN to unlock.")
        mark = self.orca.mark()
        self.type_pin(WRONG_PIN, mark)
        self.say("Wrong PIN — 4 attempts left", mark)
        mark = self.orca.mark()
        type_keys(GOOD_PIN)
        self.say("Unlocked", mark)
        self.assert_no_digit_spoken()

    def assert_focus_on_the_pin_field(self, window):
        view = find(window, role="password text", name="PIN")
        self.assertIn("focused", states(view))
        return view

    def test_arrowing_to_a_keypad_key_and_pressing_space_speaks_the_key_then_the_count_and_no_digit(self):
        _, window = self.open()
        mark = self.orca.mark()
        press_key("Down")
        self.say("1 key", mark)
        mark = self.orca.mark()
        press_key("Right")
        self.say("2 key", mark)
        two = find(window, role="push button", name="2")
        wait_until(lambda: "selected" in states(two), message=f"the ringed key is not selected: {states(two)}")
        self.assertNotIn("selected", states(find(window, role="push button", name="1")))
        mark = self.orca.mark()
        press_key("space")
        self.say("1 of 4 digits entered", mark)
        mark = self.orca.mark()
        press_key("Return")
        self.say("2 of 4 digits entered", mark)
        # The keys never take the focus: it stays on the PIN field, whose count went up.
        view = self.assert_focus_on_the_pin_field(window)
        # The count is announced, not made the field's description.
        self.assertNotIn("digits entered", view.description)
        self.assertNotIn("focusable", states(two))
        # On Backspace: each press speaks the count, also when it does not change.
        mark = self.orca.mark()
        for key in ("Down", "Down", "Down", "Right"):
            press_key(key)
        self.say("Backspace key", mark)
        for count in (1, 0, 0):
            mark = self.orca.mark()
            press_key("space")
            self.say(f"{count} of 4 digits entered", mark)
        self.assert_no_digit_spoken()

    def test_digits_typed_while_the_ring_is_on_a_key_join_the_pin_unspoken(self):
        _, window = self.open()
        mark = self.orca.mark()
        press_key("Down")
        self.say("1 key", mark)
        mark = self.orca.mark()
        self.type_pin(GOOD_PIN, mark)
        self.say("Confirm PIN. Enter the same 4 digits again.", mark)
        # The ring is still where it was.
        self.assertIn("selected", states(find(window, role="push button", name="1")))
        self.assert_focus_on_the_pin_field(window)
        mark = self.orca.mark()
        press_key("BackSpace")
        press_key("space")
        self.say("1 of 4 digits entered", mark)
        self.assert_no_digit_spoken()

    def test_a_digit_typed_with_the_focus_on_another_control_is_spoken_so_not_entered(self):
        # Tab moves the focus off the PIN field to one of the window's other controls (the
        # length choice, the menu button). Orca hears a key before the app moves the focus and
        # echoes it there ("5"): that digit must not go into the PIN. It moves the focus to the
        # PIN field, Orca says why, and the PIN typed then is not echoed.
        _, window = self.open()
        view = find(window, role="password text", name="PIN")
        for _ in range(6):
            press_key("Tab")
            wait_until(lambda: "focused" not in states(view), 2, "Tab left the focus on the PIN field")
            focused = [node for node in find_all(window, visible=True) if "focused" in states(node)]
            if focused and role_name(focused[0]) in ("toggle button", "push button"):
                break
        self.orca.wait_until_quiet(self.orca.mark())
        mark = self.orca.mark()
        type_keys("5")
        self.say("That digit was read aloud, so it was not entered. Type the PIN here.", mark)
        wait_until(lambda: "focused" in states(view), message="the digit did not move the focus to the PIN")
        self.orca.wait_until_quiet(mark)
        self.assertNotIn("1 of 4 digits entered", " ".join(self.orca.spoken(mark)), "the spoken digit was entered")
        mark = self.orca.mark()
        self.type_pin(GOOD_PIN, mark)
        self.say("Confirm PIN. Enter the same 4 digits again.", mark)
        self.assert_no_digit_spoken(mark)

    def test_digits_typed_on_the_number_pad_are_never_spoken(self):
        # Under Orca 43 on X11 the number pad's keys do not reach the app at all (Orca's
        # desktop-layout keypad commands are grabbed with Num Lock on too; test_pin.py checks
        # that they fill the PIN without Orca). What matters here: Orca gets the keys, as
        # password text it hides them, and it speaks no digit.
        self.open()
        num_lock(True)
        self.addCleanup(num_lock, False)
        mark = self.orca.mark()
        for digit in GOOD_PIN:
            press_keypad_digit(digit)
        wait_until(lambda: self.orca.log()[mark:].count("type=ATSPI_KEY_RELEASED_EVENT") >= len(GOOD_PIN),
                   message="Orca did not get the number pad's keys")
        self.orca.wait_until_quiet(mark)
        self.assertEqual(re.findall(r"event_string=\((.*?)\)", self.orca.log()[mark:]), ["*"] * 2 * len(GOOD_PIN),
                         "Orca's log shows a number pad key")
        self.assert_no_digit_spoken(mark)

    def test_the_pin_field_is_password_text_that_never_holds_a_digit(self):
        _, window = self.open()
        view = find(window, role="password text", name="PIN")
        events = []

        def heard(event):
            events.append(f"{event.type} {event.source_name!r} {event.any_data!r}")

        listened = ["object:text-changed", "object:text-caret-moved", "object:property-change",
                    "object:text-selection-changed", "object:state-changed"]
        pyatspi.Registry.registerEventListener(heard, *listened)
        self.addCleanup(pyatspi.Registry.deregisterEventListener, heard, *listened)
        # Digits no count or length in this window contains (4 digits, 0 to 4 entered).
        type_keys("5978")
        context = GLib.MainContext.default()

        def heard_confirm():
            while context.iteration(False):
                pass
            return any("Confirm PIN" in event for event in events)

        wait_until(heard_confirm, message=f"no 'Confirm PIN' among the events: {events}")
        text = view.queryText()
        self.assertEqual(text.characterCount, 0)
        self.assertEqual(text.getText(0, -1), "")
        self.assertEqual(view.queryEditableText().getText(0, -1), "")
        self.assertEqual(view.name, "PIN")
        self.assertTrue(events, "no AT-SPI events were heard")
        for event in events:
            self.assertIsNone(re.search("[5-9]", event), event)

    def test_the_lockout_is_spoken_with_its_time_and_its_end(self):
        data_home = self.set_up_pin()
        self.start = self.orca.mark()
        self.open(data_home)
        # Five different wrong PINs: the same one typed again counts once.
        for left, pin in zip((4, 3, 2, 1), ("4093", "4096", "4097", "8017")):
            mark = self.orca.mark()
            type_keys(pin)
            self.say(f"Wrong PIN — {left} attempt", mark)
        mark = self.orca.mark()
        type_keys("8016")
        self.say("Too many wrong PINs. Try again in 0:", mark)
        mark = self.orca.mark()
        self.orca.wait_for_speech("Enter PIN. Enter your 4-digit PIN to unlock.", since=mark, timeout=40)
        said = self.orca.spoken(mark)
        self.assertFalse([line for line in said if "Try again in" in line], f"the countdown was read out: {said}")
        self.assert_no_digit_spoken()

    def test_changing_the_pin_speaks_each_step_of_the_dialog(self):
        app, _ = self.open()
        root = open_form_window(app)
        menu = next(button for button in find_all(root, role="push button", name="Main Menu")
                    if button.queryAction().nActions > 0)
        click(menu)
        click(wait_until(lambda: next(iter(find_all(root, name="Change PIN…")), None), message="no Change PIN…"))
        dialog = wait_until(lambda: next((child for child in find_all(root)
                                          if child.name == "Change PIN" and child.parent == root), None),
                            message="no Change PIN dialog")
        # With no window manager the X focus stays on the form window: give it to the dialog.
        self.orca.attach(app, "Enter Current PIN. Enter your PIN before choosing a new one.")
        mark = self.orca.mark()
        for digit in GOOD_PIN:
            click(find(dialog, role="push button", name=digit))
        self.say("Choose a PIN. Use 4 digits that are hard to guess.", mark)
        for heading in ("Confirm PIN", None):
            mark = self.orca.mark()
            # The new PIN (1357, WRONG_PIN, is a keypad diagonal: refused as a new PIN now).
            for digit in "4093":
                click(find(dialog, role="push button", name=digit))
            if heading:
                self.say(heading, mark)
        wait_until(lambda: not find_all(root, name="Change PIN"), message="the dialog stayed")
        # "PIN changed" is then the description of the form window's focused widget (see
        # test_session.py). Orca speaks it when it follows the focus back into the form window
        # ("PIN changed Main Menu." when this test runs alone); with no window manager, after
        # the other tests of this class, it presents only "Pinform frame." — not asserted here.
        self.assert_no_digit_spoken()

    # --- the form ----------------------------------------------------------------------------

    def test_form_errors_are_spoken_where_the_focus_goes_and_when_the_field_comes_back(self):
        app, _ = self.open()
        root = open_form_window(app)
        fill_person(root, {"First name": "Ada", "Last name": "Lovelace"})
        height = entry(root, "Height")
        focus(height)
        set_text(height, "abc")
        mark = self.orca.mark()
        focus(entry(root, "Phone"))
        self.say("Height: Enter a number", mark)
        # Orca read Height's description (none) when it first got the focus, and reads that one
        # again if the field comes back within 2 s.
        self.orca.let_descriptions_expire()
        mark = self.orca.mark()
        focus(height)
        said = self.say("Height text", mark)
        self.orca.wait_for_speech("Enter a number", since=mark)
        self.assertNotIn("is zombie", self.orca.log()[mark:], f"Orca lost the focus; it said {said}")
        email = entry(root, "Email")
        focus(email)
        set_text(email, "ada@")
        mark = self.orca.mark()
        press_combination("Control", "s")
        self.say("2 fields need attention. Email: Enter a valid email address", mark)
        wait_until(lambda: "focused" in states(email), message="Email did not get the focus")

    def test_the_shortcuts_window_is_named_by_its_title(self):
        app, _ = self.open()
        open_form_window(app)
        mark = self.orca.mark()
        press_combination(["Control", "Shift"], "slash")
        window = wait_until(lambda: next((child for child in _children(app.accessible())
                                          if child.name == "Keyboard Shortcuts"), None),
                            message="Ctrl+? opened no window named Keyboard Shortcuts")
        self.assertIn(role_name(window), ("frame", "window", "dialog"))
        # With no window manager the X focus stays on the form window: give it to the new one,
        # as a window manager would.
        self.orca.attach(app, "Keyboard Shortcuts")
        said = self.orca.spoken(mark)
        self.assertNotIn("Gtk", " ".join(said))

    def test_a_record_row_reads_its_content(self):
        app, _ = self.open()
        root = open_form_window(app)
        born = f"{datetime.date.today().year - 36}-01-01"
        fill_person(root, dict(VALID_PERSON, **{"First name": "Ada", "Last name": "Lovelace", "Birth date": born}))
        click(save_button(root))
        # The row is named by its cells' texts in column order, the empty Phone left out.
        row = find(root, role="table row", name=f"Ada, Lovelace, {born}, 36, john@example.com, 1.80")
        mark = self.orca.mark()
        focus(row)
        self.say(f"Ada, Lovelace, {born}, 36, john@example.com, 1.80", mark)
        self.assertNotIn("Gtk", " ".join(self.orca.spoken(mark)))


if __name__ == "__main__":
    unittest.main()
