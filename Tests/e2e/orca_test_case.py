"""The base of every test with the real screen reader (Orca 43, see orca_session.py): one Orca
for the whole class, a mark at the start of each test, and what Orca said during the test
written out on request."""
import os
import unittest

from orca_session import OrcaSession, orca_available
from pinform_e2e import AppTestCase, find, listen_at_launch, type_keys


@unittest.skipUnless(orca_available(), "orca and speech-dispatcher are not installed")
class OrcaTestCase(AppTestCase):
    """An AppTestCase with `self.orca`, started once for the class, and `self.start`, the mark
    of the test's start (a test may move it; the transcript still begins at the test's start)."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        # Orca alone listens, as on a user's desktop: what it registers for is what makes
        # Pinform broadcast the PIN's count.
        listen_at_launch(False)
        cls.orca = OrcaSession()
        try:
            cls.orca.__enter__()
        except BaseException:
            listen_at_launch(True)
            raise

    @classmethod
    def tearDownClass(cls):
        cls.orca.__exit__(None, None, None)
        listen_at_launch(True)
        super().tearDownClass()

    def setUp(self):
        super().setUp()
        self.start = self.orca.mark()
        self.test_start = self.start
        self.addCleanup(self.write_transcript)

    def launch_with_a_new_pin(self, pin):
        """A first run with Orca on: `pin` chosen and confirmed on the keyboard once Orca has
        presented the PIN field; returns the app (the recovery key's dialog comes next)."""
        app = self.launch_app()
        self.orca.attach(app, "PIN password text")
        window = app.window("Pinform")
        for heading in ("Choose a PIN", "Confirm PIN"):
            find(window, role="label", name=heading, timeout=10)
            type_keys(pin)
        return app

    def write_transcript(self):
        """With PINFORM_ORCA_TRANSCRIPT=FILE, appends what Orca said during the test to FILE."""
        path = os.environ.get("PINFORM_ORCA_TRANSCRIPT")
        if path:
            with open(path, "a", encoding="utf-8") as handle:
                handle.write(f"## {self._testMethodName}\n")
                handle.writelines(f"SPEECH OUTPUT: '{line}'\n" for line in self.orca.spoken(self.test_start))
