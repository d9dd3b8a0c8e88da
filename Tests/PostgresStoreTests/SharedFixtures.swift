import Foundation
import PostgresCluster
import PostgresStore
import Storage
import XCTest

/// An invoice with a field of each type the shared tables hold.
struct Bill: Codable, Equatable {
    var number: String
    var customer: String
    var lines: Int
    var amount: Decimal
    var issued: String
    var paid: Bool
    var notes: String?

    init(_ number: String, _ customer: String, lines: Int = 1, amount: Decimal = 10, issued: String = "2026-12-01",
         paid: Bool = false, notes: String? = nil) {
        self.number = number
        self.customer = customer
        self.lines = lines
        self.amount = amount
        self.issued = issued
        self.paid = paid
        self.notes = notes
    }

    static let columns: [Column<Bill>] = [
        .text("number", \.number),
        .text("customer", \.customer),
        .integer("lines", \.lines),
        Column("amount", type: .real) { .real(NSDecimalNumber(decimal: $0.amount).doubleValue) }
            .shared(as: .numeric) { .text($0.amount.description) },
        Column("issued", type: .text) { .text($0.issued) }.shared(as: .date),
        .integer("paid", \.paid),
        .text("notes", \.notes),
    ]
}

/// One private cluster for the whole test process (started at the first use, a second or
/// two), and a fresh database for each test.
enum SharedServer {
    static let cluster: Result<PostgresCluster, any Error> = Result { try PostgresCluster() }

    /// A new, empty database owned by the superuser; its endpoint as a desk would reach it.
    static func freshDatabase(file: StaticString = #filePath, line: UInt = #line) throws -> (PostgresCluster, PostgresEndpoint) {
        let cluster = try cluster.get()
        let name = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try cluster.createDatabase(name)
        return (cluster, PostgresEndpoint(host: cluster.socketFolder, port: cluster.port, database: name, user: cluster.adminUser))
    }

    /// The password as the vault hands it out: in locked memory.
    static func secret(_ text: String) throws -> SecretBytes {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer throws in try SecretBytes(copying: buffer) }
    }

    /// A connected desk, its schema prepared, and its store of bills.
    static func desk(_ endpoint: PostgresEndpoint, password: String) throws -> PostgresRecordStore<Bill> {
        let connection = try PostgresConnection(endpoint: endpoint, password: secret(password))
        try PostgresSchema.prepare(connection)
        return try PostgresRecordStore<Bill>(connection: connection, table: "bill", columns: Bill.columns)
    }
}
