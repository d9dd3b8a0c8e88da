import CGtk
import Gtk

/// The keyboard shortcuts window (Ctrl+?), built from GtkBuilder XML because GTK offers
/// its shortcut widgets only that way.
@MainActor
enum ShortcutsWindow {
    static func make() -> Window? {
        guard let window = Builder(xml: xml).window("shortcuts") else { return nil }
        nameIconButtons(in: window.widgetPointer)
        return window
    }

    /// GtkShortcutsWindow's own icon buttons (search) are labelled by their image, which GTK 4.8
    /// names "GtkImage" for screen readers: they are named by what they do instead.
    private static func nameIconButtons(in widget: UnsafeMutablePointer<GtkWidget>) {
        if pf_is_button(widget) != 0, let child = gtk_button_get_child(pf_button(widget)), pf_is_image(child) != 0 {
            let icon = gtk_image_get_icon_name(pf_image(child)).map { String(cString: $0) } ?? ""
            let button = Widget(widget: widget)
            button.resetAccessibleLabelledBy()
            button.setAccessibleLabel(icon.hasPrefix("edit-find") ? "Search Shortcuts" : "Button")
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            nameIconButtons(in: current)
            child = gtk_widget_get_next_sibling(current)
        }
    }

    private static func shortcut(_ accelerator: String, _ title: String) -> String {
        """
        <child><object class="GtkShortcutsShortcut">
          <property name="accelerator">\(accelerator)</property>
          <property name="title">\(title)</property>
        </object></child>
        """
    }

    private static func group(_ title: String, _ shortcuts: [String]) -> String {
        """
        <child><object class="GtkShortcutsGroup">
          <property name="title">\(title)</property>
          \(shortcuts.joined(separator: "\n"))
        </object></child>
        """
    }

    private static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <interface>
          <object class="GtkShortcutsWindow" id="shortcuts">
            <property name="modal">1</property>
            <!-- Its accessible name: without a title GTK 4.8 names it "GtkShortcutsWindow". -->
            <property name="title">Keyboard Shortcuts</property>
            <child><object class="GtkShortcutsSection">
              <property name="section-name">shortcuts</property>
              <property name="max-height">12</property>
              \(group("PIN entry", [
                  shortcut("0...9", "Enter a digit"),
                  shortcut("BackSpace", "Delete the last digit"),
                  shortcut("Escape", "Clear the PIN"),
                  shortcut("&lt;Control&gt;v", "Paste digits"),
              ]))
              \(group("Records", [
                  shortcut("&lt;Control&gt;s", "Save the record"),
                  shortcut("&lt;Control&gt;f", "Search the records"),
                  shortcut("Delete", "Delete the selected record"),
                  shortcut("&lt;Control&gt;z", "Undo a deletion"),
                  shortcut("&lt;Control&gt;e", "Export the records as CSV"),
              ]))
              \(group("General", [
                  shortcut("&lt;Control&gt;l", "Lock"),
                  shortcut("F10", "Open the main menu"),
                  shortcut("&lt;Control&gt;question", "Keyboard shortcuts"),
                  shortcut("&lt;Control&gt;q", "Quit"),
              ]))
            </object></child>
          </object>
        </interface>
        """
}
