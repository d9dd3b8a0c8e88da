import Storage

// A delete made while the server was away, sent once it answers: checked against the version
// the desk saw, so that another desk's edit meanwhile is asked about rather than deleted unseen.
extension PostgresRecordStore {
    /// Deletes the record when it is still at `version` (or whatever it is at, when `version`
    /// is nil); a record already gone is left so.
    ///
    /// - Throws: `.conflict` with no fields for `.ask` when another desk saved the record since
    ///   `version` (nothing deleted); `.keepTheirs` then leaves the record, `.keepMine` deletes
    ///   it. `.serverRefused` when the role may not delete it.
    public func delete(id: RecordID, ifAt version: Int64?, resolving resolution: ConflictResolution) throws(StoreError) {
        _ = try write { () throws(StoreError) -> Bool in
            guard let stored = try connection.execute(
                "SELECT _version FROM \(quotedTable) WHERE id = $1::bigint FOR UPDATE", [id.description]
            ).scalar.flatMap(Int64.init) else { return false }
            if let version, stored != version {
                switch resolution {
                case .ask: throw StoreError.conflict(RecordConflict(id: id, version: stored, fields: []))
                case .keepTheirs: return false
                case .keepMine: break
                }
            }
            guard try connection.execute("DELETE FROM \(quotedTable) WHERE id = $1::bigint", [id.description]).affected == 1 else {
                throw StoreError.serverRefused(reason: Self.deletionRefusal)
            }
            return true
        } patch: { index, deleted in
            if deleted { index.remove(id.rawValue) }
        }
    }
}
