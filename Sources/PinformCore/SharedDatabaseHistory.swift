import Foundation
import Localization
import PostgresStore
import Storage

/// A shared record's history as a person reads it: one line per change the server kept —
/// when, which desk's role, and what: added, deleted, or each changed field by its title with
/// the value before and after as the list shows them.
public struct SharedDatabaseHistory: Equatable, Sendable {
    /// The lines, oldest first.
    public let lines: [String]

    /// Reads `changes` through `Model`'s fields; `timeZone` is where the times are shown.
    @MainActor
    public init<Model: RecordModel>(_ changes: [RecordChange], of model: Model.Type, timeZone: TimeZone = .current) {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        let decoder = JSONDecoder()
        lines = changes.map { change in
            let when = formatter.string(from: change.at)
            let what: String
            switch change.kind {
            case .insert:
                // Translators: a line of a shared record's history: “2026-12-01 09:30, front_desk_1: added”.
                what = tr("added")
            case .delete:
                // Translators: a line of a shared record's history: “2026-12-01 09:30, front_desk_1: deleted”.
                what = tr("deleted")
            case .update:
                let before = change.before.flatMap { try? decoder.decode(Model.self, from: $0) }
                let after = change.after.flatMap { try? decoder.decode(Model.self, from: $0) }
                let fields = Model.fields.compactMap { field -> String? in
                    guard let before, let after, field.text(before) != field.text(after) else { return nil }
                    // Translators: one changed field in a shared record's history: “Last name “Ada” → “Ada Lovelace””.
                    return tr("{field} “{before}” → “{after}”", ["field": field.title, "before": SharedDatabaseConflict.readable(field.text(before)),
                                                                  "after": SharedDatabaseConflict.readable(field.text(after))])
                }
                // Translators: a change of a shared record that no listed field shows (an invoice's lines).
                what = fields.isEmpty ? tr("changed other details") : fields.joined(separator: "; ")
            }
            // Translators: a line of a shared record's history: when, the desk's PostgreSQL role, what happened.
            return tr("{when}, {who}: {what}", ["when": when, "who": change.by, "what": what])
        }
    }
}
