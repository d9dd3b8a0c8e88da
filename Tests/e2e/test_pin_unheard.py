"""The PIN view with no client of the accessibility bus listening, on the real binary: the count it
announces after every key ("2 of 4 digits entered") is not sent while nobody listens (GTK 4.18
would send an AT-SPI signal at every key for nobody to hear), and is sent again, current, once a
client registers."""
import time

from announcements import Announcements
from pinform_e2e import AppTestCase, click, find, listen_for_descriptions, stop_listening_for_descriptions


class UnheardPinViewTests(AppTestCase):
    def test_the_count_is_not_sent_while_nobody_listens_and_is_current_when_one_comes(self):
        app = self.launch_app()
        window = app.window("Pinform")
        find(window, role="password text", name="PIN")
        # Heard on the bus without registering: the registry, and so the app, know only of the
        # harness's registration.
        heard = Announcements()
        self.addCleanup(heard.stop)
        click(find(window, role="push button", name="7"))
        heard.wait_for("1 of 4 digits entered", polite=True)

        stop_listening_for_descriptions()
        try:
            # The registry tells the application at once; give its main loop a moment to hear it.
            time.sleep(1)
            for digit in "93":
                click(find(window, role="push button", name=digit))
            time.sleep(1)
            self.assertEqual(heard.messages(), ["1 of 4 digits entered"],
                             "an announcement was sent although no client listened")
        finally:
            listen_for_descriptions()
        time.sleep(1)
        click(find(window, role="push button", name="Backspace"))
        heard.wait_for("2 of 4 digits entered", polite=True)
