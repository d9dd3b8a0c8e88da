internal import CGtk

extension MainContext {
    /// Calls `body` on the main loop whenever `descriptor` can be read (a socket with data, or
    /// one the other side closed), for as long as `body` returns `true`: how a shared
    /// database's notifications reach the app without polling.
    /// - Returns: The GLib source id, for `remove(source:)`.
    @discardableResult
    public static func whenReadable(_ descriptor: Int32, _ body: @escaping @MainActor () -> Bool) -> UInt32 {
        let box = ClosureBox<@MainActor () -> Bool>(body)
        let condition = GIOCondition(rawValue: G_IO_IN.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue)
        return g_unix_fd_add_full(G_PRIORITY_DEFAULT, descriptor, condition, { _, _, data in
            let box = ClosureBox<@MainActor () -> Bool>.from(data)
            return MainActor.assumeIsolated { box.body() } ? 1 : 0
        }, box.retainedPointer(), releaseClosureBoxNotify)
    }
}
