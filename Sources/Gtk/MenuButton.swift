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

    /// Opens the menu.
    public func popup() { gtk_menu_button_popup(pf_menu_button(raw)) }
}
