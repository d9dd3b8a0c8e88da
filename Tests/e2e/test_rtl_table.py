"""End-to-end test of a right-to-left table's start: the records list of the real binary, run
in Hebrew (LANG=he_IL.UTF-8, LANGUAGE=he, so GTK takes its direction from its own catalog as it
does for a Hebrew user), opens on its first column — at the right — and fits its pane: the
columns the pane has no room for are hidden, the last ones, not scrolled to sideways.

The first column's header must lie inside the table's scrolled area, at its right edge, and the
first cell of the first row with it; the column titles span no more than the view, and the last
column ("Height") is the one not shown. (Before the columns were fitted, the seven columns
scrolled sideways and the table opened on its last columns until
ScrolledWindow.keepsLeadingEdgeInView(); a first column wider than its pane still scrolls, and
starts at the right the same way.)
"""
import os
import shutil
import subprocess
import tempfile
import time

import pyatspi
from pinform_e2e import SHIPPED_SCHEMAS, AppTestCase, click, find, find_all, role_name, wait_until
from test_records import PEOPLE, save_person, unlock, wait_for_rows

HEBREW = {"LANG": "he_IL.UTF-8", "LC_ALL": "he_IL.UTF-8", "LANGUAGE": "he"}
# "First name" and "Records" in po/he.po.
FIRST_NAME = "שם פרטי"
# "Height" (context "person") in po/he.po.
HEIGHT = "גובה"
RECORDS = "רשומות"


def sized_schemas(folder, width):
    """The shipped schemas with a 4-digit PIN and a window `width` pixels wide."""
    for name in os.listdir(SHIPPED_SCHEMAS):
        if name.endswith(".gschema.xml"):
            shutil.copy(os.path.join(SHIPPED_SCHEMAS, name), folder)
    with open(os.path.join(folder, "rtl.gschema.override"), "w") as handle:
        handle.write(f"[io.github.pinform.Pinform]\npin-length='four'\nwindow-width={width}\nwindow-height=640\n")
    subprocess.run(["glib-compile-schemas", "--strict", folder], check=True)
    return folder


def extents(node):
    x, y, width, height = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    return x, y, width, height


def scroll_pane(node):
    pane = node.parent
    while pane is not None and role_name(pane) != "scroll pane":
        pane = pane.parent
    return pane


class RightToLeftTableTests(AppTestCase):
    def setUp(self):
        self.data_home = tempfile.mkdtemp(prefix="pinform-e2e-rtl-data-")
        self.config_home = tempfile.mkdtemp(prefix="pinform-e2e-rtl-config-")
        self.addCleanup(shutil.rmtree, self.data_home, True)
        self.addCleanup(shutil.rmtree, self.config_home, True)

    def test_a_hebrew_table_opens_on_its_first_column(self):
        if not SHIPPED_SCHEMAS:
            self.skipTest("needs the compiled schemas (GSETTINGS_SCHEMA_DIR), as scripts/test sets")
        # Two people saved in English, at the default width.
        app = self.launch_app(data_home=self.data_home, config_home=self.config_home)
        root = unlock(app)
        for count, person in enumerate(PEOPLE[:2], start=1):
            save_person(root, person)
            wait_for_rows(root, count)
        app.quit()

        # The same records in Hebrew, 1000 pixels wide as the app opens by default: the list
        # beside the form, its seven columns wider than its half of the window.
        schemas = sized_schemas(tempfile.mkdtemp(prefix="pinform-e2e-rtl-schemas-"), 1000)
        self.addCleanup(shutil.rmtree, schemas, True)
        app = self.launch_app(data_home=self.data_home, config_home=self.config_home,
                              env={**HEBREW, "GSETTINGS_SCHEMA_DIR": schemas})
        root = app.accessible()
        wait_until(lambda: find_all(root, role="push button", name="2", visible=True), 20)
        for digit in "5978":
            click(find(root, role="push button", name=digit, visible=True))
        table = find(root, name=RECORDS, visible=True, timeout=20)
        header = find(table, name=FIRST_NAME, timeout=10)
        first_cell = find(table, role="label", name="Ada", timeout=10)
        pane = scroll_pane(header)
        self.assertIsNotNone(pane, "the table is in no scroll pane")
        # Let the window settle: the test is about where the table rests, not a first frame.
        time.sleep(1.0)

        px, _, pwidth, _ = extents(pane)
        hx, _, hwidth, _ = extents(header)
        # The header row's titles, one a column, from the first column's left edge to the last's
        # right: no wider than the view (the columns that do not fit are hidden), and the last
        # column, Height, is one of those.
        row = header
        while role_name(row) != "table row" and row.parent is not None:
            row = row.parent
        shown = list(row)
        titles = [extents(title) for title in shown if extents(title)[2] > 0]
        span = max(x + width for x, _, width, _ in titles) - min(x for x, _, _, _ in titles)
        self.assertLessEqual(span, pwidth + 1, f"the column titles ({span} px) are wider than the table ({pwidth} px)")
        self.assertLess(len(titles), 7, "all seven columns show in half of a 1000-pixel window")
        self.assertFalse([title for title in shown if title.name == HEIGHT and extents(title)[2] > 0],
                         "Height shows while earlier columns are hidden")
        self.assertGreaterEqual(hx, px - 1, f"the first column's header starts left of the view: "
                                            f"header {hx}..{hx + hwidth}, view {px}..{px + pwidth}")
        self.assertLessEqual(hx + hwidth, px + pwidth + 1,
                             f"the first column's header is cut at the right: "
                             f"header {hx}..{hx + hwidth}, view {px}..{px + pwidth}")
        # It is the rightmost column: the table's start is its right edge.
        self.assertGreater(hx + hwidth, px + pwidth - 40, f"the first column is not at the right edge: "
                                                          f"header {hx}..{hx + hwidth}, view {px}..{px + pwidth}")
        cx, _, cwidth, _ = extents(first_cell)
        self.assertTrue(px - 1 <= cx and cx + cwidth <= px + pwidth + 1,
                        f"the first row's first cell is not in view: cell {cx}..{cx + cwidth}, view {px}..{px + pwidth}")
