"""The PIN view with no client of the accessibility bus listening, on the real binary: its changing
description ("2 of 4 digits entered") is kept, not broadcast (GTK 4.8 would send an AT-SPI signal at
every key for nobody to hear), and a client that registers afterwards reads the current one."""
import time

from pinform_e2e import (AppTestCase, click, find, listen_for_descriptions, stop_listening_for_descriptions,
                         wait_until)


class UnheardPinViewTests(AppTestCase):
    def test_the_count_waits_for_a_listener_and_is_current_when_one_comes(self):
        app = self.launch_app()
        window = app.window("Pinform")
        view = find(window, role="password text", name="PIN")
        click(find(window, role="push button", name="7"))
        wait_until(lambda: view.description == "1 of 4 digits entered", message=view.description)

        stop_listening_for_descriptions()
        try:
            # The registry tells the application at once; give its main loop a moment to hear it.
            time.sleep(1)
            for digit in "93":
                click(find(window, role="push button", name=digit))
            time.sleep(1)
            self.assertEqual(view.description, "1 of 4 digits entered",
                             "the description was broadcast although no client listened")
        finally:
            listen_for_descriptions()
        wait_until(lambda: view.description == "3 of 4 digits entered",
                   message=f"a client that came later reads {view.description!r}")
