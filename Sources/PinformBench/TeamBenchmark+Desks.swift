import Foundation
import PostgresCluster
import PostgresStore
import Storage
import Synchronization

/// `pinform-bench team`'s many desks: `desks` sessions write at once for `seconds` into a few
/// shared records, each save checked against the version it read. Each desk counts its saves
/// in a field of its own (edits of different fields merge, so none may be lost) and writes a
/// field every desk writes (so stale saves meet: each must come back as a conflict, which the
/// desk then resolves as its own). At the end every desk's count in the records must equal the
/// saves the server accepted from it: nothing lost, nothing twice.
enum TeamDesksBenchmark {
    /// A record every desk edits: a count per desk, and a note all of them write.
    struct Tally: Codable {
        var counts: [Int]
        var note: String

        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(desks: Int) {
            counts = Array(repeating: 0, count: desks)
            note = ""
        }

        // Each desk's count is a top-level field, so that the per-field merge keeps them apart.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            let desks = container.allKeys.filter { $0.stringValue.hasPrefix("desk") }.count
            counts = try (0..<desks).map { try container.decode(Int.self, forKey: Key(stringValue: "desk\($0)")) }
            note = try container.decode(String.self, forKey: Key(stringValue: "note"))
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for (desk, count) in counts.enumerated() { try container.encode(count, forKey: Key(stringValue: "desk\(desk)")) }
            try container.encode(note, forKey: Key(stringValue: "note"))
        }
    }

    /// What the desks did.
    struct Result {
        var saves = 0
        var conflicts = 0
        var failures: [String] = []
        var lost = 0
        var twice = 0
        var seconds = 0.0
    }

    /// Runs `desks` desks for `seconds` against `endpoint`.
    static func run(desks: Int, seconds: Double, endpoint: PostgresEndpoint, password: String) -> Result {
        let columns: [Column<Tally>] = [.text("note", \.note)]
        var result = Result()
        do {
            let setup = try store(endpoint, password, columns)
            let ids = try setup.insert(contentsOf: (0..<5).map { _ in Tally(desks: desks) })
            let accepted = Mutex(Array(repeating: Array(repeating: 0, count: ids.count), count: desks))
            let tallies = Mutex((saves: 0, conflicts: 0, failures: [String]()))
            let deadline = Date().addingTimeInterval(seconds)
            let group = DispatchGroup()
            let started = Date()
            for desk in 0..<desks {
                group.enter()
                Thread.detachNewThread {
                    defer { group.leave() }
                    do {
                        let store = try Self.store(endpoint, password, columns)
                        var edit = 0
                        while Date() < deadline {
                            let slot = (desk + edit) % ids.count
                            edit += 1
                            guard let base = try store.record(id: ids[slot]) else { continue }
                            var mine = base.model
                            mine.counts[desk] += 1
                            mine.note = "desk \(desk), edit \(edit)"
                            do {
                                try store.update(mine, basedOn: base, resolving: .ask)
                            } catch StoreError.conflict {
                                tallies.withLock { $0.conflicts += 1 }
                                try store.update(mine, basedOn: base, resolving: .keepMine)
                            }
                            accepted.withLock { $0[desk][slot] += 1 }
                            tallies.withLock { $0.saves += 1 }
                        }
                    } catch {
                        tallies.withLock { $0.failures.append("desk \(desk): \(error)") }
                    }
                }
            }
            group.wait()
            result.seconds = Date().timeIntervalSince(started)
            (result.saves, result.conflicts, result.failures) = tallies.withLock { ($0.saves, $0.conflicts, $0.failures) }
            let counted = accepted.withLock { $0 }
            for (slot, id) in ids.enumerated() {
                guard let stored = try setup.record(id: id)?.model else { result.lost += 1; continue }
                for desk in 0..<desks {
                    let difference = stored.counts[desk] - counted[desk][slot]
                    if difference < 0 { result.lost -= difference }
                    if difference > 0 { result.twice += difference }
                }
            }
        } catch {
            result.failures.append("\(error)")
        }
        return result
    }

    private static func store(_ endpoint: PostgresEndpoint, _ password: String, _ columns: [Column<Tally>]) throws -> PostgresRecordStore<Tally> {
        var typed = password
        let secret = try typed.withUTF8 { try SecretBytes(copying: $0) }
        let connection = try PostgresConnection(endpoint: endpoint, password: secret)
        try PostgresSchema.prepare(connection)
        return try PostgresRecordStore<Tally>(connection: connection, table: "tally", columns: columns)
    }
}
