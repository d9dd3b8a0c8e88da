import Foundation
@_spi(Testing) import Gtk
import Storage
import XCTest
@testable import Pinform
@testable import PinformModels
import PinformCore

/// Writes `Tests/e2e/fixtures/v0.1-install/`: the data folder of Pinform 0.1 (before the
/// records were encrypted) — `pin.hash` for the PIN 2468, `attempts.json`, and a plaintext
/// `records.sqlite` with three people — through the same code paths 0.1 used. The end-to-end
/// upgrade test starts the app on a copy of it.
///
/// Does nothing unless `PINFORM_WRITE_V01_FIXTURE` names the folder to write:
/// `PINFORM_WRITE_V01_FIXTURE=$PWD/Tests/e2e/fixtures/v0.1-install swift test --filter OldInstallationFixture`
/// A person as 0.1 stored one: a typed age, no birth date (today's `Person` reads it).
private struct PersonV01: Codable {
    var firstName: String
    var lastName: String
    var age: UInt
    var email: Email
    var height: Double
}

final class OldInstallationFixture: XCTestCase {
    func testWriteTheFixtureWhenAsked() throws {
        guard let path = ProcessInfo.processInfo.environment["PINFORM_WRITE_V01_FIXTURE"] else { return }
        let folder = URL(fileURLWithPath: path, isDirectory: true)
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var digits = "2468"
        try digits.withUTF8 { try PinVault(directory: folder).store(digits: $0) }
        try AttemptStore(directory: folder).save(.fresh)
        try GtkRuntime.test {
            let database = try Database(at: folder.appendingPathComponent(Database.fileName))
            let people = try RecordStore<PersonV01>(database: database, table: "person", columns: [
                .text("first_name", \.firstName), .text("last_name", \.lastName), .integer("age", \.age),
                .text("email", \.email.address), .real("height", \.height),
            ])
            _ = try people.insert(contentsOf: [
                PersonV01(firstName: "Ada", lastName: "Lovelace", age: 36, email: Email("ada@example.com")!, height: 1.65),
                PersonV01(firstName: "Alan", lastName: "Turing", age: 41, email: Email("alan@example.com")!, height: 1.78),
                PersonV01(firstName: "Grace", lastName: "Hopper", age: 85, email: Email("grace@example.com")!, height: 1.60),
            ])
            // Checkpointed and out of WAL mode, so the fixture is one file.
            try database.executeScript("PRAGMA journal_mode = DELETE")
            database.close()
        }
    }
}
