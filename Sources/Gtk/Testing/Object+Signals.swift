internal import CGtk
import Gtk

extension Object {
    /// Emits a signal that takes no arguments and returns nothing (`stop-search`, …), as GTK
    /// would on the matching input.
    public func emit(_ signal: String) { pf_signal_emit_void(raw, signal) }
}
