#if canImport(Glibc)
import Glibc
#endif
internal import CPostgres
import Localization
import Storage

// Waiting for the server's answer with a deadline: a statement is sent without blocking
// (`PQsendQueryParams` on a non-blocking connection) and its answer read as it comes, the socket
// watched with `poll` until the deadline. A server that does not answer in time — stopped with
// SIGSTOP, behind a network that swallows packets — would otherwise hold the window forever:
// the session is then dropped, exactly as a lost connection.
extension PostgresConnection {
    /// Why a statement failed when the server did not answer before its deadline, in plain
    /// words (the deadline's seconds in them).
    public static var noAnswer: String {
        let seconds = Int(answerDeadline.components.seconds)
        // Translators: why a save is kept or the records cannot be read: the shared database's server stayed silent; %d counts seconds (5).
        return trn("the server did not answer in %d second", "the server did not answer in %d seconds", seconds)
    }

    /// Runs `body` with `deadline` for each statement instead of `answerDeadline`: for bulk
    /// work that a server answering normally may take longer over (migrating every record).
    public func withDeadline<T>(_ deadline: Duration, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        let before = self.deadline
        self.deadline = deadline
        defer { self.deadline = before }
        return try body()
    }

    /// The answer to the statement just sent on `handle`: its last result (the first error
    /// when one failed), read without blocking past `deadline`. Past it the session is cut
    /// (`dropSilentSession(_:)`) and `noAnswer` thrown.
    func answer(on handle: OpaquePointer, by deadline: ContinuousClock.Instant) throws(StoreError) -> OpaquePointer? {
        // What libpq could not write at once (a long statement) goes as the socket takes it;
        // the server's answer is read meanwhile, so that neither side waits on the other.
        while true {
            let flushed = libpq.flush(handle)
            // Sent, or the socket failed: what the server said (or the failure) is read below.
            if flushed != 1 { break }
            let ready = try wait(on: handle, for: Int16(POLLIN | POLLOUT), until: deadline)
            if ready & Int16(POLLIN) != 0 { _ = libpq.consumeInput(handle) }
        }
        var kept: OpaquePointer?
        while true {
            // libpq's own wait (inside `PQgetResult`) has no deadline: it is called only once
            // the answer is in, or once the session is lost (it then returns at once).
            while libpq.isBusy(handle) == 1, libpq.status(handle) == CONNECTION_OK {
                _ = try wait(on: handle, for: Int16(POLLIN), until: deadline)
                _ = libpq.consumeInput(handle)
            }
            guard let result = libpq.getResult(handle) else { break }
            // The last result, unless an earlier one failed: the failure is what is thrown.
            if let previous = kept, isFailure(previous) {
                libpq.clear(result)
            } else {
                libpq.clear(kept)
                kept = result
            }
            if libpq.status(handle) != CONNECTION_OK { break }
        }
        return kept
    }

    private func isFailure(_ result: OpaquePointer) -> Bool {
        ![PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY].contains(libpq.resultStatus(result))
    }

    /// Waits until the socket is ready for `events`, returning what it is ready for; past
    /// `deadline` the session is cut and `noAnswer` thrown.
    private func wait(on handle: OpaquePointer, for events: Int16, until deadline: ContinuousClock.Instant) throws(StoreError) -> Int16 {
        var watched = pollfd(fd: libpq.socket(handle), events: events, revents: 0)
        while true {
            let left = deadline - .now
            guard left > .zero else {
                dropSilentSession(handle)
                throw StoreError.serverUnavailable(reason: Self.noAnswer)
            }
            let milliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1
            let count = poll(&watched, 1, Int32(min(milliseconds, Int64(Int32.max))))
            if count > 0 { return watched.revents }
            if count < 0 && errno != EINTR { return events }
        }
    }

    /// Ends a session whose server did not answer: its socket is shut (libpq then reads the
    /// end of it and marks the session lost, so the next statement connects again), and for a
    /// while no statement waits for the server again (`pauseAfterNoAnswer`). No cancel request
    /// is sent: it would need a new connection to the same silent server, and libpq's waits
    /// for it without a deadline. The server rolls the transaction back when it sees the
    /// session gone.
    private func dropSilentSession(_ handle: OpaquePointer) {
        shutdown(libpq.socket(handle), Int32(SHUT_RDWR))
        // The socket reads its end at once; libpq marks the session lost.
        for _ in 0..<3 where libpq.status(handle) == CONNECTION_OK {
            _ = libpq.consumeInput(handle)
        }
        // The statement's error result, which libpq hands without waiting once the session is lost.
        while libpq.status(handle) != CONNECTION_OK, let result = libpq.getResult(handle) {
            libpq.clear(result)
        }
        rest()
    }

    /// Whether the server did not answer a moment ago: statements throw at once (for
    /// `pauseAfterNoAnswer`), and nothing else should wait for the server meanwhile either.
    public var isResting: Bool {
        restingUntil.map { ContinuousClock.now < $0 } ?? false
    }

    /// Stops waiting for the server for `pauseAfterNoAnswer`: after it did not answer in time,
    /// on this session or another to the same server (the listening one).
    public func rest() {
        restingUntil = .now + pauseAfterNoAnswer
    }
}
