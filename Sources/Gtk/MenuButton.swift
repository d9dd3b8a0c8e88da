internal import CGtk

/// A button that pops up a menu.
@MainActor
public final class MenuButton: Widget {
    private var model: Menu?

    /// A menu button showing a themed icon (`open-menu-symbolic` for the primary menu).
    public init(iconName: String, menu: Menu) {
        super.init(widget: gtk_menu_button_new())
        gtk_menu_button_set_icon_name(pf_menu_button(raw), iconName)
        gtk_menu_button_set_menu_model(pf_menu_button(raw), pf_menu_model(menu.raw))
        model = menu
    }

    /// Whether the button is the window's primary menu (F10 opens it).
    public var isPrimary: Bool {
        get { gtk_menu_button_get_primary(pf_menu_button(raw)) != 0 }
        set { gtk_menu_button_set_primary(pf_menu_button(raw), newValue ? 1 : 0) }
    }

    /// Opens the menu.
    public func popup() { gtk_menu_button_popup(pf_menu_button(raw)) }
}
