internal import CGtk

/// libadwaita's clamp (`AdwClamp`): keeps its child at most `maximumSize` wide, centred, and
/// lets it shrink with the window.
@MainActor
public final class Clamp: Widget {

    /// A clamp at most `maximumSize` pixels wide around `child`.
    public convenience init(maximumSize: Int32 = 600, child: Widget? = nil) {
        self.init()
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
        get { Widget.wrapper(of: adw_clamp_get_child(clamp)) }
        set {
            adw_clamp_set_child(clamp, newValue?.widgetPointer)
        }
    }
}
