import Controls
import Foundation
import FormDefinitions
@_spi(Testing) import Gtk
@_spi(Testing) import Storage
import XCTest
@testable import Pinform
@_spi(Testing) @testable import PinformModels
import PinformCore
import PostgresCluster
import PostgresStore
import TestFolders

/// The forms made in the app, on a shared database (a private cluster): a form saved at desk A
/// is the form desk B uses; a change based on an older version is refused; a change killed on
/// the server mid-way leaves the old definition with the old records; a desk joining with forms
/// of its own brings them; only the database's owner changes forms.
final class SharedFormDefinitionsTests: TemporaryFolderTestCase {
    private struct Named: Codable { var name: String }

    private static let member = FormDefinition(id: "member", name: "Member", fields: [
        FieldDefinition(id: "name", label: "Name", kind: .text(.plain), rules: FieldRules(required: true)),
        FieldDefinition(id: "age", label: "Age", kind: .wholeNumber),
    ])

    private static func adding(_ field: FieldDefinition, to definition: FormDefinition) -> FormDefinition {
        var changed = definition
        changed.fields.append(field)
        return changed
    }

    /// A fresh database of the shared cluster owned by a new role; its endpoint.
    private func database(_ prefix: String) throws -> (PostgresCluster, PostgresEndpoint, String) {
        let cluster = try SharedRecordsPanelTests.cluster.get()
        let suffix = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(10)
        let name = "\(prefix)_\(suffix)"
        try cluster.psql("CREATE ROLE \(name) LOGIN PASSWORD 'pw-owner'")
        try cluster.createDatabase(name, owner: name)
        return (cluster, PostgresEndpoint(host: cluster.socketFolder, port: cluster.port, database: name, user: name), name)
    }

    func testAFormSavedAtOneDeskIsUsedAtTheOther() throws {
        let (cluster, endpoint, name) = try database("forms")
        let (pathsA, keyA) = try desk("a", joining: endpoint, password: "pw-owner")
        let (pathsB, keyB) = try desk("b", joining: endpoint, password: "pw-owner")
        try GtkRuntime.test {
            let forms = DefinedForms.shared
            forms.forgetAll()
            defer { forms.forgetAll() }
            let recordsA = RecordsDatabase(paths: pathsA, key: keyA)
            forms.load(from: recordsA)
            XCTAssertNil(forms.changeRefusal, "the owner changes forms")
            try forms.save(Self.member)
            let model = try XCTUnwrap(forms.model(for: "member") as? DefinedModel<DefinedSlot0>.Type)
            var ada = model.blank
            ada.record[value: "name"] = .text("Ada")
            ada.record[value: "age"] = .integer(36)
            try recordsA.store(model).insert(ada)
            recordsA.close()
            // Kept on the server, not in desk A's file.
            let kept = try cluster.psql("SELECT id || ':' || version || ':' || updated_by FROM _pinform_form", database: name)
            XCTAssertEqual(kept.trimmingCharacters(in: .whitespacesAndNewlines), "member:1:\(name)")

            forms.forgetAll()
            let recordsB = RecordsDatabase(paths: pathsB, key: keyB)
            defer { recordsB.close() }
            forms.load(from: recordsB)
            XCTAssertEqual(forms.definitions.map(\.name), ["Member"], "desk B has the form desk A made")
            XCTAssertEqual(forms.version(of: "member"), 1)
            let store = try recordsB.store(model)
            XCTAssertEqual(try store.list().map { $0.model.record[integer: "age"] }, [36], "and its records")
            XCTAssertTrue(FileManager.default.fileExists(atPath: pathsB.recordsFile.path))
            XCTAssertEqual(try FormDefinitionStore(database: XCTUnwrap(recordsB.database)).all(), [], "nothing in B's own file")
        }
    }

