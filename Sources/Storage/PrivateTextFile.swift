import Foundation
import Localization

/// A text file only its owner can read (mode 0600), written whole or not at all: where a saved
/// recovery key goes.
public enum PrivateTextFile {
    /// Why the file was not written.
    public struct WriteError: Error, Equatable {
        /// The file that was not written.
        public let path: String
        /// The system's words for what went wrong.
        public let reason: String

        /// A sentence for the person who chose the file.
        public var message: String {
            // Translators: {file} is a file name, {reason} the system's words ("Permission denied").
            tr("“{file}” was not saved: {reason}", ["file": URL(fileURLWithPath: path).lastPathComponent, "reason": reason])
        }
    }

    /// Replaces the file at `url` with `text`, mode 0600 from its first byte on (a temporary
    /// file in the same folder, flushed, then renamed over it).
    public static func write(_ text: String, to url: URL) throws(WriteError) {
        let bytes = Array(text.utf8)
        let failure: FileFailure? = bytes.withUnsafeBytes { buffer in
            do throws(FileFailure) {
                try FileOperations.replaceAtomically(atPath: url.path, with: buffer)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw WriteError(path: url.path, reason: failure.reason) }
    }
}
