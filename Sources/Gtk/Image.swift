internal import CGtk

/// A themed icon shown as a picture (`GtkImage`); name it for screen readers, or GTK 4.8 names
/// it "GtkImage".
@MainActor
public final class Image: Widget {
    /// The icon `iconName` of the icon theme, `pixelSize` pixels square.
    public init(iconName: String, pixelSize: Int32) {
        super.init(widget: gtk_image_new_from_icon_name(iconName))
        gtk_image_set_pixel_size(pf_image(raw), pixelSize)
    }
}