    func testTheSecondOfTwoDesksChangingTheSameFormIsRefused() throws {
        let (_, endpoint, _) = try database("clash")
        let (pathsA, keyA) = try desk("a", joining: endpoint, password: "pw-owner")
        let (pathsB, keyB) = try desk("b", joining: endpoint, password: "pw-owner")
        try GtkRuntime.test {
            let recordsA = RecordsDatabase(paths: pathsA, key: keyA)
            let recordsB = RecordsDatabase(paths: pathsB, key: keyB)
            defer { recordsA.close(); recordsB.close() }
            let formsA = DefinedForms(), formsB = DefinedForms()
            formsA.load(from: recordsA)
            try formsA.save(Self.member)
            formsB.load(from: recordsB)
            XCTAssertEqual(formsB.version(of: "member"), 1)

            try formsA.save(Self.adding(FieldDefinition(id: "phone", label: "Phone", kind: .text(.phone)), to: Self.member))
            XCTAssertThrowsError(try formsB.save(Self.adding(FieldDefinition(id: "notes", label: "Notes", kind: .notes),
                                                             to: Self.member))) { error in
                XCTAssertEqual((error as? StoreError)?.message,
                               "The shared database refused this: This form was changed at another desk; reopen it.")
            }
            formsB.load(from: recordsB)
            XCTAssertEqual(formsB.definition("member")?.fields.map(\.id.rawValue), ["name", "age", "phone"],
                           "desk A's change, not a mix")
            XCTAssertEqual(formsB.version(of: "member"), 2)

            // Announced with the form's id and version only: desk B reads the forms again by itself.
            let phone = Self.adding(FieldDefinition(id: "phone", label: "Phone", kind: .text(.phone)), to: Self.member)
            try formsA.save(Self.adding(FieldDefinition(id: "email", label: "E-mail", kind: .text(.email)), to: phone))
            XCTAssertTrue(MainContext.spin(until: {
                recordsB.receiveSharedChanges()
                return formsB.version(of: "member") == 3
            }, timeout: 2), "desk B follows desk A's change")
            XCTAssertEqual(formsB.definition("member")?.fields.map(\.id.rawValue), ["name", "age", "phone", "email"])
            // A designer opened on version 2 before the announcement came is still refused.
            XCTAssertThrowsError(try formsB.save(Self.member, basedOn: 2))
            XCTAssertEqual(formsB.version(of: "member"), 3)
        }
    }

    func testAChangeKilledOnTheServerMidwayLeavesTheOldFormAndRecords() throws {
        let (cluster, endpoint, name) = try database("killed")
        let (paths, key) = try desk("a", joining: endpoint, password: "pw-owner")
        try GtkRuntime.test {
            let records = RecordsDatabase(paths: paths, key: key)
            defer { records.close() }
            records.openIfNeeded()
            let table = "form_member"
            let store = try PostgresRecordStore<Named>(connection: XCTUnwrap(records.sharedConnection),
                                                        table: table, columns: [.text("name", \Named.name)])
            for person in ["Ada", "Grace", "Hedy"] { try store.insert(Named(name: person)) }
            let document = FormDocument.encode(Self.member)
            try records.saveFormDefinition(StoredFormDefinition(id: "member", version: 1, document: document),
                                           records: table, formatVersion: 1, migrate: nil)
            let process = try XCTUnwrap(records.sharedConnection).serverProcess
            var migrated = 0
            XCTAssertThrowsError(try records.saveFormDefinition(
                StoredFormDefinition(id: "member", version: 2, document: document), records: table, formatVersion: 1
            ) { json in
                migrated += 1
                if migrated == 2 {
                    // The server ends this desk's session between two records.
                    _ = try cluster.psql("SELECT pg_terminate_backend(\(process))", database: name)
                }
                return Data(String(decoding: json, as: UTF8.self).replacingOccurrences(of: "\"name\"", with: "\"full_name\"").utf8)
            })
            XCTAssertEqual(migrated, 3)
            let stored = try cluster.psql("SELECT version FROM _pinform_form", database: name)
            XCTAssertEqual(stored.trimmingCharacters(in: .whitespacesAndNewlines), "1", "the old definition")
            let keys = try cluster.psql("SELECT string_agg(DISTINCT k, ',') FROM \(table), jsonb_object_keys(_json) AS k", database: name)
            XCTAssertEqual(keys.trimmingCharacters(in: .whitespacesAndNewlines), "name", "with the old records, none migrated")

            // Saved again: the new definition with every record migrated.
            XCTAssertEqual(try records.saveFormDefinition(
                StoredFormDefinition(id: "member", version: 2, document: document), records: table, formatVersion: 1
            ) { json in Data(String(decoding: json, as: UTF8.self).replacingOccurrences(of: "\"name\"", with: "\"full_name\"").utf8) },
                3)
            let after = try cluster.psql("SELECT string_agg(DISTINCT k, ',') FROM \(table), jsonb_object_keys(_json) AS k", database: name)
            XCTAssertEqual(after.trimmingCharacters(in: .whitespacesAndNewlines), "full_name")
        }
    }

