internal import CGtk

/// libadwaita's breakpoint bin (`AdwBreakpointBin`): one child, and `Breakpoint`s that apply by
/// the bin's own width — a part of a window that adapts on its own, in any window.
///
/// Give it a size request (`setSizeRequest`): it lays its child out at that minimum whatever
/// the child asks, as a window with breakpoints does.
@MainActor
public final class BreakpointBin: Widget {

    /// An empty bin that is at least `minimumWidth` × `minimumHeight` pixels.
    public convenience init(minimumWidth: Int32, minimumHeight: Int32) {
        self.init()
        setSizeRequest(width: minimumWidth, height: minimumHeight)
    }

    private var bin: UnsafeMutablePointer<AdwBreakpointBin> { pf_adw_breakpoint_bin(raw) }

    /// What the bin shows.
    public var child: Widget? {
        get { Widget.wrapper(of: adw_breakpoint_bin_get_child(bin)) }
        set { adw_breakpoint_bin_set_child(bin, newValue?.widgetPointer) }
    }

    /// Adds `breakpoint`; of those that hold, the last added applies.
    public func addBreakpoint(_ breakpoint: Breakpoint) {
        // The bin takes over a reference (transfer full): give it one of its own.
        adw_breakpoint_bin_add_breakpoint(bin, OpaquePointer(g_object_ref(breakpoint.objectPointer)))
    }
}
