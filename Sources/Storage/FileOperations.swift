#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Localization

/// A system call that failed: the path it was about and the system's description of `errno`.
struct FileFailure: Error, Equatable {
    let path: String
    let code: Int32
    /// Words that say more than `errno` can, e.g. what is there instead of a plain file.
    var detail: String? = nil

    /// The system's words for the error, e.g. "No space left on device".
    var reason: String { detail ?? String(cString: strerror(code)) }
}

/// The few POSIX file operations the PIN vault and attempt store need, with their errors kept.
///
/// Foundation's file APIs hide which `errno` happened and do not fsync; these do both.
enum FileOperations {
    /// Creates the folder and any missing parent with mode 0700, then takes from the folder
    /// any permission for group and others.
    ///
    /// The owner's own bits are left as they are: a folder its owner made read-only (mode
    /// 0500) stays read-only, and one on a read-only file system, which cannot be changed,
    /// is used as it is, so that what is in it can still be read.
    ///
    /// - Returns: the failure, or `nil` when the folder exists.
    static func makeDirectories(atPath path: String) -> FileFailure? {
        var prefix = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0, errno != EEXIST {
                return FileFailure(path: prefix, code: errno)
            }
        }
        var status = stat()
        guard stat(path, &status) == 0 else { return FileFailure(path: path, code: errno) }
        guard status.st_mode & S_IFMT == S_IFDIR else { return FileFailure(path: path, code: ENOTDIR) }
        guard status.st_mode & 0o077 != 0 else { return nil }
        guard chmod(path, status.st_mode & 0o700) == 0 || errno == EROFS else { return FileFailure(path: path, code: errno) }
        return nil
    }

    /// Whether this process may create and replace files in the folder at `path` (not on a
    /// read-only file system, and with write permission, as the kernel judges it for this
    /// process: root without the capability to override permissions is judged by them).
    static func canWrite(atPath path: String) -> Bool {
        access(path, W_OK) == 0
    }

    /// Whether something exists at `path` (without following a final symbolic link).
    static func exists(atPath path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Reads a small file whole.
    ///
    /// - Parameter limit: the most bytes to accept; a longer file is returned cut at `limit + 1`
    ///   bytes, so the caller can tell it is too long.
    /// - Returns: the bytes; `ENOENT` as a failure when the file does not exist.
    static func readSmallFile(atPath path: String, limit: Int) -> Result<[UInt8], FileFailure> {
        // O_NONBLOCK: a named pipe planted here must not block the caller in open().
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ELOOP { return .failure(FileFailure(path: path, code: ELOOP, detail: tr("it is a symbolic link, not a plain file"))) }
            return .failure(FileFailure(path: path, code: errno))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(FileFailure(path: path, code: errno)) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            if status.st_mode & S_IFMT == S_IFDIR { return .failure(FileFailure(path: path, code: EISDIR)) }
            let detail = status.st_mode & S_IFMT == S_IFIFO
                ? tr("it is a named pipe, not a plain file")
                : tr("it is a device or other special file, not a plain file")
            return .failure(FileFailure(path: path, code: EINVAL, detail: detail))
        }
        return readAll(from: descriptor, path: path, limit: limit)
    }

    /// Reads up to `limit + 1` bytes from an open descriptor (one more than allowed, so the
    /// caller can tell a file that is too long).
    static func readAll(from descriptor: Int32, path: String, limit: Int) -> Result<[UInt8], FileFailure> {
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var filled = 0
        while filled < bytes.count {
            let result = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if result < 0 {
                if errno == EINTR { continue }
                return .failure(FileFailure(path: path, code: errno))
            }
            if result == 0 { break }
            filled += result
        }
        bytes.removeSubrange(filled...)
        return .success(bytes)
    }

    /// Replaces the file at `path` with `bytes` so that a crash or a failure at any moment
    /// leaves either the old file or the new one, never a mix.
    ///
    /// The bytes go to a temporary file in the same folder (mode 0600), which is flushed with
    /// `fsync`, renamed over the target, and the folder is flushed so the rename survives a
    /// power cut. The folder is created (mode 0700) when missing.
    ///
    /// - Parameter faultBeforeRename: for tests, an `errno` to fail with once the temporary
    ///   file is written, to show that the old file survives.
    /// - Parameter progress: for tests, called after each step (a crash test kills the process there).
    static func replaceAtomically(
        atPath path: String,
        with bytes: UnsafeRawBufferPointer,
        faultBeforeRename: Int32? = nil,
        progress: ((AtomicWriteStep) -> Void)? = nil
    ) throws(FileFailure) {
        let directory = parentDirectory(of: path)
        if let failure = makeDirectories(atPath: directory) { throw failure }
        let name = path.split(separator: "/").last.map(String.init) ?? "file"
        var template = Array((directory + "/." + name + ".XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw FileFailure(path: directory, code: errno) }
        let temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var isOpen = true
        do throws(FileFailure) {
            defer { if isOpen { close(descriptor) } }
            guard fchmod(descriptor, 0o600) == 0 else { throw FileFailure(path: temporaryPath, code: errno) }
            try writeAll(bytes, to: descriptor, path: path)
            guard fsync(descriptor) == 0 else { throw FileFailure(path: path, code: errno) }
            isOpen = false
            guard close(descriptor) == 0 else { throw FileFailure(path: path, code: errno) }
            progress?(.temporaryFileSynced)
            if let faultBeforeRename { throw FileFailure(path: path, code: faultBeforeRename) }
            guard rename(temporaryPath, path) == 0 else { throw FileFailure(path: path, code: errno) }
        } catch {
            unlink(temporaryPath)
            throw error
        }
        progress?(.renamed)
        try syncDirectory(atPath: directory)
        progress?(.folderSynced)
    }

    /// Removes the file, succeeding when it is already gone, and flushes its folder.
    static func removeFile(atPath path: String) throws(FileFailure) {
        if unlink(path) != 0 {
            guard errno == ENOENT else { throw FileFailure(path: path, code: errno) }
            return
        }
        try syncDirectory(atPath: parentDirectory(of: path))
    }

    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws(FileFailure) {
        var written = 0
        while written < bytes.count {
            let result = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if result < 0 {
                if errno == EINTR { continue }
                throw FileFailure(path: path, code: errno)
            }
            written += result
        }
    }

    /// Flushes a folder so a rename or unlink in it is durable; file systems that cannot
    /// sync a folder (`EINVAL`) are accepted as they are.
    static func syncDirectory(atPath path: String) throws(FileFailure) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileFailure(path: path, code: errno) }
        defer { close(descriptor) }
        if fsync(descriptor) != 0, errno != EINVAL {
            throw FileFailure(path: path, code: errno)
        }
    }

    static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