    func testADeskJoiningWithFormsOfItsOwnBringsThemAndReadersMayNotChangeForms() throws {
        let (cluster, endpoint, name) = try database("join")
        let paths = AppPaths(dataDirectory: folder.appendingPathComponent("own/data"),
                             configDirectory: folder.appendingPathComponent("own/config"))
        try paths.ensureExists()
        let vault = KeyVault(directory: paths.dataDirectory, derivation: .fastForTests)
        let key = try vault.create(pin: secret("2468"))
        try GtkRuntime.test {
            let forms = DefinedForms()
            let local = RecordsDatabase(paths: paths, key: key)
            forms.load(from: local)
            try forms.save(Self.member)
            local.close()
        }
        try SharedDatabase.join(endpoint, password: secret("pw-owner"), vault: vault, dataKey: key)
        try GtkRuntime.test {
            let forms = DefinedForms()
            let records = RecordsDatabase(paths: paths, key: key)
            defer { records.close() }
            forms.load(from: records)
            XCTAssertEqual(forms.definitions.map(\.name), ["Member"], "the desk's own form, now the server's")
            XCTAssertEqual(try FormDefinitionStore(database: XCTUnwrap(records.database)).all().map(\.id), ["member"],
                           "and still in its own file")
            // A records table, so that the setup SQL has one to grant the groups.
            try records.store(Person.self).insert(Person(firstName: "Ada", lastName: "Lovelace", statedAge: 36,
                                                         email: Email("ada@example.com")!, height: 1.65))
        }
        let onServer = try cluster.psql("SELECT id FROM _pinform_form", database: name)
        XCTAssertEqual(onServer.trimmingCharacters(in: .whitespacesAndNewlines), "member")

        try cluster.psql(PostgresSchema.setupSQL, database: name)
        let reader = name + "_reader"
        try cluster.psql("CREATE ROLE \(reader) LOGIN PASSWORD 'pw-reader' IN ROLE \(PostgresSchema.clerks)")
        var clerkEndpoint = endpoint
        clerkEndpoint.user = reader
        let (clerkPaths, clerkKey) = try desk("clerk", joining: clerkEndpoint, password: "pw-reader")
        try GtkRuntime.test {
            let forms = DefinedForms()
            let records = RecordsDatabase(paths: clerkPaths, key: clerkKey)
            defer { records.close() }
            forms.load(from: records)
            XCTAssertEqual(forms.definitions.map(\.name), ["Member"], "a clerk uses the forms")
            XCTAssertEqual(forms.changeRefusal, "Only the owner of the shared database can change its forms")
            XCTAssertThrowsError(try forms.save(Self.adding(FieldDefinition(id: "notes", label: "Notes", kind: .notes),
                                                            to: Self.member)))
            XCTAssertEqual(forms.version(of: "member"), 1)
        }
    }

    func testAFormANewerPinformSavedIsNeitherShownNorOverwritten() throws {
        let (cluster, endpoint, name) = try database("newer")
        let (paths, key) = try desk("a", joining: endpoint, password: "pw-owner")
        try GtkRuntime.test {
            let records = RecordsDatabase(paths: paths, key: key)
            defer { records.close() }
            let forms = DefinedForms()
            forms.load(from: records)
            try forms.save(Self.member)
            _ = try cluster.psql("UPDATE _pinform_form SET version = 2, "
                + "document = jsonb_set(document, '{formatVersion}', '99')", database: name)
            forms.load(from: records)
            XCTAssertEqual(forms.definitions, [], "a newer Pinform's form is not shown")
            XCTAssertThrowsError(try records.saveFormDefinition(
                StoredFormDefinition(id: "member", version: 3, document: FormDocument.encode(Self.member)),
                records: "form_member", formatVersion: FormDefinition.currentFormatVersion, migrate: nil)) { error in
                XCTAssertEqual((error as? StoreError)?.message, "The shared database refused this: This form was saved by a "
                    + "newer Pinform at another desk — update Pinform to change it.")
            }
            let kept = try cluster.psql("SELECT version || ':' || (document->>'formatVersion') FROM _pinform_form", database: name)
            XCTAssertEqual(kept.trimmingCharacters(in: .whitespacesAndNewlines), "2:99")
        }
    }
}
