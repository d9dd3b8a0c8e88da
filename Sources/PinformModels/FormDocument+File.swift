import Foundation
import FormDefinitions
import Localization
import Storage

extension FormDocument {
    /// The definition in the `.pinform-form` file at `url`, read without holding more than
    /// ``FormDocument/maximumSize`` and one byte: a larger file is refused by its size before
    /// it is read (a 300 MB file cost 330 MB when it was read whole first).
    /// - Throws: ``FormDocumentError``: ``FormDocument/tooLarge``, a file that cannot be read
    ///   (or is not a plain file), or what ``FormDocument/decode(_:)`` refuses.
    public static func read(contentsOf url: URL) throws(FormDocumentError) -> FormDefinition {
        switch BoundedFile.read(atPath: url.path, limit: maximumSize) {
        case .success(let data):
            return try decode(data)
        case .failure(.tooLarge):
            throw tooLarge
        case .failure(.unreadable(let reason)):
            // Translators: {reason} is the system's words: "No such file or directory".
            throw FormDocumentError(tr("The file cannot be read: {reason}", ["reason": reason]))
        }
    }
}
