#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fixed buffer of PIN digit bytes in locked memory — its own page, kept out of swap with
/// `mlock` — that is wiped when digits leave it and when it is released.
///
/// This is the one place in PinCode that touches raw memory: every `unsafe` below locks, wipes,
/// reads or writes these bytes, or lends them (for the duration of a call) to a key
/// derivation that needs a pointer. Everything else reads and writes them through the
/// bounds-checked subscript.
@safe
final class LockedBytes {
    /// How many bytes.
    let count: Int
    private let page: UnsafeMutableRawPointer
    private let pageSize: Int

    /// Zeroed bytes, on a page of their own so that unlocking them unlocks nothing else.
    init(count: Int) {
        precondition(count >= 0, "A buffer has no negative size")
        self.count = count
        let systemPage = Int(sysconf(Int32(_SC_PAGESIZE)))
        pageSize = max(systemPage, 4096, count)
        // Allocates the page the digits will live on.
        unsafe page = UnsafeMutableRawPointer.allocate(byteCount: pageSize, alignment: max(systemPage, 16))
        // Zeroes the page before any digit goes in.
        unsafe page.initializeMemory(as: UInt8.self, repeating: 0, count: pageSize)
        // Locks the page so that the digits never reach swap. It may fail (RLIMIT_MEMLOCK):
        // the bytes are still wiped, which is the part that cannot fail.
        _ = unsafe mlock(page, pageSize)
    }

    deinit {
        // Wipes the digits, then unlocks and frees their page.
        wipe()
        _ = unsafe munlock(page, pageSize)
        unsafe page.deallocate()
    }

    /// The byte at `index`, which must be below `count`.
    subscript(index: Int) -> UInt8 {
        get {
            precondition(index >= 0 && index < count, "Index out of range")
            // Reads a digit byte inside the locked page (bounds checked above).
            return unsafe page.load(fromByteOffset: index, as: UInt8.self)
        }
        set {
            precondition(index >= 0 && index < count, "Index out of range")
            // Writes a digit byte inside the locked page (bounds checked above).
            unsafe page.storeBytes(of: newValue, toByteOffset: index, as: UInt8.self)
        }
    }

    /// Zeroes the bytes from `start` to the end with `explicit_bzero`, which the optimizer may
    /// not drop as a dead store.
    func wipe(from start: Int = 0) {
        precondition(start >= 0 && start <= count, "Index out of range")
        guard start < count else { return }
        // Wipes digit bytes inside the locked page (bounds checked above).
        unsafe explicit_bzero(page + start, count - start)
    }

    /// Lends the first `prefix` bytes for the duration of `body`, for code that needs a pointer
    /// (a key derivation); the buffer must not escape.
    func withUnsafeBytes<R>(prefix: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        precondition(prefix >= 0 && prefix <= count, "Index out of range")
        // Lends the locked digit bytes, bounds checked above, for the call only.
        return try unsafe body(UnsafeBufferPointer(start: page.assumingMemoryBound(to: UInt8.self), count: prefix))
    }
}
