import Foundation
import Localization

/// Runs a conversation with the TPM on a thread of its own and gives up after `limit`, so that a
/// TPM busy with another connection (or one that hangs) never keeps the window on "Checking…".
///
/// A conversation that has not answered by then is left to finish on its thread; its answer is
/// thrown away, so a PIN it carried is never judged for the caller (Pinform takes back the
/// failure it counted ahead, as for any PIN that could not be judged), though the TPM itself
/// counts it if it does answer and the PIN was wrong. tpm2-tss's socket TCTIs (swtpm, mssim)
/// take no timeout of their own, hence the thread. Everything the thread reads is its own.
enum TPM2Deadline {
    /// How long a TPM may take to answer one conversation: 5 s (an unseal takes under 2 s).
    static let limit: Duration = .seconds(5)

    /// The error of a TPM that did not answer within `limit`.
    static var timedOut: TPM2Error {
        // Translators: completes "No TPM is available: …"; the TPM was busy or hung.
        .noTPM(reason: tr("it did not answer within 5 seconds"))
    }

    /// `work`'s value, or `timedOut` when it did not return within `limit`.
    static func run<Value: Sendable>(_ work: @escaping @Sendable () throws(TPM2Error) -> Value) throws(TPM2Error) -> Value {
        let box = Box<Value>()
        let thread = Thread {
            let result: Result<Value, TPM2Error>
            do throws(TPM2Error) { result = .success(try work()) } catch { result = .failure(error) }
            box.finish(result)
        }
        thread.stackSize = 1 << 20
        thread.start()
        guard let result = box.wait(for: limit) else { throw timedOut }
        return try result.get()
    }

    /// An unseal under the deadline: `auth` (already derived) moves to the thread, and the
    /// secret comes back from it.
    static func unseal(auth: consuming TPM2Secret,
                       _ work: @escaping @Sendable (borrowing TPM2Secret) throws(TPM2Error) -> TPM2Secret) throws(TPM2Error) -> TPM2Secret {
        let carried = Carried(auth)
        let box = Box<Bool>()
        let thread = Thread {
            guard let auth = carried.takeAuth() else { return box.finish(.success(false)) }
            do throws(TPM2Error) {
                carried.keep(try work(auth))
                box.finish(.success(true))
            } catch {
                box.finish(.failure(error))
            }
        }
        thread.stackSize = 1 << 20
        thread.start()
        guard let result = box.wait(for: limit) else {
            carried.abandon()
            throw timedOut
        }
        guard try result.get(), let secret = carried.takeSecret() else { throw timedOut }
        return secret
    }

    /// One answer, handed from the TPM's thread to the waiting one.
    private final class Box<Value: Sendable>: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var result: Result<Value, TPM2Error>?

        func finish(_ value: Result<Value, TPM2Error>) {
            lock.withLock { result = value }
            done.signal()
        }

        func wait(for limit: Duration) -> Result<Value, TPM2Error>? {
            let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
            guard done.wait(timeout: .now() + seconds) == .success else { return nil }
            return lock.withLock { result }
        }
    }

    /// The auth value going to the thread and the secret coming back; a secret that comes back
    /// after the caller gave up is dropped (and so wiped) at once.
    private final class Carried: @unchecked Sendable {
        private let lock = NSLock()
        private var auth: TPM2Secret?
        private var secret: TPM2Secret?
        private var abandoned = false

        init(_ auth: consuming TPM2Secret) { self.auth = consume auth }

        func takeAuth() -> TPM2Secret? {
            lock.lock()
            defer { lock.unlock() }
            return auth.take()
        }

        func keep(_ value: consuming TPM2Secret) {
            lock.lock()
            defer { lock.unlock() }
            if !abandoned { secret = consume value }
        }

        func takeSecret() -> TPM2Secret? {
            lock.lock()
            defer { lock.unlock() }
            return secret.take()
        }

        func abandon() {
            lock.lock()
            defer { lock.unlock() }
            abandoned = true
            secret = nil
        }
    }
}
