import Foundation
@testable import Storage

/// A model with one field of every kind a form can hold.
struct Sample: Codable, Equatable {
    enum Mood: String, Codable { case calm, cheerful }
    struct Address: Codable, Equatable {
        var street: String
        var postcode: String?
    }

    var text: String
    var optionalText: String?
    var integer: Int
    var int64: Int64
    var unsigned: UInt64
    var optionalInteger: Int?
    var double: Double
    var float: Float
    var flag: Bool
    var date: Date
    var optionalDate: Date?
    var bytes: Data
    var list: [String]
    var mood: Mood
    var address: Address
    var identifier: UUID
    var link: URL
    var decimal: Decimal
}

/// A small person record, as a form would edit.
struct Person: Codable, Equatable {
    var firstName: String
    var lastName: String
    var age: Int
    var height: Double
    var email: String
}

extension Person {
    init(_ firstName: String, _ lastName: String, age: Int = 30, height: Double = 1.7, email: String = "") {
        self.init(firstName: firstName, lastName: lastName, age: age, height: height, email: email)
    }
}

/// A model that cannot be encoded, to show that a failing encode saves nothing.
struct Unencodable: Codable, Equatable {
    var name: String

    func encode(to encoder: any Encoder) throws {
        guard name != "poison" else {
            throw EncodingError.invalidValue(name, .init(codingPath: [], debugDescription: "poison"))
        }
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }

    init(name: String) {
        self.name = name
    }

    init(from decoder: any Decoder) throws {
        name = try decoder.singleValueContainer().decode(String.self)
    }
}

enum Fixtures {
    static let personColumns: [Column<Person>] = [
        .text("first_name", \.firstName),
        .text("last_name", \.lastName),
        .integer("age", \.age),
        .real("height", \.height),
        .text("email", \.email.description),
    ]

    static func people(in database: Database, now: @escaping () -> Date = Date.init) throws -> RecordStore<Person> {
        try RecordStore<Person>(database: database, table: "person", columns: personColumns, now: now)
    }

    /// A clock that moves one second forward on every reading.
    final class Clock: @unchecked Sendable {
        private var seconds: TimeInterval = 1_700_000_000

        func now() -> Date {
            seconds += 1
            return Date(timeIntervalSince1970: seconds)
        }
    }
}
