import Foundation
import Localization

/// A `.pinform-form` file: one ``FormDefinition`` as JSON, to share a form between desks (and the
/// text the sealed store keeps a definition as).
///
/// The document is the definition's JSON with one more key, `"document": "pinform-form"`; its
/// `formatVersion` says which format it is in. Opening refuses, with a message: a file over
/// ``maximumSize``, anything that is not such a document, a newer format ("made by a newer
/// Pinform — update Pinform"), and a document whose parts do not read.
public enum FormDocument {
    /// The file name extension, without the dot.
    public static let fileExtension = "pinform-form"
    /// The MIME type of the files.
    public static let mimeType = "application/x-pinform-form"
    /// The largest document read: 1 MB.
    public static let maximumSize = 1_000_000
    /// The value of the `"document"` key.
    static let marker = "pinform-form"

    private struct Probe: Decodable {
        let document: String?
        let formatVersion: Int?
    }

    private struct Envelope: Encodable {
        let definition: FormDefinition
        func encode(to encoder: any Encoder) throws {
            try definition.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(FormDocument.marker, forKey: .document)
        }
        enum Key: String, CodingKey { case document }
    }

    /// The document of `definition`: JSON, keys sorted, indented (it is read by people too).
    public static func encode(_ definition: FormDefinition) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // A definition holds only strings, numbers, booleans, arrays and objects: it always encodes.
        return (try? encoder.encode(Envelope(definition: definition))) ?? Data()
    }

    /// Why a file over ``maximumSize`` is refused; a reader refuses it by its size, before
    /// reading it.
    public static var tooLarge: FormDocumentError {
        FormDocumentError(trn("This file is too large to be a form (at most %d MB)",
                              "This file is too large to be a form (at most %d MB)", maximumSize / 1_000_000))
    }

    /// The definition in `data`.
    /// - Throws: ``FormDocumentError`` saying why the file cannot be opened.
    public static func decode(_ data: Data) throws(FormDocumentError) -> FormDefinition {
        guard data.count <= maximumSize else { throw tooLarge }
        let notAForm = FormDocumentError(tr("This file is not a Pinform form"))
        guard let probe = try? JSONDecoder().decode(Probe.self, from: data), probe.document == marker,
              let version = probe.formatVersion, version >= 1
        else { throw notAForm }
        guard version <= FormDefinition.currentFormatVersion else {
            throw FormDocumentError(tr("This form was made by a newer Pinform — update Pinform to open it"))
        }
        guard let definition = try? JSONDecoder().decode(FormDefinition.self, from: data) else {
            throw FormDocumentError(tr("This form file is damaged and cannot be opened"))
        }
        return definition
    }
}
