import Foundation
import PostgresStore
import Storage

// The search keystroke, measured and taken apart: the whole keystroke (the matching identities
// and the first screen's records), the identities alone, and the server's share of it —
// EXPLAIN ANALYZE of the statements a keystroke sends, and one bare round trip.
extension TeamBenchmark {
    /// Each keystroke's time: the whole, and the identities alone.
    struct Keystrokes {
        var whole: [Duration] = []
        var idsOnly: [Duration] = []
        /// The whole keystroke's CPU time of this thread (the server's own work not in it).
        var cpu: [Duration] = []
    }

    static let keystrokeTexts = ["z", "zü", "zür", "zü", "z", "ada", "ada l", "ada lo", "lovelace 1", "example.org"]

    /// Types `keystrokeTexts` ten times into `store`'s search, once the index is ready (the app
    /// prepares it while idle), sorted by last name as the list is.
    static func keystrokes<Model>(_ store: some RecordStoring<Model>) throws -> Keystrokes {
        let clock = ContinuousClock()
        try store.prepareSearch()
        _ = try store.ids(sortedBy: "last_name", ascending: true, search: "\u{1}")
        var times = Keystrokes()
        for _ in 0..<10 {
            for text in keystrokeTexts {
                let cpuBefore = Clock.threadCPU()
                times.whole.append(try clock.measure {
                    let ids = try store.ids(sortedBy: "last_name", ascending: true, search: text)
                    _ = try store.records(ids: ids.prefix(100))
                })
                times.cpu.append(.nanoseconds(Int64(Clock.threadCPU() - cpuBefore)))
                times.idsOnly.append(try clock.measure {
                    _ = try store.ids(sortedBy: "last_name", ascending: true, search: text)
                })
            }
        }
        return times
    }

    /// Reading 100 records not read before (so none is kept from an earlier read), ten times.
    static func unreadPages<Model>(_ store: some RecordStoring<Model>, from ids: [RecordID]) throws -> [Duration] {
        let clock = ContinuousClock()
        return try (1...10).map { page in
            let start = min(page * 1_000, max(ids.count - 100, 0))
            return try clock.measure { _ = try store.records(ids: ids[start..<min(start + 100, ids.count)]) }
        }
    }

    /// The server's own time for what a keystroke sends (EXPLAIN ANALYZE), and a bare round trip.
    static func serverShare(_ connection: PostgresConnection, table: String, ids: [RecordID]) throws -> [[String]] {
        let page = "{" + ids.prefix(100).map(\.description).joined(separator: ",") + "}"
        func executionTime(_ sql: String, _ parameters: [String?]) throws -> String {
            let plan = try connection.execute("EXPLAIN (ANALYZE, FORMAT TEXT) " + sql, parameters).rows.compactMap { $0.first ?? nil }
            let time = plan.first { $0.hasPrefix("Execution Time") }?.replacingOccurrences(of: "Execution Time: ", with: "") ?? "?"
            let planning = plan.first { $0.hasPrefix("Planning Time") }?.replacingOccurrences(of: "Planning Time: ", with: "") ?? "?"
            let scan = plan.first { $0.contains("Scan") }?.trimmingCharacters(in: .whitespaces)
                .components(separatedBy: "  (").first ?? "?"
            return "\(time) + planning \(planning) (\(scan))"
        }
        let clock = ContinuousClock()
        var trips: [Duration] = []
        for _ in 0..<50 {
            trips.append(try clock.measure { try connection.execute("SELECT 1") })
        }
        let sorted = trips.sorted()
        return [
            ["  the server's time: the table's change stamp (EXPLAIN ANALYZE)", "—",
             try executionTime("SELECT stamp FROM _pinform_tables WHERE name = $1", [table])],
            ["  the server's time: the first screen's 100 records (EXPLAIN ANALYZE)", "—",
             try executionTime("SELECT id, extract(epoch from _created)::float8, extract(epoch from _updated)::float8, _json::text, "
                                 + "_version FROM \"\(table)\" WHERE id = ANY($1::bigint[])", [page])],
            ["  one bare round trip (SELECT 1, 50)", "—",
             "\(format(sorted[25])) / \(format(sorted[45])) / \(format(sorted[49]))"],
        ]
    }
}
