internal import CGtk

/// A connected signal handler. Disconnecting releases its closure; so does the object's
/// finalization, whichever comes first.
@MainActor
public struct SignalConnection {
    weak var owner: Object?
    /// The GLib handler id.
    let id: gulong

    /// Disconnects the handler if its object is still alive. Safe to call twice.
    public func disconnect() {
        guard let owner, g_signal_handler_is_connected(owner.objectPointer, id) != 0 else { return }
        g_signal_handler_disconnect(owner.objectPointer, id)
    }
}

/// `void (*)(GObject *, gpointer)`
typealias VoidHandler = @MainActor () -> Void
private let voidTrampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
    let box = ClosureBox<VoidHandler>.from(data)
    MainActor.assumeIsolated { box.body() }
}

/// `gboolean (*)(GObject *, gpointer)`
typealias BoolHandler = @MainActor () -> Bool
private let boolTrampoline: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
    let box = ClosureBox<BoolHandler>.from(data)
    return MainActor.assumeIsolated { box.body() } ? 1 : 0
}

/// `void (*)(GObject *, gpointer argument, gpointer)` — `notify::`, `activate` of actions, …
typealias PointerHandler = @MainActor (UnsafeMutableRawPointer?) -> Void
private let pointerTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
    let box = ClosureBox<PointerHandler>.from(data)
    let argument = MainThreadPointer(value: argument)
    MainActor.assumeIsolated { box.body(argument.value) }
}

extension Object {
    func connect<Body>(
        _ signal: String, trampoline: GCallback, box: ClosureBox<Body>, after: Bool
    ) -> SignalConnection {
        let data = box.retainedPointer()
        let id = after
            ? pf_signal_connect_after(raw, signal, trampoline, data, releaseClosureBox)
            : pf_signal_connect(raw, signal, trampoline, data, releaseClosureBox)
        precondition(id != 0, "no signal \(signal) on \(String(cString: pf_object_type_name(objectPointer)))")
        return SignalConnection(owner: self, id: id)
    }

    /// Connects `handler` to a signal whose handler takes no arguments and returns nothing.
    ///
    /// ```swift
    /// button.connect("clicked") { print("clicked") }
    /// ```
    @discardableResult
    public func connect(_ signal: String, after: Bool = false, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect(signal, trampoline: unsafeBitCast(voidTrampoline, to: GCallback.self),
                box: ClosureBox<VoidHandler>(handler), after: after)
    }

    /// Connects `handler` to a signal that returns a boolean (`close-request`, …).
    @discardableResult
    public func connect(_ signal: String, returning handler: @escaping @MainActor () -> Bool) -> SignalConnection {
        connect(signal, trampoline: unsafeBitCast(boolTrampoline, to: GCallback.self),
                box: ClosureBox<BoolHandler>(handler), after: false)
    }

    /// Connects `handler` to a signal with one pointer argument (`notify::property`, …).
    @discardableResult
    func connect(_ signal: String, withArgument handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void) -> SignalConnection {
        connect(signal, trampoline: unsafeBitCast(pointerTrampoline, to: GCallback.self),
                box: ClosureBox<PointerHandler>(handler), after: false)
    }

    /// Calls `handler` whenever the GObject property `name` changes.
    @discardableResult
    public func onNotify(_ name: String, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("notify::\(name)", withArgument: { _ in handler() })
    }
}
