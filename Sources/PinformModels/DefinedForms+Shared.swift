import FormDefinitions
import PinformCore
import Storage

// On a shared database the definitions are the server's: another desk's change of one is
// announced (`_pinform_form`, its identity and version only) and read again here, so the pages
// follow; a reconnection ("*") reads them again too.
extension DefinedForms {
    /// Follows other desks' changes of definitions in `records`, once per records database.
    func observeOtherDesks(of records: RecordsDatabase) {
        let identity = ObjectIdentifier(records)
        guard followed?.records != identity else { return }
        if let followed, let old = self.records, ObjectIdentifier(old) == followed.records {
            old.stopObservingSharedChanges(followed.token)
        }
        let token = records.observeSharedChanges { [weak self, weak records] tables in
            guard let self, let records, tables.contains("_pinform_form") || tables.contains("*") else { return }
            self.load(from: records)
        }
        followed = (identity, token)
    }

    /// Whether this desk may change forms (a shared database's owner only), and if not why:
    /// the designer says so instead of opening.
    public var changeRefusal: String? {
        records?.formChangeRefusal
    }
}
