#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A step of `FileOperations.replaceAtomically`, reported to tests that kill the process there.
public enum AtomicWriteStep: String, Sendable, CaseIterable {
    /// The temporary file is written and flushed; the old file is still in place.
    case temporaryFileSynced
    /// The temporary file was renamed over the old one; the folder is not flushed yet.
    case renamed
    /// The folder is flushed: the new file is durable.
    case folderSynced
}

extension FileOperations {
    /// Opens an existing file for reading without following a final symbolic link and without
    /// blocking (a FIFO planted there would otherwise hang `open`), and refuses anything but
    /// a regular file.
    ///
    /// - Parameters:
    ///   - flags: `O_RDONLY` or `O_RDWR`.
    ///   - creating: create the file (mode 0600) when it is missing.
    /// - Returns: the descriptor (blocking again, close-on-exec), or the failure: `ENOENT` when
    ///   nothing is there, `ELOOP` for a symbolic link, `notRegularCode` for a FIFO, device,
    ///   socket or folder (`isNotRegular` tells both).
    static func openRegularFile(atPath path: String, flags: Int32 = O_RDONLY, creating: Bool = false) -> Result<Int32, FileFailure> {
        let descriptor = creating
            ? open(path, flags | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
            : open(path, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(FileFailure(path: path, code: errno)) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            return .failure(FileFailure(path: path, code: code))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return .failure(FileFailure(path: path, code: notRegularCode))
        }
        // A regular file never blocks; clearing the flag keeps later calls ordinary.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return .success(descriptor)
    }

    /// The code `openRegularFile` fails with for a FIFO, device, socket or folder.
    static let notRegularCode = ENODEV

    /// Whether a failure means something other than a regular file is at the path (a
    /// symbolic link gives `ELOOP` with `O_NOFOLLOW`).
    static func isNotRegular(_ failure: FileFailure) -> Bool {
        failure.code == notRegularCode || failure.code == ELOOP
    }

    /// Reads a small regular file whole, refusing FIFOs, devices and symbolic links without
    /// blocking; see `readSmallFile(atPath:limit:)` for `limit`.
    static func readRegularFile(atPath path: String, limit: Int) -> Result<[UInt8], FileFailure> {
        let descriptor: Int32
        switch openRegularFile(atPath: path) {
        case .success(let opened): descriptor = opened
        case .failure(let failure): return .failure(failure)
        }
        defer { close(descriptor) }
        return readAll(from: descriptor, path: path, limit: limit)
    }
}
