import Foundation
import Glibc
import PostgresCluster
import PostgresStore
import Storage

/// `pinform-bench team`: two desks on one private PostgreSQL cluster (a Unix socket on this
/// machine), side by side in the same run with the local SQLCipher file, at `count` records:
/// a save's latency, a save at desk A until desk B has read the row, a search keystroke, the
/// first list after unlock, and the list again after another desk's save (a live update).
enum TeamBenchmark {
    private struct Patient: Codable {
        var firstName: String
        var lastName: String
        var email: String
        var city: String
        var visits: Int
    }

    private static let columns: [Column<Patient>] = [
        .text("first_name", \.firstName), .text("last_name", \.lastName), .text("email", \.email),
        .text("city", \.city), .integer("visits", \.visits),
    ]

    private static let firstNames = ["Ada", "Grace", "Alan", "Émilie", "Katherine", "Linus", "Zoë", "Ole", "Hedy", "Tim"]
    private static let lastNames = ["Lovelace", "Hopper", "Turing", "du Châtelet", "Johnson", "Torvalds", "Østergaard",
                                    "Dahl", "Lamarr", "Berners-Lee", "Ng", "Sánchez"]
    private static let cities = ["London", "Zürich", "Paris", "São Paulo", "Tokyo", "Oslo", "Nairobi"]

    private static func patient(_ index: Int) -> Patient {
        let first = firstNames[index % firstNames.count]
        return Patient(firstName: first, lastName: lastNames[(index / 7) % lastNames.count] + " \(index % 997)",
                       email: "\(first.lowercased()).\(index)@example.org", city: cities[(index / 3) % cities.count],
                       visits: index % 40)
    }

    /// The measurements as a table, and the goals the issue sets.
    static func run(count: Int = 100_000, seconds: Double = 60) -> (table: Table, goals: [Goal]) {
        var table = Table("team: \(Format.grouped(count)) records, two desks on a private PostgreSQL cluster (Unix socket) "
                              + "and the local SQLCipher file, one run", columns: ["measure", "local SQLCipher", "shared PostgreSQL"])
        do {
            return try measure(count: count, seconds: seconds, into: &table)
        } catch {
            table.add(["failed", "\(error)", ""])
            return (table, [Goal(name: "team", target: "measured", figure: "not measured: \(error)", passed: false)])
        }
    }

