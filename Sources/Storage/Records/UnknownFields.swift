import Foundation

/// Keeps what a newer version saved: the top-level JSON fields of a stored record that this
/// version's model does not know, carried over when the record is saved again.
package enum UnknownFields {
    /// `encoded` with the top-level fields of `stored` that the model does not know added, so
    /// that editing a record written by a newer version keeps what that version saved.
    ///
    /// A field is the model's own when the model writes it, for the stored record (decoded and
    /// encoded again) or for the new value; a stored `null` is not kept. The new JSON's bytes
    /// are kept as they are; the unknown fields are appended.
    package static func keeping<Model: Codable>(
        of stored: Data, in encoded: Data, as model: Model.Type, encoder: JSONEncoder, decoder: JSONDecoder
    ) -> Data {
        func object(_ data: Data) -> [String: Any]? {
            (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        }
        guard let storedObject = object(stored), let newObject = object(encoded),
              encoded.last == UInt8(ascii: "}") else { return encoded }
        let roundTripped = (try? decoder.decode(Model.self, from: stored))
            .flatMap { try? encoder.encode($0) }.flatMap(object) ?? [:]
        let unknown = storedObject.keys.filter { key in
            newObject[key] == nil && roundTripped[key] == nil && !(storedObject[key] is NSNull)
        }.sorted()
        guard !unknown.isEmpty else { return encoded }
        var json = encoded.dropLast()
        var needsComma = !newObject.isEmpty
        for key in unknown {
            guard let name = try? JSONSerialization.data(withJSONObject: key, options: .fragmentsAllowed),
                  let value = try? JSONSerialization.data(withJSONObject: storedObject[key]!, options: .fragmentsAllowed)
            else { continue }
            if needsComma { json.append(UInt8(ascii: ",")) }
            json.append(contentsOf: name)
            json.append(UInt8(ascii: ":"))
            json.append(contentsOf: value)
            needsComma = true
        }
        json.append(UInt8(ascii: "}"))
        return Data(json)
    }
}
