@testable import Controls
import Foundation
import FormDefinitions
import Forms
@_spi(Testing) import Gtk
import PinCode
import PinformCore
@_spi(Testing) @testable import PinformModels
import Storage
import TestFolders
import XCTest

/// Records made on Debian 12 open on Debian 13: `Tests/e2e/fixtures/debian12-install` is a whole
/// installation written by Pinform 0.1's last build on Debian 12 (SQLCipher 3.4.1, GTK 4.8) through
/// its own code paths (its README.md says how): a PIN and a recovery key, people, sizes and
/// invoices, two forms defined as data with their records, an invoice's draft, and a backup.
///
/// A copy is unlocked with the PIN (a wrong one first) and, on another copy, with the recovery
/// key; every record, form and the draft are read back and compared with what was written, and
/// the records file is then in SQLCipher 4's format with the key file saying so. The backup is
/// checked with the data key, restored into a fresh home and unlocked with the PIN.
final class Debian12RecordsTests: XCTestCase {
    static let pin = "5978"
    static let memberFormID: FormDefinitionID = "form-d12member01"
    static let loanFormID: FormDefinitionID = "form-d12loan0001"

    // MARK: What is written

    static let people: [Person] = [
        Person(firstName: "Ada", lastName: "Lovelace", birthDate: CalendarDate(year: 1815, month: 12, day: 10),
               phone: "+44 20 7946 0018", email: Email("ada@example.com")!, height: 1.65),
        Person(firstName: "Alan", lastName: "Turing", birthDate: CalendarDate(year: 1912, month: 6, day: 23),
               email: Email("alan@example.com")!, height: 1.78),
        // No birth date: an age as typed (kept as `statedAge`).
        Person(firstName: "Grace", lastName: "Hopper", statedAge: 85, email: Email("grace@example.com")!, height: 1.60),
        Person(firstName: "Émilie", lastName: "du Châtelet", birthDate: CalendarDate(year: 1706, month: 12, day: 17),
               phone: "+33 1 23 45 67 89", email: Email("emilie@example.fr")!, height: 1.70),
        Person(firstName: "伟", lastName: "张", birthDate: CalendarDate(year: 1988, month: 2, day: 29),
               phone: "+86 10 5555 0100", email: Email("zhang.wei@example.cn")!, height: 1.82),
    ]

    static let sizes: [Size] = [
        Size(width: 1.2, height: 0.8),
        Size(width: 2.1, height: 0.9),
        Size(width: 0.297, height: 0.21),
    ]

