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

/// GLib's untyped `GCallback` for a typed C handler (`@convention(c)`, the signal's own
/// signature). The one cast of a handler in the package: every handler is connected through
/// `Object.connectTrampoline(_:handler:body:after:)` or `Object.connectTrampoline(_:handler:)`, so no caller casts
/// or decides who owns a closure.
func untypedCallback<Handler>(_ handler: Handler) -> GCallback {
    precondition(MemoryLayout<Handler>.size == MemoryLayout<GCallback>.size, "\(Handler.self) is not a C function")
    return unsafeBitCast(handler, to: GCallback.self)
}

extension Object {
    /// Connects the C `handler` to `signal` with `body` boxed as its user data. GLib owns the
    /// box and releases it (`releaseClosureBox`) when the handler is disconnected or the object
    /// finalized; `handler` reads it with `ClosureBox<Body>.from(data)`, `Body` the same type.
    func connectTrampoline<Handler, Body>(_ signal: String, handler: Handler, body: Body, after: Bool = false) -> SignalConnection {
        let data = ClosureBox(body).retainedPointer()
        let callback = untypedCallback(handler)
        let id = after
            ? pf_signal_connect_after(raw, signal, callback, data, releaseClosureBox)
            : pf_signal_connect(raw, signal, callback, data, releaseClosureBox)
        precondition(id != 0, "no signal \(signal) on \(String(cString: pf_object_type_name(objectPointer)))")
        return SignalConnection(owner: self, id: id)
    }

    /// Connects the C `handler` to `signal` with no user data: a handler that needs no closure
    /// (it answers from its instance alone), so nothing is owned and nothing is released.
    @discardableResult
    func connectTrampoline<Handler>(_ signal: String, handler: Handler) -> SignalConnection {
        let id = pf_signal_connect(raw, signal, untypedCallback(handler), nil, nil)
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
        connectTrampoline(signal, handler: voidTrampoline, body: handler as VoidHandler, after: after)
    }

    /// Connects `handler` to a signal that returns a boolean (`close-request`, …).
    @discardableResult
    public func connect(_ signal: String, returning handler: @escaping @MainActor () -> Bool) -> SignalConnection {
        connectTrampoline(signal, handler: boolTrampoline, body: handler as BoolHandler)
    }

    /// Connects `handler` to a signal with one pointer argument (`notify::property`, …).
    @discardableResult
    func connect(_ signal: String, withArgument handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void) -> SignalConnection {
        connectTrampoline(signal, handler: pointerTrampoline, body: handler as PointerHandler)
    }

    /// Calls `handler` whenever the GObject property `name` changes.
    @discardableResult
    public func onNotify(_ name: String, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("notify::\(name)", withArgument: { _ in handler() })
    }
}

/// Calls `handler` whenever the property `name` of `object` changes, for a GObject that has no
/// Swift wrapper (an internal part of a GTK widget). GLib releases the handler with the object.
func connectNotify(of object: UnsafeMutableRawPointer, _ name: String, _ handler: @escaping @MainActor () -> Void) {
    let body: PointerHandler = { _ in handler() }
    let data = ClosureBox(body).retainedPointer()
    let id = pf_signal_connect(object, "notify::\(name)", untypedCallback(pointerTrampoline), data, releaseClosureBox)
    precondition(id != 0, "no property \(name) on \(String(cString: pf_object_type_name(object.assumingMemoryBound(to: GObject.self))))")
}

