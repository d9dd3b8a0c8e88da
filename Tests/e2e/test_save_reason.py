"""End-to-end: a mouse user who finds Save insensitive is told why. The pointer rests on the
insensitive Save of an empty form and GTK's tooltip names the fields to fill in; once they
are, the tooltip is the button's own again."""
import os
import time

from orca_session import _X11
from pinform_e2e import AppTestCase, description_of, find, focus, pointer_to, screen_point, screenshot, set_text, states, wait_until
from test_records import unlock

FILLED = {"First name": "Ada", "Last name": "Lovelace", "Birth date": "1990-12-10", "Email": "ada@example.com",
          "Height": "1.65"}


def popups():
    """The X windows mapped now, at least 20 px each way: a tooltip is a window of its own."""
    x11 = _X11()
    try:
        return len(x11.top_level_windows(min_size=20))
    finally:
        x11.close()


class SaveReasonTests(AppTestCase):
    on_xwayland = True  # the pointer rests on a button (devices.py)

    def hover(self, node):
        """Rests the pointer on `node` (moving it off first, so that GTK asks for a tooltip anew)."""
        pointer_to(1, 1)
        time.sleep(0.3)
        pointer_to(*screen_point(node))

    def test_an_insensitive_save_says_which_fields_to_fill_in_when_the_pointer_rests_on_it(self):
        app = self.launch_app()
        root = unlock(app)
        save = find(root, role="push button", name="Save", visible=True)
        self.assertNotIn("sensitive", states(save))
        # GTK makes a tooltip the button's accessible description, and shows it in a window of
        # its own while the pointer rests there.
        said = wait_until(lambda: "To save" in description_of(save) and description_of(save), 10,
                          f"Save does not say why it is insensitive: {description_of(save)!r}")
        self.assertIn("First name", said)
        self.assertIn("Email", said)
        before = popups()
        self.hover(save)
        wait_until(lambda: popups() > before, 10, "no tooltip showed over the insensitive Save")
        if os.environ.get("PINFORM_FORM_SCREENSHOTS"):
            screenshot(os.path.join(os.environ["PINFORM_FORM_SCREENSHOTS"], "save-reason.png"))

        for name, value in FILLED.items():
            field = find(root, role="text", name=name, visible=True)
            focus(field)
            set_text(field, value)
        wait_until(lambda: "sensitive" in states(save), message="Save stayed insensitive")
        wait_until(lambda: "Ctrl+S" in description_of(save), 10,
                   f"a sensitive Save has its own tooltip; it says {description_of(save)!r}")