    private static func measure(count: Int, seconds: Double, into table: inout Table) throws -> (table: Table, goals: [Goal]) {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("pinform-team-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = try SecretBytes.random(count: 32)
        let file = folder.appendingPathComponent("records.sqlite")
        let local = try RecordStore<Patient>(database: Database(at: file, key: key), table: "patient", columns: columns)

        let cluster = try PostgresCluster()
        try cluster.createDatabase("team")
        let endpoint = PostgresEndpoint(host: cluster.socketFolder, port: cluster.port, database: "team", user: cluster.adminUser)
        var typed = cluster.adminPassword
        let password = try typed.withUTF8 { try SecretBytes(copying: $0) }
        func desk() throws -> PostgresRecordStore<Patient> {
            let connection = try PostgresConnection(endpoint: endpoint, password: password)
            try PostgresSchema.prepare(connection)
            return try PostgresRecordStore<Patient>(connection: connection, table: "patient", columns: columns)
        }
        let deskA = try desk(), deskB = try desk()

        let clock = ContinuousClock()
        var start = 0
        var filling = (local: Duration.zero, shared: Duration.zero)
        while start < count {
            let batch = (start..<min(start + 5_000, count)).map(patient)
            filling.local += try clock.measure { try local.insert(contentsOf: batch) }
            filling.shared += try clock.measure { try deskA.insert(contentsOf: batch) }
            start += batch.count
        }
        table.add(["fill \(Format.grouped(count)) records (transactions of 5,000)", format(filling.local), format(filling.shared)])

        // A save: one record, its own transaction, as the form's Save does.
        var saves = (local: [Duration](), shared: [Duration]())
        for index in 0..<200 {
            saves.local.append(try clock.measure { _ = try local.insert(patient(count + index)) })
            saves.shared.append(try clock.measure { _ = try deskA.insert(patient(count + index)) })
        }
        table.add(["save one record (200 saves)", spread(saves.local), spread(saves.shared)])

        // A save at A until B has the row: B's listening session wakes (poll on its socket),
        // reads the notification and then the record.
        let listener = try PostgresConnection(endpoint: endpoint, password: password)
        try listener.execute("LISTEN \(PostgresSchema.channel)")
        var seen: [Duration] = []
        for index in 0..<50 {
            let began = clock.now
            let id = try deskA.insert(patient(index))
            var notified = false
            while !notified {
                var descriptor = pollfd(fd: listener.socket, events: Int16(POLLIN), revents: 0)
                _ = poll(&descriptor, 1, 1000)
                notified = try listener.notifications().contains { $0.payload.contains("\"id\" : \(id.rawValue),") }
            }
            deskB.forgetCachedRecords()
            _ = try deskB.record(id: id)
            seen.append(clock.now - began)
        }
        table.add(["a save at desk A until desk B read the row (50)", "—", spread(seen)])

        // First list after unlock: a new session, the sorted identities and the first screen.
        let firstLocal = try clock.measure {
            let opened = try RecordStore<Patient>(database: Database(at: file, key: key), table: "patient", columns: columns)
            let ids = try opened.ids(sortedBy: "last_name")
            _ = try opened.records(ids: ids.prefix(50))
        }
        let firstShared = try clock.measure {
            let opened = try desk()
            let ids = try opened.ids(sortedBy: "last_name")
            _ = try opened.records(ids: ids.prefix(50))
        }
        table.add(["first list after unlock (sorted ids + first 50 records)", format(firstLocal), format(firstShared)])

        // Search keystrokes once the index is ready (TeamBenchmark+Search.swift).
        let typedLocal = try keystrokes(local), typedShared = try keystrokes(deskB)
        table.add(["search keystroke (100, with the first screen's records)", spread(typedLocal.whole), spread(typedShared.whole)])
        table.add(["  its CPU time in this process (the server's not counted)", spread(typedLocal.cpu), spread(typedShared.cpu)])
        table.add(["  the matching identities alone (100)", spread(typedLocal.idsOnly), spread(typedShared.idsOnly)])
        let sortedLocal = try local.ids(sortedBy: "last_name"), sortedShared = try deskB.ids(sortedBy: "last_name")
        table.add(["  100 records not read before (10)", spread(try unreadPages(local, from: sortedLocal)),
                   spread(try unreadPages(deskB, from: sortedShared))])
        for row in try serverShare(listener, table: "patient", ids: try deskB.ids(sortedBy: "last_name", search: "ada")) {
            table.add(row)
        }

        // Live update: another session saves; this one's list and search are read again.
        let otherLocal = try RecordStore<Patient>(database: Database(at: file, key: key), table: "patient", columns: columns)
        var liveLocal: [Duration] = [], liveShared: [Duration] = []
        for index in 0..<10 {
            _ = try otherLocal.insert(patient(index))
            liveLocal.append(try clock.measure {
                _ = try local.ids(sortedBy: "last_name")
                _ = try local.ids(sortedBy: "last_name", search: "ada")
            })
            _ = try deskA.insert(patient(index))
            liveShared.append(try clock.measure {
                _ = try deskB.ids(sortedBy: "last_name")
                _ = try deskB.ids(sortedBy: "last_name", search: "ada")
            })
        }
        table.add(["another desk saved: the list and a search read again (10)", spread(liveLocal), spread(liveShared)])

        // The same, caught up by the change stamp: desk B reads only the record the notification
        // named (as the app does), patches its search index, then lists and searches.
        var caughtUp: [Duration] = []
        for index in 0..<10 {
            let id = try deskA.insert(patient(index))
            caughtUp.append(try clock.measure {
                try deskB.catchUp(changed: [id])
                _ = try deskB.ids(sortedBy: "last_name")
                _ = try deskB.ids(sortedBy: "last_name", search: "ada")
            })
        }
        table.add(["  caught up by the notified identity instead (10)", "—", spread(caughtUp)])
        table.note("median / 90th percentile / worst; wall-clock time on a machine shared with other work")

        // Many desks at once.
        let desks = TeamDesksBenchmark.run(desks: 20, seconds: seconds, endpoint: endpoint, password: cluster.adminPassword)
        table.add(["20 desks writing at once for \(Int(seconds)) s: saves, conflicts asked", "—",
                   "\(desks.saves) saves (\(Int(Double(desks.saves) / max(desks.seconds, 0.001)))/s), \(desks.conflicts) conflicts"])
        table.add(["  writes lost / counted twice / failures", "—", "\(desks.lost) / \(desks.twice) / \(desks.failures.count)"])
        for failure in desks.failures.prefix(3) { table.note(failure) }
        cluster.stop()

        let median = { (samples: [Duration]) in samples.sorted()[samples.count / 2] }
        let ninety = { (samples: [Duration]) in samples.sorted()[samples.count * 9 / 10] }
        return (table, [
            Goal(name: "team save", target: "at most 20 ms median on localhost", figure: format(median(saves.shared))
                    + " (local " + format(median(saves.local)) + ")", passed: median(saves.shared) <= .milliseconds(20)),
            Goal(name: "team A to B", target: "a save at A shown at B in at most 250 ms", figure: format(median(seen))
                    + " median, " + format(ninety(seen)) + " p90", passed: ninety(seen) <= .milliseconds(250)),
            Goal(name: "team 20 desks", target: "no write lost or counted twice, every conflict asked",
                 figure: "\(desks.saves) saves, \(desks.conflicts) conflicts, \(desks.lost) lost, \(desks.twice) twice, "
                     + "\(desks.failures.count) failures", passed: desks.lost == 0 && desks.twice == 0 && desks.failures.isEmpty && desks.saves > 0),
            Goal(name: "team keystroke", target: "search at most 16 ms at \(Format.grouped(count)) shared records",
                 figure: format(ninety(typedShared.whole)) + " p90 (local " + format(ninety(typedLocal.whole)) + ")",
                 passed: ninety(typedShared.whole) <= .milliseconds(16)),
        ])
    }

    static func spread(_ samples: [Duration]) -> String {
        let sorted = samples.sorted()
        return "\(format(sorted[sorted.count / 2])) / \(format(sorted[sorted.count * 9 / 10])) / \(format(sorted[sorted.count - 1]))"
    }

    static func format(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        return milliseconds >= 100 ? String(format: "%.0f ms", milliseconds) : String(format: "%.2f ms", milliseconds)
    }
}
