internal import CGtk

// Counters written from C callbacks on the main thread only.
nonisolated(unsafe) private var probeMeasures = 0
nonisolated(unsafe) private var probeAllocations = 0
nonisolated(unsafe) private var probePaints = 0

/// Proves that a keystroke does not lay the window out again.
///
/// The window's content goes into a box whose layout manager is a `GtkCustomLayout` that gives
/// its one child all the room and counts each call. GTK measures and allocates a widget again
/// only when it or something inside it queued a resize (`gtk_widget_queue_resize` marks every
/// ancestor), or when the window's size changes; otherwise `gtk_widget_allocate` returns early.
/// So if the counts do not move while keys are pressed, nothing in the window was laid out again.
///
/// For `pinform-bench` only (`@_spi(Benchmark) import Gtk`).
@_spi(Benchmark) @MainActor
public enum LayoutProbe {
    /// Times the probed box was measured.
    public static var measures: Int { probeMeasures }
    /// Times the probed box was allocated.
    public static var allocations: Int { probeAllocations }
    /// Frames painted by the probed window's frame clock.
    public static var paints: Int { probePaints }

    /// Puts the counting layout manager on `box`, which must have a single child.
    public static func install(on box: Box) {
        let layout = gtk_custom_layout_new(nil, { widget, orientation, forSize, minimum, natural, minimumBaseline, naturalBaseline in
            probeMeasures += 1
            var childMinimum: Int32 = 0, childNatural: Int32 = 0
            if let child = gtk_widget_get_first_child(widget) {
                gtk_widget_measure(child, orientation, forSize, &childMinimum, &childNatural, nil, nil)
            }
            minimum?.pointee = childMinimum
            natural?.pointee = childNatural
            minimumBaseline?.pointee = -1
            naturalBaseline?.pointee = -1
        }, { widget, width, height, baseline in
            probeAllocations += 1
            if let child = gtk_widget_get_first_child(widget) {
                gtk_widget_allocate(child, width, height, baseline, nil)
            }
        })
        gtk_widget_set_layout_manager(box.widgetPointer, layout)
    }

    /// Counts the frames painted by `window`'s frame clock (it must be realized).
    public static func countPaints(of window: Window) -> Bool {
        guard let clock = gtk_widget_get_frame_clock(window.widgetPointer) else { return false }
        let handler: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, _ in
            probePaints += 1
        }
        pf_signal_connect(UnsafeMutableRawPointer(clock), "after-paint", untypedCallback(handler), nil, nil)
        return true
    }
}
