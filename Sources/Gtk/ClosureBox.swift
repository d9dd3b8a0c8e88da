internal import CGtk

/// Holds a Swift closure for a C callback. GLib keeps the box retained and releases it
/// through `releaseClosureBox` when the handler or source goes away.
final class ClosureBox<Body>: @unchecked Sendable {
    // Immutable, and GLib only calls back on the main thread, where the body is run.
    let body: Body
    init(_ body: Body) { self.body = body }

    /// A +1 pointer for GLib to own.
    func retainedPointer() -> gpointer {
        Unmanaged.passRetained(self).toOpaque()
    }

    /// The box behind a pointer made by `retainedPointer`, without consuming it.
    static func from(_ pointer: gpointer?) -> ClosureBox<Body> {
        Unmanaged<ClosureBox<Body>>.fromOpaque(pointer!).takeUnretainedValue()
    }
}

/// `GClosureNotify` for signal handlers: drops the box's reference.
let releaseClosureBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// `GDestroyNotify` for main-context sources and async calls: drops the box's reference.
let releaseClosureBoxNotify: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// Carries a C pointer into `MainActor.assumeIsolated` from a trampoline that already runs
/// on the main thread.
struct MainThreadPointer: @unchecked Sendable {
    let value: UnsafeMutableRawPointer?
}
