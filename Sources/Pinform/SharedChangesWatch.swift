import Gtk
import PinformCore

/// Watches a records session's listening socket from the GLib main loop, so that another
/// desk's save reaches the lists as soon as the server announces it, with no polling. The
/// watch lives as long as the records session, which holds it.
@MainActor
final class SharedChangesWatch {
    private var source: UInt32 = 0
    private var isDispatching = false

    /// Starts watching whenever `records` opens a shared database's listening session, and stops
    /// when it closes (at lock, or when the server drops it).
    static func install(on records: RecordsDatabase) {
        let watch = SharedChangesWatch()
        records.onListeningSocket = { [weak records, watch] socket in
            watch.stop()
            guard let socket, socket >= 0, let records else { return }
            watch.source = MainContext.whenReadable(socket) { [weak records, weak watch] in
                guard let watch else { return false }
                watch.isDispatching = true
                defer { watch.isDispatching = false }
                let keeps = records?.receiveSharedChanges() ?? false
                if !keeps {
                    watch.source = 0
                    if let records { watch.resume(records) }
                }
                return keeps
            }
        }
    }

    /// Tries every two seconds to listen again after the server dropped the session, for as
    /// long as the shared database is open; the lists then read again.
    private func resume(_ records: RecordsDatabase) {
        MainContext.timeout(milliseconds: 2000) { [weak records] in
            guard let records, records.needsToResumeListening else { return false }
            return !records.resumeListening()
        }
    }

    private func stop() {
        // A source ending itself (its callback returns false) is removed by GLib.
        if source != 0 && !isDispatching { MainContext.remove(source: source) }
        source = 0
    }
}
