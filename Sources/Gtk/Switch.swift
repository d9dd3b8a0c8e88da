internal import CGtk

/// An on/off switch.
@MainActor
public final class Switch: Widget {
    /// A switch that is off.
    public init() {
        super.init(widget: gtk_switch_new())
    }

    private var switchPointer: OpaquePointer { pf_switch(raw) }

    /// Whether the switch is on.
    public var isOn: Bool {
        get { gtk_switch_get_active(switchPointer) != 0 }
        set { gtk_switch_set_active(switchPointer, newValue ? 1 : 0) }
    }

    /// Calls `handler` when the switch is turned on or off.
    @discardableResult
    public func onToggled(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        onNotify("active", handler)
    }
}
