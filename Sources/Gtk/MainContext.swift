internal import CGtk
import Dispatch // links libdispatch, whose main-queue hooks the bridge calls
import Glibc

/// Scheduling on GLib's default main context, where GTK runs.
///
/// GLib's loop knows nothing of libdispatch's main queue, so `DispatchQueue.main.async`
/// and `Task { @MainActor in … }` would never run under `g_application_run`.
/// `installDispatchBridge()` watches the main queue's wake-up descriptor from the GLib loop
/// and drains the queue whenever it is poked, so Swift concurrency on the main actor runs
/// in step with GTK, with no polling.
@MainActor
public enum MainContext {
    private static var bridgeSource: guint = 0

    /// Makes the GLib main loop drain the main dispatch queue (and so the main actor's jobs).
    /// Idempotent; `Application` calls it for you.
    public static func installDispatchBridge() {
        guard bridgeSource == 0 else { return }
        let descriptor = _dispatch_get_main_queue_handle_4CF()
        bridgeSource = g_unix_fd_add_full(
            G_PRIORITY_DEFAULT, descriptor, G_IO_IN,
            { descriptor, _, _ in
                // Acknowledge the wake-up (an eventfd), then run what is queued. Anything queued
                // while draining pokes the descriptor again, so nothing is left behind.
                var counter: UInt64 = 0
                _ = read(descriptor, &counter, MemoryLayout<UInt64>.size)
                _dispatch_main_queue_callback_4CF(nil)
                return 1 // G_SOURCE_CONTINUE
            },
            nil, nil)
    }

    /// Runs `body` once when the main loop is idle (at `priority`: GLib's default idle
    /// priority is 200; lower numbers run first).
    /// - Returns: The GLib source id, for `remove(source:)`.
    @discardableResult
    public static func idle(priority: Int32 = 200, _ body: @escaping @MainActor () -> Void) -> UInt32 {
        let box = ClosureBox<@MainActor () -> Void>(body)
        return g_idle_add_full(priority, { data in
            let box = ClosureBox<@MainActor () -> Void>.from(data)
            MainActor.assumeIsolated { box.body() }
            return 0 // G_SOURCE_REMOVE
        }, box.retainedPointer(), releaseClosureBoxNotify)
    }

    /// Calls `body` every `milliseconds` for as long as it returns `true`.
    /// - Returns: The GLib source id, for `remove(source:)`.
    @discardableResult
    public static func timeout(milliseconds: UInt32, _ body: @escaping @MainActor () -> Bool) -> UInt32 {
        let box = ClosureBox<@MainActor () -> Bool>(body)
        return g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, { data in
            let box = ClosureBox<@MainActor () -> Bool>.from(data)
            return MainActor.assumeIsolated { box.body() } ? 1 : 0
        }, box.retainedPointer(), releaseClosureBoxNotify)
    }

    /// Removes a source made by `idle` or `timeout`; its closure is released.
    public static func remove(source: UInt32) {
        if source != 0 { g_source_remove(source) }
    }

    /// Calls `body` on the main loop whenever the process receives `signal` (SIGUSR1, …),
    /// for as long as the process runs.
    public static func onUnixSignal(_ signal: Int32, _ body: @escaping @MainActor () -> Void) {
        let box = ClosureBox<@MainActor () -> Void>(body)
        g_unix_signal_add_full(G_PRIORITY_DEFAULT, signal, { data in
            let box = ClosureBox<@MainActor () -> Void>.from(data)
            MainActor.assumeIsolated { box.body() }
            return 1 // G_SOURCE_CONTINUE
        }, box.retainedPointer(), releaseClosureBoxNotify)
    }

    /// Runs one iteration of the default main context.
    /// - Parameter blocking: Wait for an event when nothing is pending.
    @discardableResult
    public static func iterate(blocking: Bool = false) -> Bool {
        g_main_context_iteration(nil, blocking ? 1 : 0) != 0
    }

    /// Spins the main context until `condition` holds or `seconds` pass (tests, start-up).
    /// - Returns: Whether the condition held.
    @_spi(Testing) @discardableResult
    public static func spin(until condition: () -> Bool, timeout seconds: Double = 5) -> Bool {
        let deadline = g_get_monotonic_time() + gint64(seconds * 1_000_000)
        while !condition() {
            if g_get_monotonic_time() > deadline { return false }
            // A short timeout keeps the loop waking up to re-check the condition without spinning hot.
            let wake = g_timeout_add(10, { _ in 0 }, nil)
            g_main_context_iteration(nil, 1)
            if g_main_context_find_source_by_id(nil, wake) != nil { g_source_remove(wake) }
        }
        return true
    }
}
