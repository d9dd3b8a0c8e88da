#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Localization

/// Why `BoundedFile.read(atPath:limit:)` returned no bytes.
public enum BoundedFileError: Error, Equatable, Sendable {
    /// The file holds more than the limit: `size` bytes by `fstat`, or more than the limit read.
    case tooLarge(size: Int64)
    /// It cannot be opened or read, or it is not a plain file: the system's words.
    case unreadable(reason: String)
}

/// Reads a file a person chose (a `.pinform-form`, say) whose size has a limit, without ever
/// holding more than the limit and one byte: the opened file's size (`fstat`) is checked first,
/// then at most `limit + 1` bytes are read (a file that grew meanwhile is caught by the extra
/// byte). A 300 MB file is refused before a byte of it is read; a FIFO, device or folder is
/// refused without blocking.
public enum BoundedFile {
    /// The bytes of the file at `path`, at most `limit`.
    public static func read(atPath path: String, limit: Int) -> Result<Data, BoundedFileError> {
        let descriptor: Int32
        switch FileOperations.openRegularFile(atPath: path) {
        case .success(let opened): descriptor = opened
        case .failure(let failure):
            let reason = FileOperations.isNotRegular(failure) ? tr("not a plain file") : failure.reason
            return .failure(.unreadable(reason: reason))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            return .failure(.unreadable(reason: FileFailure(path: path, code: errno).reason))
        }
        guard Int64(status.st_size) <= Int64(limit) else { return .failure(.tooLarge(size: Int64(status.st_size))) }
        switch FileOperations.readAll(from: descriptor, path: path, limit: limit) {
        case .success(let bytes) where bytes.count > limit: return .failure(.tooLarge(size: Int64(bytes.count)))
        case .success(let bytes): return .success(Data(bytes))
        case .failure(let failure): return .failure(.unreadable(reason: failure.reason))
        }
    }
}
