import Foundation
import Storage

/// Issue 36: whether SQLite's FTS5 should answer a search keystroke instead of the hand-written
/// in-memory index (`SearchIndex`), measured side by side on one encrypted file as the app keeps it.
///
/// FTS5's only tokenizer that finds text inside words, as the tests ask ("ovela" finds Lovelace,
/// "0%" and "e_c" find what they spell), is `trigram`. It indexes the hidden `_search` column,
/// folded already by `SearchText.fold`, with `case_sensitive 1`, so that FTS5 folds nothing itself
/// (its own folding is simple case folding: "STRASSE" would not find "Straße"). A word of one or
/// two characters has no trigram: FTS5 reads every row for it, as SQL did before the index.
/// The list's order comes from the same cached identities on both sides.
extension RecordsBenchmark {
    static let typedSearches = ["z", "zü", "zür", "zü", "z", "ada", "ada l", "ada lo", "lovelace 1", "example.org"]

    static func searchEngines(count: Int = 100_000, rounds: Int = 10) -> Table {
        var table = Table("search keystroke at \(Format.grouped(count)) records, encrypted file: the in-memory index vs FTS5 "
                          + "(trigram), \(rounds) rounds alternating, CPU time of the thread",
                          columns: ["search", "matches", "index median", "FTS5 median", "FTS5 / index"])
        let folder = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
            .appendingPathComponent("pinform-bench-fts5-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try compare(count: count, rounds: rounds, in: folder, table: &table)
        } catch let error as StoreError {
            table.note("FAILED: " + error.message)
        } catch {
            table.note("FAILED: \(error)")
        }
        return table
    }

    private static func compare(count: Int, rounds: Int, in folder: URL, table: inout Table) throws {
        let file = folder.appendingPathComponent("keyed.sqlite")
        let database = try Database(at: file, key: try SecretBytes.random(count: 32))
        let options = try database.rows("PRAGMA compile_options").compactMap { row -> String? in
            if case .text(let option) = row.first { option } else { nil }
        }
        let version = try database.rows("SELECT sqlite_version()").first.flatMap { row -> String? in
            if case .text(let text) = row.first { text } else { nil }
        } ?? "?"
        let cipher = try database.rows("PRAGMA cipher_version").first.flatMap { row -> String? in
            if case .text(let text) = row.first { text } else { nil }
        } ?? "?"
        table.note("SQLCipher \(cipher) (SQLite \(version)); PRAGMA compile_options "
            + (options.contains("ENABLE_FTS5") ? "has ENABLE_FTS5" : "has no ENABLE_FTS5"))
        guard options.contains("ENABLE_FTS5") else { return }

        let store = try RecordStore<Person>(database: database, table: "person", columns: columns)
        try store.insert(contentsOf: people(count))
        let plainSize = fileSize(file)
        let clock = ContinuousClock()
        let building = try clock.measure {
            try database.executeScript("""
                CREATE VIRTUAL TABLE person_fts USING fts5(_search, content='person', content_rowid='id',
                    tokenize='trigram case_sensitive 1');
                INSERT INTO person_fts(person_fts) VALUES('rebuild');
                PRAGMA wal_checkpoint(TRUNCATE);
                """)
        }
        table.note("FTS5 index built in \(format(building)); the file grew from \(plainSize / 1_048_576) to "
            + "\(fileSize(file) / 1_048_576) MiB")

        // Both ready as the window has them after its idle preparation.
        let order = try store.ids(sortedBy: "last_name")
        try store.prepareSearch()
        _ = try store.ids(sortedBy: "last_name", search: "\u{1}")
        var isMatch = [Bool](repeating: false, count: Int(order.map(\.rawValue).max() ?? 0) + 1)
        func fts5(_ text: String) throws -> [RecordID] {
            let terms = try SearchText.terms(text)
            let short = terms.filter { $0.unicodeScalars.count < 3 }
            let long = terms.filter { $0.unicodeScalars.count >= 3 }
            let scan = short.map { _ in "instr(_search, ?) > 0" }
            let sql: String, values: [SQLValue]
            if long.isEmpty {
                sql = "SELECT id FROM person WHERE " + scan.joined(separator: " AND ")
                values = short.map { .text($0) }
            } else {
                let phrases = long.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
                sql = "SELECT rowid FROM person_fts WHERE person_fts MATCH ?" + scan.map { " AND " + $0 }.joined()
                values = [.text(phrases.joined(separator: " AND "))] + short.map { .text($0) }
            }
            let rows = try database.rows(sql, values)
            for row in rows { if case .integer(let id) = row[0] { isMatch[Int(id)] = true } }
            let matches = try store.ids(sortedBy: "last_name").filter { isMatch[Int($0.rawValue)] }
            for row in rows { if case .integer(let id) = row[0] { isMatch[Int(id)] = false } }
            return matches
        }
        _ = try fts5("zür")

        var index: [String: [Double]] = [:], fts: [String: [Double]] = [:], matches: [String: Int] = [:]
        var allIndex: [Double] = [], allFTS: [Double] = []
        for _ in 0..<rounds {
            for text in typedSearches {
                var start = Clock.threadCPU()
                let found = try store.ids(sortedBy: "last_name", search: text)
                _ = try store.records(ids: found.prefix(100))
                let indexTime = Clock.threadCPU() - start
                start = Clock.threadCPU()
                let viaFTS = try fts5(text)
                _ = try store.records(ids: viaFTS.prefix(100))
                let ftsTime = Clock.threadCPU() - start
                precondition(found == viaFTS, "FTS5 found \(viaFTS.count) records for \"\(text)\", the index \(found.count)")
                index[text, default: []].append(indexTime)
                fts[text, default: []].append(ftsTime)
                allIndex.append(indexTime)
                allFTS.append(ftsTime)
                matches[text] = found.count
            }
        }
        func milliseconds(_ nanoseconds: Double) -> String { String(format: "%.2f ms", nanoseconds / 1e6) }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        func p90(_ values: [Double]) -> Double { values.sorted()[values.count * 9 / 10] }
        var seen: Set<String> = []
        for text in typedSearches where seen.insert(text).inserted {
            let indexMedian = median(index[text]!), ftsMedian = median(fts[text]!)
            table.add(["\"\(text)\"", Format.grouped(matches[text]!), milliseconds(indexMedian), milliseconds(ftsMedian),
                       Format.ratio(ftsMedian / indexMedian)])
        }
        table.add(["all \(allIndex.count) keystrokes, median", "", milliseconds(median(allIndex)), milliseconds(median(allFTS)),
                   Format.ratio(median(allFTS) / median(allIndex))])
        table.add(["all \(allIndex.count) keystrokes, 90th percentile", "", milliseconds(p90(allIndex)),
                   milliseconds(p90(allFTS)), Format.ratio(p90(allFTS) / p90(allIndex))])
        table.note("Each keystroke: the matching identities in the list's order (last_name), then the first screen's 100 records;"
            + " both sides found the same records for every search.")
        table.note("FTS5: MATCH on the words of 3 characters or more (a phrase each), instr() on the rows for shorter ones"
            + " (a trigram index has nothing for them); the app's page cache (16 MiB).")
    }

    private static func fileSize(_ url: URL) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
    }
}
