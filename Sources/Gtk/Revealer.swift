internal import CGtk

/// Shows and hides one child with an animation (GtkRevealer).
@MainActor
public final class Revealer: Widget {

    /// An empty revealer that is also hidden (not only collapsed) while it shows nothing: a
    /// collapsed revealer still reports its child as visible to assistive technologies.
    /// Show it with `reveal()` and hide it with `conceal()`.
    public convenience init(hidingWhenCollapsed: Bool) {
        self.init()
        guard hidingWhenCollapsed else { return }
        isVisible = false
        onNotify("child-revealed") { [weak self] in
            guard let self, !revealsChild else { return }
            isVisible = false
        }
    }

    /// Shows the revealer and slides its child in.
    public func reveal() {
        isVisible = true
        revealsChild = true
    }

    /// Slides the child out (a revealer made `hidingWhenCollapsed` hides itself afterwards).
    public func conceal() {
        revealsChild = false
    }

    private var revealer: OpaquePointer { pf_revealer(raw) }

    /// The child shown and hidden.
    public var child: Widget? {
        get { Widget.wrapper(of: gtk_revealer_get_child(revealer)) }
        set {
            gtk_revealer_set_child(revealer, newValue?.widgetPointer)
        }
    }
}
