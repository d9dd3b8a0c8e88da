"""The PIN's items as the user sees them, on the real binary with each of GTK's renderers: the
view draws its pictures as textures for the GL renderer and as cairo nodes for the cairo one
(which would convert a texture's every pixel on each frame), and both must show the same items.
The screen is read with ImageMagick's `import`; the view's place comes from AT-SPI."""
import subprocess
import time
import unittest

import pyatspi

import devices
from pinform_e2e import AppTestCase, click, find, wait_until, window_of

RENDERERS = ("cairo", "gl")


def capture(node):
    """The pixels of `node` on the screen: (width, height, rows of (r, g, b))."""
    x, y, width, height = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    if devices.under_wayland():
        # Xwayland's root holds no pixels (each window has its own): the app's own X window is
        # read, from GTK's shadow on (window coordinates start inside it).
        pointer = devices.X11Pointer()
        try:
            window, shadow = pointer.window_and_shadow(node.getApplication().get_process_id(), window_of(node).name)
        finally:
            pointer.close()
        source, x, y = hex(window), x + shadow[0], y + shadow[2]
    else:
        source = "root"  # a bare X server: windows sit at 0,0
    data = subprocess.run(["import", "-window", source, "-crop", f"{width}x{height}+{x}+{y}", "+repage",
                           "-depth", "8", "ppm:-"], check=True, capture_output=True).stdout
    # Binary PPM: "P6", width, height, 255, each after whitespace, then the RGB bytes.
    fields, offset = [], 0
    while len(fields) < 4:
        while data[offset:offset + 1].isspace():
            offset += 1
        end = offset
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[offset:end])
        offset = end
    offset += 1
    columns, lines = int(fields[1]), int(fields[2])
    pixels = data[offset:offset + columns * lines * 3]
    rows = [[tuple(pixels[(line * columns + column) * 3:(line * columns + column) * 3 + 3]) for column in range(columns)]
            for line in range(lines)]
    return columns, lines, rows


def differing_columns(first, second, tolerance=8):
    """The columns where two captures of one size differ by more than `tolerance` in a channel."""
    columns, lines, a = first
    _, _, b = second
    return sorted({column for line in range(lines) for column in range(columns)
                   if max(abs(p - q) for p, q in zip(a[line][column], b[line][column])) > tolerance})


def drawn_columns(capture_, tolerance=24):
    """The columns holding something other than the background (the top left pixel's colour)."""
    columns, lines, rows = capture_
    background = rows[0][0]
    return sorted({column for line in range(lines) for column in range(columns)
                   if max(abs(p - q) for p, q in zip(rows[line][column], background)) > tolerance})


def settled(node, timeout=10):
    """A capture of `node` once two taken 0.3 s apart are the same (the focus and the first
    frames have landed)."""
    deadline = time.monotonic() + timeout
    previous = capture(node)
    while True:
        time.sleep(0.3)
        current = capture(node)
        if current == previous or time.monotonic() > deadline:
            return current
        previous = current


class PinDrawingTests(AppTestCase):
    # The pixels are read from the X screen (`import`) at AT-SPI's screen coordinates: under
    # mutter the app runs on its Xwayland, since a Wayland window is on no X screen and no
    # client learns where it is.
    on_xwayland = True

    def items_typed(self, renderer, digits):
        """The PIN view's pixels before and after typing `digits` on the keypad, under `renderer`."""
        app = self.launch_app(env={"GSK_RENDERER": renderer})
        window = app.window("Pinform")
        find(window, role="label", name="Choose a PIN")
        view = find(window, role="password text", name="PIN", visible=True)
        # Let the first frames land (the window maps, then draws).
        wait_until(lambda: drawn_columns(capture(view)), message=f"{renderer}: the PIN view drew nothing")
        empty = settled(view)
        for digit in digits:
            click(find(window, role="push button", name=digit, visible=True))
        wait_until(lambda: differing_columns(empty, capture(view)), message=f"{renderer}: typing changed nothing drawn")
        typed = settled(view)
        app.quit()
        return empty, typed

    def test_each_renderer_draws_the_items_and_fills_them_from_the_left(self):
        results = {}
        for renderer in RENDERERS:
            empty, typed = self.items_typed(renderer, "12")
            width = empty[0]
            drawn = drawn_columns(empty)
            # Four items across the view: what is drawn spans most of it.
            self.assertLess(drawn[0], width / 4, f"{renderer}: nothing drawn in the view's first quarter")
            self.assertGreater(drawn[-1], width * 3 / 4, f"{renderer}: nothing drawn in the view's last quarter")
            # Two digits fill the first two items only: the change is in the left half.
            changed = differing_columns(empty, typed)
            self.assertTrue(changed)
            self.assertLess(changed[-1], width / 2, f"{renderer}: typing two digits changed the right half")
            results[renderer] = (empty, typed)
        # The same items, whichever renderer drew them.
        for index, state in enumerate(("empty", "two digits")):
            cairo, gl = results["cairo"][index], results["gl"][index]
            self.assertEqual(cairo[:2], gl[:2], "the view has another size under the other renderer")
            self.assertEqual(differing_columns(cairo, gl, tolerance=12), [],
                             f"{state}: the cairo renderer drew other items than the GL renderer")


if __name__ == "__main__":
    unittest.main()
