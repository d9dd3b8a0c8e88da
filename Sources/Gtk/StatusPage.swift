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
    }

    private var page: OpaquePointer { OpaquePointer(raw) }

    /// What shows under the description (buttons, say); kept alive with the page.
    public var child: Widget? {
        get { Widget.wrapper(of: adw_status_page_get_child(page)) }
        set {
            adw_status_page_set_child(page, newValue?.widgetPointer)
        }
    }


    /// The line under the title (nil or empty: none).
    public var descriptionText: String? {
        get { adw_status_page_get_description(page).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } }
        set { adw_status_page_set_description(page, newValue) }
    }
}