    private static func decimal(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))! }

    /// The invoices, with `customer` pointing at `people[customerIndex]` once saved.
    static let invoices: [(customerIndex: Int, invoice: Invoice)] = [
        (0, Invoice(number: "2026-D12-001", customer: nil, customerName: "",
                    issueDate: CalendarDate(year: 2026, month: 11, day: 2), dueDate: CalendarDate(year: 2026, month: 12, day: 2),
                    lines: [Invoice.Line(description: "Paperweights", quantity: 2, unitPrice: decimal("3.50"), taxRate: 20),
                            Invoice.Line(description: "Inkwells", quantity: 1, unitPrice: decimal("12.00"), taxRate: 0)],
                    currency: .eur, isPaid: false, notes: "The first invoice made on Debian 12")),
        (3, Invoice(number: "2026-D12-002", customer: nil, customerName: "",
                    issueDate: CalendarDate(year: 2026, month: 11, day: 15), dueDate: CalendarDate(year: 2026, month: 12, day: 15),
                    lines: [Invoice.Line(description: "Consulting (hours)", quantity: decimal("7.5"), unitPrice: decimal("85.00"),
                                         taxRate: decimal("7.7"))],
                    currency: .chf, isPaid: true, notes: nil)),
        (1, Invoice(number: "2026-D12-003", customer: nil, customerName: "",
                    issueDate: CalendarDate(year: 2026, month: 12, day: 1), dueDate: CalendarDate(year: 2026, month: 12, day: 31),
                    lines: [Invoice.Line(description: "Valves", quantity: 12, unitPrice: decimal("1.25"), taxRate: 20),
                            Invoice.Line(description: "Punched cards (box)", quantity: decimal("0.125"), unitPrice: decimal("40.00"),
                                         taxRate: 0),
                            Invoice.Line(description: "Delivery", quantity: 1, unitPrice: decimal("9.99"), taxRate: 20)],
                    currency: .gbp, isPaid: false, notes: "Three lines; a quantity of 0.125")),
    ]

    // MARK: Reading back

    @MainActor
    func testRecordsMadeOnDebian12OpenWithThePINTheRecoveryKeyAndFromTheirBackup() async throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("e2e/fixtures/debian12-install", isDirectory: true)
        let facts = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: fixture.appendingPathComponent("fixture.json")))
            as? [String: Any])
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("pinform-d12-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }

        // The key file as written.
        let keyJSON = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: fixture.appendingPathComponent("data/keys.json")))
            as? [String: Any])
        XCTAssertEqual(keyJSON["database"] as? String, "sqlcipher-3.4")
        let slots = try XCTUnwrap(keyJSON["slots"] as? [[String: Any]])
        XCTAssertEqual(slots.map { $0["kind"] as? String }, ["pin", "recovery"])
        for slot in slots { XCTAssertTrue((slot["kdf"] as? String ?? "").hasPrefix("$argon2id$v=19$m=262144,t=3,p=1$")) }

        // 1. The PIN (a wrong one first: refused and counted).
        let byPIN = try Self.copy(fixture, to: work.appendingPathComponent("pin"))
        let pinFlow = PinFlow(changing: false, vault: KeyVault(directory: byPIN.dataDirectory, tpm: nil),
                              attempts: AttemptStore(paths: byPIN), newPINLength: 6)
        XCTAssertEqual(pinFlow.step, .unlock)
        XCTAssertEqual(pinFlow.length, 4, "the PIN window asks for the stored length")
        guard case .wrong = await pinFlow.submit(try Self.secret("1470")) else { return XCTFail("a wrong PIN: \(pinFlow.prompt)") }
        guard case .accepted = await pinFlow.submit(try Self.secret(Self.pin)) else { return XCTFail("the PIN: \(pinFlow.prompt)") }
        let key = try XCTUnwrap(pinFlow.dataKey)
        XCTAssertEqual(key.withBytes { $0.map { String(format: "%02x", $0) }.joined() }, facts["dataKey"] as? String)
        let listing = try Self.list(paths: byPIN, key: key)
        // Moved to SQLCipher 4's format at that unlock, the key file changed last.
        let movedKeys = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: byPIN.dataDirectory.appendingPathComponent("keys.json")))
            as? [String: Any])
        XCTAssertEqual(movedKeys["database"] as? String, "sqlcipher-4")
        let moved = try Database(at: byPIN.recordsFile, key: key)
        XCTAssertEqual(moved.cipherFormat, .sqlcipher4)
        moved.close()
        XCTAssertEqual(try Self.list(paths: byPIN, key: key), listing, "the same records after the move")

        // 2. The recovery key, on a copy of its own.
        let byRecovery = try Self.copy(fixture, to: work.appendingPathComponent("recovery"))
        let recoveryFlow = PinFlow(changing: false, vault: KeyVault(directory: byRecovery.dataDirectory, tpm: nil),
                                   attempts: AttemptStore(paths: byRecovery), newPINLength: 6)
        XCTAssertTrue(recoveryFlow.offersRecoveryKey)
        recoveryFlow.useRecoveryKey()
        let recoveryText = try XCTUnwrap(facts["recoveryKey"] as? String)
        guard case .accepted = await recoveryFlow.submitRecoveryKey(try Self.secret(recoveryText)) else {
            return XCTFail("the recovery key: \(recoveryFlow.prompt)")
        }
        let recovered = try XCTUnwrap(recoveryFlow.dataKey)
        XCTAssertTrue(recovered.matches(key), "the recovery key unwraps another key")
        XCTAssertEqual(recoveryFlow.step, .choose, "after the recovery key a new PIN is asked")
        XCTAssertEqual(try Self.list(paths: byRecovery, key: recovered), listing)

        // 3. The backup: checked with the data key, restored into a fresh home, unlocked with the PIN.
        let backup = fixture.appendingPathComponent(try XCTUnwrap(facts["backup"] as? String))
        try Backup.verify(backup, key: key)
        let restored = AppPaths(dataDirectory: work.appendingPathComponent("restored/data"),
                                configDirectory: work.appendingPathComponent("restored/config"))
        XCTAssertNil(try Backup.restore(backup, into: restored, opening: try Self.secret(Self.pin)), "a fresh home has nothing to move aside")
        let restoredFlow = PinFlow(changing: false, vault: KeyVault(directory: restored.dataDirectory, tpm: nil),
                                   attempts: AttemptStore(paths: restored), newPINLength: 6)
        guard case .accepted = await restoredFlow.submit(try Self.secret(Self.pin)) else {
            return XCTFail("the PIN on the restored backup: \(restoredFlow.prompt)")
        }
        XCTAssertEqual(try Self.list(paths: restored, key: try XCTUnwrap(restoredFlow.dataKey)), listing,
                       "the backup holds the same records, forms and draft")
    }

    /// Every record of every model, the forms and the drafts, as lines of text; checks them
    /// against what was written on the way.
    @MainActor
    private static func list(paths: AppPaths, key: SecretBytes) throws -> [String] {
        var lines: [String] = []
        try withDefinedForms(paths: paths, key: key) { records, forms in
            if let error = records.openError { throw error }
            XCTAssertNil(records.fileReadOnlyReason)
            let database = try XCTUnwrap(records.database)
            XCTAssertEqual(try database.integrityCheck(), ["ok"])

            let people = try records.store(Person.self).list()
            XCTAssertEqual(people.map(\.model), Self.people)
            lines.append("person: \(people.count)")
            for person in people.map({ ($0.id, $0.model) }) {
                lines.append("  person #\(person.0): firstName=\(person.1.firstName) lastName=\(person.1.lastName)"
                    + " birthDate=\(person.1.birthDate.map(String.init(describing:)) ?? "nil")"
                    + " statedAge=\(person.1.statedAge.map(String.init) ?? "nil") phone=\(person.1.phone ?? "nil")"
                    + " email=\(person.1.email.address) height=\(person.1.height)")
            }
            let sizes = try records.store(Size.self).list()
            XCTAssertEqual(sizes.map(\.model), Self.sizes)
            lines.append("size: \(sizes.count)")
            for size in sizes { lines.append("  size #\(size.id): width=\(size.model.width) height=\(size.model.height)") }
            let invoices = try records.store(Invoice.self).list()
            XCTAssertEqual(invoices.count, Self.invoices.count)
            lines.append("invoice: \(invoices.count)")
            for (record, expected) in zip(invoices, Self.invoices) {
                let invoice = record.model
                XCTAssertEqual(invoice.number, expected.invoice.number)
                XCTAssertEqual(invoice.lines, expected.invoice.lines)
                XCTAssertEqual(invoice.customer, RecordRef(id: people[expected.customerIndex].id.rawValue))
                let customer = invoice.customer.map { String($0.id) } ?? "nil"
                lines.append("  invoice #\(record.id): number=\(invoice.number) customer=person #\(customer)"
                    + " customerName=\(invoice.customerName) issueDate=\(invoice.issueDate) dueDate=\(invoice.dueDate)"
                    + " currency=\(invoice.currency.rawValue) isPaid=\(invoice.isPaid) notes=\(invoice.notes ?? "nil")"
                    + " total=\(invoice.total)")
                for line in invoice.lines {
                    lines.append("    line: \(line.description) | quantity=\(line.quantity) unitPrice=\(line.unitPrice)"
                        + " taxRate=\(line.taxRate) amount=\(line.amount)")
                }
            }

            XCTAssertEqual(forms.definitions.map(\.id), [Self.memberFormID, Self.loanFormID])
            for definition in forms.definitions {
                let model = try XCTUnwrap(forms.model(for: definition.id))
                lines.append("form \(definition.id.rawValue) \"\(definition.name)\" version \(forms.version(of: definition.id))"
                    + " table \(model.table): fields "
                    + definition.fields.map { "\($0.id.rawValue)(\($0.kind.typeName))" }.joined(separator: ", ")
                    + (definition.removed.isEmpty ? "" : "; removed \(definition.removed.map(\.id.rawValue).joined(separator: ", "))"))
                lines += try definedRecords(of: model, records: records)
            }
            XCTAssertEqual(try records.store(try XCTUnwrap(forms.model(for: Self.memberFormID)) as! DefinedModel<DefinedSlot0>.Type)
                .list().map(\.model.record.kept), [["phone": .text("+44 20 7946 0018")], ["phone": .text("+1 202 555 0147")], [:]])

            let drafts = DraftStore(database: database)
            let keys = try drafts.keys(startingWith: "")
            XCTAssertEqual(keys, ["invoice.new"])
            for key in keys {
                let data = try XCTUnwrap(try drafts.draft(for: key))
                let stored = try JSONDecoder().decode(DraftKeeper<Invoice>.Stored.self, from: data)
                XCTAssertNil(stored.base)
                lines.append("draft \(key): \(data.count) bytes of JSON, base=\(stored.base == nil ? "nil" : "set")"
                    + " record=\(stored.record.map(String.init) ?? "nil")")
                lines.append("  " + String(decoding: data, as: UTF8.self))
                // Restored into the invoice form as the page offers it.
                let context = ModelContext(records: records, today: { CalendarDate(year: 2026, month: 12, day: 7) })
                let view = Invoice.makeForm(context)
                let keeper = DraftKeeper(form: view, context: context)
                XCTAssertTrue(keeper.restore(try XCTUnwrap(keeper.stored())), "the draft no longer fits the invoice form")
                let invoice = try view.resolve(Invoice.blank).get()
                XCTAssertEqual(invoice.number, "2026-D12-004")
                XCTAssertEqual(invoice.customer, RecordRef(id: people[2].id.rawValue))
                lines.append("  restored: number=\(invoice.number) customer=person #\(invoice.customer.map { String($0.id) } ?? "nil")"
                    + " lines=\(invoice.lines.count) total=\(invoice.total)")
            }
        }
        return lines
    }

    @MainActor
    private static func definedRecords<Model: FormModel>(of model: Model.Type, records: RecordsDatabase) throws -> [String] {
        let all = try records.store(model).list()
        var lines = ["  records: \(all.count)"]
        for record in all {
            guard let defined = record.model as? any DefinedRecordHolder else { continue }
            lines.append("  record #\(record.id): " + describe(defined.definedRecord) + " | summary: \(record.model.summary)")
        }
        return lines
    }

    private static func describe(_ record: DefinedRecord) -> String {
        func text(_ value: FieldValue) -> String {
            if case .lines(let rows) = value { return "[" + rows.map { describe($0) }.joined(separator: "; ") + "]" }
            return value.canonicalText
        }
        var parts = record.values.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue)=\(text($0.value))" }
        if !record.kept.isEmpty {
            parts.append("kept{" + record.kept.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue)=\(text($0.value))" }
                .joined(separator: " ") + "}")
        }
        return parts.joined(separator: " ")
    }

    // MARK: Helpers

    /// The first column of the first row as text ("" when there is none).
    static func text(_ rows: [[SQLValue]]) -> String {
        if case .text(let text)? = rows.first?.first { return text }
        return ""
    }

    /// `text` in locked memory, as the PIN window hands digits (and the recovery key) to the flow.
    static func secret(_ text: String) throws -> SecretBytes {
        var text = text
        return try text.withUTF8 { try SecretBytes(copying: $0) }
    }

    /// A copy of the fixture's data and config folders under `folder`, as the app's folders there.
    static func copy(_ fixture: URL, to folder: URL) throws -> AppPaths {
        let paths = AppPaths(dataDirectory: folder.appendingPathComponent("data"), configDirectory: folder.appendingPathComponent("config"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixture.appendingPathComponent("data"), to: paths.dataDirectory)
        try FileManager.default.copyItem(at: fixture.appendingPathComponent("config"), to: paths.configDirectory)
        return paths
    }
}

/// A defined form's model, whatever its slot: its record.
private protocol DefinedRecordHolder {
    var definedRecord: DefinedRecord { get }
}

extension DefinedModel: DefinedRecordHolder {
    var definedRecord: DefinedRecord { record }
}
