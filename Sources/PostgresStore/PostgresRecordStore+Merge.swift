import Foundation
import Storage

// Saving an edit while other desks edit too: checked against the version it was based on,
// merged field by field (three-way, with the base), and a real conflict handed back.
extension PostgresRecordStore {
    /// Saves an edit of `base`. When the record is still at `base.version` it is replaced (as
    /// `update(_:id:)`); when another desk saved it meanwhile, each top-level field takes this
    /// edit's value where this edit changed it and the stored value elsewhere; a field both
    /// changed to different values is resolved as `resolution` says.
    ///
    /// - Throws: `.conflict` (nothing saved) for `.ask` when both changed a field; `.notFound`
    ///   when the record was deleted meanwhile.
    public func update(_ model: Model, basedOn base: Record<Model>, resolving resolution: ConflictResolution = .ask) throws(StoreError) {
        let id = base.id
        let mine = try row(of: model).json
        let baseJSON = try row(of: base.model).json
        let sql = "UPDATE \(quotedTable) SET _json = $1::jsonb, _search = $2::text"
            + columns.indices.map { ", \(SQLIdentifier.quoted(columns[$0].name)) = \(placeholder(for: $0, at: $0 + 3))" }.joined()
            + " WHERE id = $\(columns.count + 3)::bigint"
        let document = try write { () throws(StoreError) -> String in
            guard let stored = try connection.execute(
                "SELECT _json::text, _version FROM \(quotedTable) WHERE id = $1::bigint FOR UPDATE", [id.description]
            ).rows.first, let theirs = stored[0] else { throw StoreError.notFound(id) }
            let version = stored[1].flatMap(Int64.init) ?? 0
            let merged: Data
            if version == base.version {
                merged = Data(mine.utf8)
            } else {
                merged = try Self.merge(base: baseJSON, mine: mine, theirs: theirs, id: id, version: version, resolution: resolution)
            }
            let json = UnknownFields.keeping(of: Data(theirs.utf8), in: merged, as: Model.self, encoder: encoder, decoder: decoder)
            let result: Model
            do {
                result = try decoder.decode(Model.self, from: json)
            } catch {
                throw StoreError.decodingFailed(id: id, reason: String(describing: error))
            }
            let (_, document, values) = try row(of: result)
            try connection.execute(sql, [String(decoding: json, as: UTF8.self), document] + values + [id.description])
            return document
        } patch: { index, document in
            index.set(document.utf8, for: id.rawValue)
        }
        _ = document
    }

    /// The three-way merge of top-level JSON fields.
    static func merge(base: String, mine: String, theirs: String, id: RecordID, version: Int64,
                      resolution: ConflictResolution) throws(StoreError) -> Data {
        func object(_ text: String) -> [String: Any] {
            ((try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]) ?? [:]
        }
        /// A value's canonical JSON text (`null` for an absent field), so that equal values compare equal.
        func canonical(_ value: Any?) -> String {
            guard let value, !(value is NSNull),
                  let data = try? JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys, .fragmentsAllowed])
            else { return "null" }
            return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
        }
        let baseObject = object(base), mineObject = object(mine), theirsObject = object(theirs)
        var merged = theirsObject
        var conflicts: [RecordConflict.Field] = []
        for key in Set(mineObject.keys).union(baseObject.keys).sorted() {
            let baseValue = canonical(baseObject[key]), mineValue = canonical(mineObject[key])
            let theirsValue = canonical(theirsObject[key])
            guard mineValue != baseValue else { continue } // unchanged here: theirs stays
            if theirsValue != baseValue && theirsValue != mineValue {
                conflicts.append(RecordConflict.Field(name: key, mine: mineValue, theirs: theirsValue))
                if resolution != .keepMine { continue }
            }
            merged[key] = mineObject[key] ?? NSNull()
        }
        if !conflicts.isEmpty && resolution == .ask {
            throw StoreError.conflict(RecordConflict(id: id, version: version, fields: conflicts))
        }
        merged = merged.filter { !($0.value is NSNull) }
        guard let data = try? JSONSerialization.data(withJSONObject: merged, options: [.sortedKeys]) else {
            throw StoreError.encodingFailed(reason: "the merged record could not be written")
        }
        return data
    }
}
