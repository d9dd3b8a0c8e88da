internal import CGtk

extension Window {
    /// The widget that has the keyboard focus in the window, if any.
    public var focusWidget: Widget? { gtk_root_get_focus(pf_root(raw)).map { Widget(widget: $0) } }

    /// Calls `handler` whenever the focus moves to another widget of the window (or none).
    @discardableResult
    public func onFocusWidgetChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        onNotify("focus-widget", handler)
    }
}
