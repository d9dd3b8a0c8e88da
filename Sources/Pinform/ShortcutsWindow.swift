import Gtk
import Localization
import PinformCore

/// The keyboard shortcuts window (Ctrl+?), built from GtkBuilder XML because GTK offers
/// its shortcut widgets only that way.
///
/// The one deprecated widget Pinform uses: GtkShortcutsWindow is deprecated since GTK 4.18, and
/// its successor, `AdwShortcutsDialog`, is libadwaita 1.8, which Debian 13 does not have. It
/// moves to that dialog when libadwaita 1.8 is the floor. (Built from XML, it prints no
/// deprecation warning at compile time.)
@MainActor
enum ShortcutsWindow {
    static func make() -> Window? {
        guard let window = Builder(xml: xml).window("shortcuts") else { return nil }
        return window
    }

    // Single-line literals only: xgettext reads this file as C, and a multi-line Swift literal
    // is an unterminated string to it.
    private static func shortcut(_ accelerator: String, _ title: String) -> String {
        "<child><object class=\"GtkShortcutsShortcut\">"
            + "<property name=\"accelerator\">\(accelerator)</property>"
            + "<property name=\"title\">\(escaped(title))</property>"
            + "</object></child>"
    }

    /// The shortcut of an application action, as the application registers it.
    private static func shortcut(_ action: AppAction, _ title: String) -> String {
        shortcut(escaped(action.accelerators.joined(separator: " ")), title)
    }

    /// `text` for XML: a translation may hold & or <.
    private static func escaped(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
    }

    private static func group(_ title: String, _ shortcuts: [String]) -> String {
        "<child><object class=\"GtkShortcutsGroup\">"
            + "<property name=\"title\">\(escaped(title))</property>"
            + shortcuts.joined(separator: "\n")
            + "</object></child>"
    }

    private static var xml: String {
        let groups = [
            group(tr("PIN entry"), [
                shortcut("0...9", tr("Enter a digit")),
                shortcut("BackSpace", tr("Delete the last digit")),
                shortcut("Escape", tr("Clear the PIN")),
                shortcut("&lt;Control&gt;v", tr("Paste digits")),
            ]),
            group(tr("Records"), [
                shortcut("&lt;Control&gt;n", tr("New record")),
                shortcut("&lt;Control&gt;s", tr("Save the record")),
                shortcut("&lt;Control&gt;Return", tr("Save the record and start the next one")),
                shortcut("Return", tr("Go to the next field")),
                shortcut("&lt;Control&gt;f", tr("Search the records")),
                shortcut("Delete", tr("Delete the selected record")),
                shortcut("&lt;Control&gt;z", tr("Undo a deletion, until the next change")),
                shortcut("&lt;Control&gt;e", tr("Export the records as CSV")),
                shortcut(.importRecords, tr("Import records from a CSV file")),
                shortcut(.printRecords, tr("Print, or save as PDF")),
                shortcut("&lt;Control&gt;1...9", tr("Show the first to ninth model")),
            ]),
            group(tr("General"), [
                shortcut(.preferences, tr("Preferences")),
                shortcut(.lock, tr("Lock")),
                shortcut("F10", tr("Open the main menu")),
                shortcut(.shortcuts, tr("Keyboard shortcuts")),
                shortcut(.quit, tr("Quit")),
            ]),
        ]
        // Its title is its accessible name: without one GTK 4.8 names it "GtkShortcutsWindow".
        // One page (max-height 24): split in pages, its tabs are named "_1", "_2" for screen
        // readers and take the focus (Orca then says "_1 page tab", not the title of the window).
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<interface>"
            + "<object class=\"GtkShortcutsWindow\" id=\"shortcuts\">"
            // GTK 4.18 gives the (deprecated) window the generic role, which may not be named:
            // a dialog is named by its title.
            + "<property name=\"accessible-role\">dialog</property>"
            + "<property name=\"modal\">1</property>"
            + "<property name=\"title\">\(escaped(tr("Keyboard Shortcuts")))</property>"
            + "<child><object class=\"GtkShortcutsSection\">"
            + "<property name=\"section-name\">shortcuts</property>"
            + "<property name=\"max-height\">24</property>"
            + groups.joined(separator: "\n")
            + "</object></child></object></interface>"
    }
}
