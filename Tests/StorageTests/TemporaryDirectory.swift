import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A fresh folder under the system's temporary folder, removed with everything in it on `deinit`.
final class TemporaryDirectory {
    let url: URL

    init() {
        let base = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true).standardizedFileURL.path
        var template = Array((base + "/pinform-tests.XXXXXX").utf8CString)
        let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(created != nil, "mkdtemp failed")
        url = URL(fileURLWithPath: String(cString: created!), isDirectory: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    var path: String { url.path }

    /// Writes `text` to a file named `name` inside the folder and returns its URL.
    @discardableResult
    func write(_ text: String, to name: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file
    }

    /// The permission bits of the file or folder at `url`.
    static func mode(of url: URL) -> mode_t {
        var status = stat()
        precondition(stat(url.path, &status) == 0, "stat failed")
        return status.st_mode & 0o7777
    }
}
