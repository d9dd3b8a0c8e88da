internal import CGtk

/// A check box with a label (`GtkCheckButton`): on or off, e.g. "I have saved my recovery key".
@MainActor
public final class CheckButton: Widget {
    /// An unchecked check box labelled `label` (a mnemonic: `_` marks the access key).
    public init(label: String) {
        super.init(widget: gtk_check_button_new_with_mnemonic(label))
    }

    private var check: UnsafeMutablePointer<GtkCheckButton> { pf_check_button(raw) }

    /// Whether it is checked.
    public var isActive: Bool {
        get { gtk_check_button_get_active(check) != 0 }
        set { gtk_check_button_set_active(check, newValue ? 1 : 0) }
    }

    /// Calls `handler` whenever it is checked or unchecked.
    @discardableResult
    public func onToggled(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("toggled", handler)
    }
}
