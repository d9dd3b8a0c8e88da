internal import CGtk

/// A number entry with − and + buttons, kept within a range.
@MainActor
public final class SpinButton: Widget {
    private var spin: OpaquePointer { pf_spin_button(raw) }

    /// The value, clamped to the range.
    public var value: Double {
        get { gtk_spin_button_get_value(spin) }
        set { gtk_spin_button_set_value(spin, newValue) }
    }

    /// How many decimals show.
    public var digits: UInt32 {
        get { gtk_spin_button_get_digits(spin) }
        set { gtk_spin_button_set_digits(spin, newValue) }
    }

    /// The text as shown or as typed (typing is committed to `value` on Enter or focus loss).
    public var text: String {
        get { String(cString: gtk_editable_get_text(pf_editable(raw))) }
        set {
            gtk_editable_set_text(pf_editable(raw), newValue)
            gtk_spin_button_update(spin)
        }
    }
}
