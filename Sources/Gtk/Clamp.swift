internal import CGtk

/// libadwaita's clamp (`AdwClamp`): keeps its child at most `maximumSize` wide, centred, and
/// lets it shrink with the window.
@MainActor
public final class Clamp: Widget {
    private var content: Widget?

    public init(maximumSize: Int32 = 600, child: Widget? = nil) {
        super.init(widget: adw_clamp_new())
        adw_clamp_set_maximum_size(clamp, maximumSize)
        self.child = child
    }

    private var clamp: OpaquePointer { OpaquePointer(raw) }

    /// The widest the child gets.
    public var maximumSize: Int32 {
        get { adw_clamp_get_maximum_size(clamp) }
        set { adw_clamp_set_maximum_size(clamp, newValue) }
    }

    /// The clamped content.
    public var child: Widget? {
        get { content }
        set {
            adw_clamp_set_child(clamp, newValue?.widgetPointer)
            content = newValue
        }
    }
}
