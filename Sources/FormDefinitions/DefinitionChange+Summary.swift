import Localization

extension DefinitionChange {
    /// Each step and how many of `records` it affects, in words: what the designer shows before
    /// applying ("“Phone” is removed: its values in 3 records are kept and can be restored").
    public func summary(of records: [DefinedRecord]) -> [String] {
        impact(on: records).map { impact in
            let count = impact.records
            switch impact.step {
            case .added(let id, let value):
                let field = label(id)
                return value == .none
                    ? tr("“{field}” is added, empty in the records there are", ["field": field])
                    : trn("“{field}” is added: %d record gets its default value",
                          "“{field}” is added: %d records get its default value", count, ["field": field])
            case .removed(let id):
                return trn("“{field}” is removed: its value in %d record is kept and can be restored",
                           "“{field}” is removed: its values in %d records are kept and can be restored",
                           count, ["field": label(id)])
            case .restored(let id):
                return trn("“{field}” is restored with its value in %d record",
                           "“{field}” is restored with its values in %d records", count, ["field": label(id)])
                    + kept(impact)
            case .renamed(_, let from, let to):
                return tr("“{old}” is renamed “{new}”; its values stay", ["old": from, "new": to])
            case .kindChanged(let id, let from, let to):
                return trn("“{field}” changes from {old} to {new}: %d record is affected",
                           "“{field}” changes from {old} to {new}: %d records are affected", count,
                           ["field": label(id), "old": from.title, "new": to.title]) + kept(impact)
            }
        }
    }

    private func kept(_ impact: Impact) -> String {
        guard impact.kept > 0 else { return "" }
        return " " + trn("(%d value cannot be converted; it is kept, not lost)",
                         "(%d values cannot be converted; they are kept, not lost)", impact.kept)
    }

    private func label(_ id: FieldDefinitionID) -> String {
        (new.fields + old.fields + old.removed).first { $0.id == id }?.label ?? id.rawValue
    }
}
