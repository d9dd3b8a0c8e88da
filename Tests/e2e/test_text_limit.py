"""End-to-end: a 1 MiB paste into a one-line field of the running app is refused whole (the field
keeps what it had), not cut to 65,535 characters; text up to the stated limit goes in whole."""
from pinform_e2e import AppTestCase, find, text_of, wait_until
from test_records import unlock

LIMIT = 10_000  # TextLimit.lineCharacters


class TextLimitTests(AppTestCase):
    def test_a_mebibyte_pasted_into_a_name_is_refused_whole_and_nothing_is_cut(self):
        app = self.launch_app()
        root = unlock(app)
        field = find(root, role="text", name="First name", visible=True)
        editable = field.queryEditableText()
        editable.insertText(0, "Ada", 3)
        wait_until(lambda: text_of(field) == "Ada", message="the name was not typed")
        editable.insertText(3, "x" * (1 << 20), 1 << 20)
        # The app answers AT-SPI after handling the insertion: the text is as it was.
        wait_until(lambda: field.queryText().characterCount == 3, message="the paste went in")
        self.assertEqual(text_of(field), "Ada")
        editable.insertText(3, "y" * (LIMIT - 3), LIMIT - 3)
        wait_until(lambda: field.queryText().characterCount == LIMIT, message="text up to the limit was refused")
