internal import CGtk

/// libadwaita's breakpoint (`AdwBreakpoint`): property values that apply while its window (or
/// `BreakpointBin`) is at most so wide, and are undone when it grows again.
///
/// ```swift
/// let narrow = Breakpoint(maximumWidth: 550)
/// narrow.addSetter(switcherBar, "reveal", true)
/// window.addBreakpoint(narrow)
/// ```
@MainActor
public final class Breakpoint: Object {

    /// The width unit of a condition.
    public enum Unit: Sendable {
        /// Pixels.
        case pixels
        /// Pixels scaled by the text scale (GNOME's Large Text): what the HIG uses.
        case scaledPixels

        var cValue: AdwLengthUnit {
            switch self {
            case .pixels: ADW_LENGTH_UNIT_PX
            case .scaledPixels: ADW_LENGTH_UNIT_SP
            }
        }
    }

    /// A breakpoint that applies while the width is at most `maximumWidth` in `unit`.
    public init(maximumWidth: Double, unit: Unit = .scaledPixels) {
        // The condition is taken over by the breakpoint (transfer full); the breakpoint is ours.
        let condition = adw_breakpoint_condition_new_length(ADW_BREAKPOINT_CONDITION_MAX_WIDTH, maximumWidth, unit.cValue)
        super.init(adopting: UnsafeMutableRawPointer(adw_breakpoint_new(condition)))
    }

    var breakpoint: OpaquePointer { OpaquePointer(raw) }

    /// Sets the Boolean property `property` of `object` to `value` while the breakpoint applies.
    public func addSetter(_ object: Object, _ property: String, _ value: Bool) {
        var gvalue = GValue()
        g_value_init(&gvalue, g_type_from_name("gboolean"))
        defer { g_value_unset(&gvalue) }
        g_value_set_boolean(&gvalue, value ? 1 : 0)
        adw_breakpoint_add_setter(breakpoint, object.objectPointer, property, &gvalue)
    }

    /// Sets the widget property `property` of `object` to `value` (nil: none) while the
    /// breakpoint applies.
    public func addSetter(_ object: Object, _ property: String, widget value: Widget?) {
        var gvalue = GValue()
        g_value_init(&gvalue, gtk_widget_get_type())
        defer { g_value_unset(&gvalue) }
        g_value_set_object(&gvalue, value.map { UnsafeMutableRawPointer($0.objectPointer) })
        adw_breakpoint_add_setter(breakpoint, object.objectPointer, property, &gvalue)
    }

    /// Whether the breakpoint applies now.
    public func applies(in window: ApplicationWindow) -> Bool {
        adw_application_window_get_current_breakpoint(pf_adw_application_window(window.raw)) == breakpoint
    }

    /// Whether the breakpoint applies now.
    public func applies(in bin: BreakpointBin) -> Bool {
        adw_breakpoint_bin_get_current_breakpoint(pf_adw_breakpoint_bin(bin.raw)) == breakpoint
    }
}
