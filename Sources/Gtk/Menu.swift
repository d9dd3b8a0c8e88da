internal import CGtk

/// A menu model: items that name actions (`app.quit`, `win.lock`), in sections.
@MainActor
public final class Menu: Object {
    private var menu: OpaquePointer { OpaquePointer(raw) }

    /// Adds an item that activates `action` (`"app.about"`).
    public func append(_ label: String, action: String) {
        g_menu_append(menu, label, action)
    }

    /// Adds a section (drawn with separators around it).
    public func appendSection(_ section: Menu, label: String? = nil) {
        g_menu_append_section(menu, label, pf_menu_model(section.raw))
    }

    /// The number of items.
    public var count: Int32 { g_menu_model_get_n_items(pf_menu_model(raw)) }
}
