internal import CGtk

/// libadwaita's status page (`AdwStatusPage`): a large icon, a title and a description, for an
/// empty list or a search that found nothing.
@MainActor
public final class StatusPage: Widget {
    /// A page titled `title`, with the themed icon `iconName` above it and `description` under it.
    public convenience init(iconName: String? = nil, title: String, description: String? = nil) {
        self.init()
        self.iconName = iconName
        self.title = title
        self.descriptionText = description
        keepOutOfTabOrderWhileChildless()
    }

    /// libadwaita 1.7 scrolls the page in a focusable scrolled window: with no child to act
    /// on, it is a Tab stop that says nothing (generic role: GTK 4.18 drops any name given it).
    private func keepOutOfTabOrderWhileChildless() {
        let hasChild = adw_status_page_get_child(page) != nil
        canFocus = hasChild
        var part = gtk_widget_get_first_child(widgetPointer)
        while let current = part {
            if pf_is_scrolled_window(current) != 0 { gtk_widget_set_focusable(current, hasChild ? 1 : 0) }
            part = gtk_widget_get_next_sibling(current)
        }
    }

    private var page: OpaquePointer { OpaquePointer(raw) }

    /// What shows under the description (buttons, say); kept alive with the page.
    public var child: Widget? {
        get { Widget.wrapper(of: adw_status_page_get_child(page)) }
        set {
            adw_status_page_set_child(page, newValue?.widgetPointer)
            keepOutOfTabOrderWhileChildless()
        }
    }


    /// The line under the title (nil or empty: none).
    public var descriptionText: String? {
        get { adw_status_page_get_description(page).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } }
        set { adw_status_page_set_description(page, newValue) }
    }
}
