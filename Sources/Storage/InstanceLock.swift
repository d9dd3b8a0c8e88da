#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// One Pinform per data folder: an exclusive `flock` on `instance.lock`, held for the life of
/// the process, with the holder's process id written in it.
///
/// GApplication already keeps one instance per session bus; this lock also holds without a
/// session bus, or across two buses, so that two processes never check PINs side by side.
/// A second instance reads the first one's id and can ask it to show itself (the app sends
/// `SIGUSR1`), then exits.
public final class InstanceLock: @unchecked Sendable {
    /// The name of the lock file in the data folder.
    public static let fileName = "instance.lock"

    // Closed only in deinit.
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// What `acquire(in:)` found.
    public enum Acquisition {
        /// This process is the only one; keep the lock for as long as it runs.
        case acquired(InstanceLock)
        /// Another process holds it; its id when it could be read.
        case heldByAnother(pid: Int32?)
    }

    /// Takes the lock in `directory` without waiting.
    ///
    /// - Throws: `.notARegularFile` when something else than a regular file is there,
    ///   `.writeFailed` when the file cannot be made.
    public static func acquire(in directory: URL) throws(VaultError) -> Acquisition {
        if let failure = FileOperations.makeDirectories(atPath: directory.path) {
            throw .writeFailed(path: failure.path, reason: failure.reason)
        }
        let path = directory.appendingPathComponent(fileName, isDirectory: false).path
        let descriptor: Int32
        switch FileOperations.openRegularFile(atPath: path, flags: O_RDWR, creating: true) {
        case .success(let opened): descriptor = opened
        case .failure(let failure) where FileOperations.isNotRegular(failure): throw .notARegularFile(path: path)
        case .failure(let failure): throw .writeFailed(path: path, reason: failure.reason)
        }
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            defer { close(descriptor) }
            guard code == EWOULDBLOCK else { throw .writeFailed(path: path, reason: String(cString: strerror(code))) }
            var bytes = [UInt8](repeating: 0, count: 16)
            let count = pread(descriptor, &bytes, bytes.count, 0)
            let text = count > 0 ? String(decoding: bytes[..<count], as: UTF8.self) : ""
            let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)).flatMap { $0 > 1 ? $0 : nil }
            return .heldByAnother(pid: pid)
        }
        let text = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        return .acquired(InstanceLock(descriptor: descriptor))
    }
}
