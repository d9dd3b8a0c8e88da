"""End-to-end: a stack of paper forms by keyboard alone — Enter moves to the next field, and
Ctrl+Enter saves the record and starts the next one with the focus in the first field."""
from orca_session import press_combination
from pinform_e2e import AppTestCase, find, find_all, focus, press_key, set_text, states, text_of, type_keys, wait_until
from test_records import rows, unlock, wait_for_rows

PEOPLE = [("Ada", "Lovelace", "1990-12-10", "ada@example.com", "1.65"),
          ("Alan", "Turing", "1991-06-23", "alan@example.com", "1.78")]


def focused(root):
    return next((node for node in find_all(root, visible=True) if "focused" in states(node)), None)


def wait_focus(root, name):
    return wait_until(lambda: (lambda node: node if node is not None and node.name == name else None)(focused(root)),
                      10, f"the focus did not reach {name!r} (it is on {getattr(focused(root), 'name', None)!r})")


class EntryKeysTests(AppTestCase):
    def test_ctrl_enter_saves_and_starts_the_next_record_in_its_first_field(self):
        app = self.launch_app()
        root = unlock(app)
        focus(find(root, role="text", name="First name", visible=True))
        for count, (first, last, born, email, height) in enumerate(PEOPLE, start=1):
            wait_focus(root, "First name")
            type_keys(first)
            press_key("Return")
            wait_focus(root, "Last name")
            type_keys(last)
            press_key("Return")
            wait_focus(root, "Birth date")
            type_keys(born)
            press_key("Return")
            # The address through the text interface: XTest types no "@" on Xvfb's keymap.
            set_text(wait_focus(root, "Email"), email)
            press_key("Return")
            wait_focus(root, "Phone")
            press_key("Return")
            wait_focus(root, "Height")
            type_keys(height)
            press_combination("Control", 0xFF0D)  # Ctrl+Enter
            wait_for_rows(root, count)
            # The next record starts empty, in its first field.
            first_name = wait_focus(root, "First name")
            self.assertEqual(text_of(first_name) or "", "")
        self.assertEqual(sorted(row[0] for row in rows(root)), ["Ada", "Alan"])
