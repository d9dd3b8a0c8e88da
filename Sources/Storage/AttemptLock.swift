#if canImport(Glibc)
import Glibc
#endif

/// An exclusive `flock` on the attempts lock file, held until released or deinitialized.
public final class AttemptLock: @unchecked Sendable {
    // Touched only by `release`, which the owner calls once, or by deinit.
    private var descriptor: Int32

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Releases the lock; releasing twice does nothing.
    public func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    deinit {
        release()
    }
}
