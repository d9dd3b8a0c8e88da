internal import CGtk

/// An on/off switch.
@MainActor
public final class Switch: Widget {
    private var switchPointer: OpaquePointer { pf_switch(raw) }

    /// Calls `handler` when the switch is turned on or off.
    @discardableResult
    public func onToggled(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        onNotify("active", handler)
    }
}
