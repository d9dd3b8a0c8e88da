internal import CGtk

/// A button that pops up a widget of its own (a calendar, a few options) in a popover.
@MainActor
public final class PopoverButton: Widget {
    private let popover: Widget
    private let content: Widget

    /// A button showing a themed icon that pops up `content`.
    public init(iconName: String, content: Widget) {
        self.content = content
        popover = Widget(widget: gtk_popover_new())
        super.init(widget: gtk_menu_button_new())
        gtk_popover_set_child(pf_popover(popover.raw), content.widgetPointer)
        gtk_menu_button_set_icon_name(pf_menu_button(raw), iconName)
        gtk_menu_button_set_popover(pf_menu_button(raw), popover.widgetPointer)
    }

    /// Opens the popover.
    public func popup() { gtk_menu_button_popup(pf_menu_button(raw)) }

    /// Closes the popover.
    public func popdown() { gtk_menu_button_popdown(pf_menu_button(raw)) }

    /// Calls `handler` each time the popover opens.
    @discardableResult
    public func onOpen(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        popover.connect("show", handler)
    }

    /// Whether the popover is open.
    public var isOpen: Bool { popover.isVisible }
}
