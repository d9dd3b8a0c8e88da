import Foundation
import FormDefinitions
import Localization
import Storage

extension FormDocument {
    /// The definition in the `.pinform-form` file at `url`, read without holding more than
    /// ``FormDocument/maximumSize`` and one byte: a larger file is refused by its size before
    /// it is read (a 300 MB file cost 330 MB when it was read whole first).
    ///
    /// A form whose field ids the store cannot keep apart (`f-a` and `f_a`: one column) is
    /// refused too, naming both fields (`DefinitionCheck.idProblems`): nobody changes an id in
    /// the designer, so it could never be saved — such a file was made by hand, or to harm.
    /// - Throws: ``FormDocumentError``: ``FormDocument/tooLarge``, a file that cannot be read
    ///   (or is not a plain file), what ``FormDocument/decode(_:)`` refuses, or the first of
    ///   the ids' problems.
    public static func read(contentsOf url: URL) throws(FormDocumentError) -> FormDefinition {
        switch BoundedFile.read(atPath: url.path, limit: maximumSize) {
        case .success(let data):
            let definition = try decode(data)
            if let problem = DefinitionCheck.idProblems(in: definition).first { throw FormDocumentError(problem.message) }
            return definition
        case .failure(.tooLarge):
            throw tooLarge
        case .failure(.unreadable(let reason)):
            // Translators: {reason} is the system's words: "No such file or directory".
            throw FormDocumentError(tr("The file cannot be read: {reason}", ["reason": reason]))
        }
    }
}
