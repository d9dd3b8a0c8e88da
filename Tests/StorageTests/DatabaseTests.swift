import Foundation
import XCTest
@_spi(Testing) @testable import Storage

final class DatabaseTests: XCTestCase {
    private var temporary: TemporaryDirectory!

    override func setUp() {
        temporary = TemporaryDirectory()
    }

    override func tearDown() {
        temporary = nil
    }

    private var file: URL { temporary.url.appendingPathComponent(Database.fileName) }

    private func integer(_ database: Database, _ sql: String) throws -> Int64? {
        guard case .integer(let value)? = try database.rows(sql).first?.first else { return nil }
        return value
    }

    func testOpeningSetsWriteAheadLogFullSyncAndForeignKeys() throws {
        let database = try Database(at: file)
        XCTAssertEqual(try database.rows("PRAGMA journal_mode"), [[.text("wal")]])
        XCTAssertEqual(try integer(database, "PRAGMA synchronous"), 2)
        XCTAssertEqual(try integer(database, "PRAGMA foreign_keys"), 1)
    }

    func testRecordsFileIsInTheDataFolder() {
        let paths = AppPaths(dataDirectory: temporary.url, configDirectory: temporary.url)
        XCTAssertEqual(paths.recordsFile, file)
    }

    func testValuesOfEveryStorageClassRoundTrip() throws {
        let database = try Database.inMemory()
        try database.execute("CREATE TABLE t(a, b, c, d, e, f, g)")
        let values: [SQLValue] = [
            .null, .integer(.min), .real(-0.5), .text("naïve 🙂 \"q\" '%_'\u{0}end"), .blob([0, 255, 7]),
            .text(""), .blob([]),
        ]
        try database.execute("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?, ?)", values)
        XCTAssertEqual(try database.rows("SELECT * FROM t"), [values])
    }

    func testMigrationsRunInOrderAndSetTheUserVersion() throws {
        let migrations = [
            Migration.sql("create", "CREATE TABLE log(step TEXT)"),
            Migration("first") { try $0.execute("INSERT INTO log VALUES ('first')") },
            Migration("second") { try $0.execute("INSERT INTO log VALUES ('second')") },
        ]
        let database = try Database(at: file, migrations: migrations)
        XCTAssertEqual(try database.userVersion, 3)
        XCTAssertEqual(try database.rows("SELECT step FROM log"), [[.text("first")], [.text("second")]])
    }

    func testOnlyMigrationsNotYetAppliedRun() throws {
        let first = [Migration.sql("create", "CREATE TABLE log(step TEXT); INSERT INTO log VALUES ('one')")]
        try Database(at: file, migrations: first).close()
        let both = first + [Migration.sql("two", "INSERT INTO log VALUES ('two')")]
        let database = try Database(at: file, migrations: both)
        XCTAssertEqual(try database.userVersion, 2)
        XCTAssertEqual(try database.rows("SELECT step FROM log"), [[.text("one")], [.text("two")]])
    }

    func testAFailingMigrationUndoesAllPendingMigrations() throws {
        let migrations = [
            Migration.sql("create", "CREATE TABLE log(step TEXT)"),
            Migration.sql("broken", "INSERT INTO missing VALUES (1)"),
        ]
        XCTAssertThrowsError(try Database(at: file, migrations: migrations))
        let database = try Database(at: file)
        XCTAssertEqual(try database.userVersion, 0)
        XCTAssertEqual(try database.rows("SELECT name FROM sqlite_master WHERE name = 'log'"), [])
    }

    func testAFileFromANewerVersionIsRefusedForWritingAndNotOfferedAFreshStart() throws {
        let migrations = [Migration.sql("a", "CREATE TABLE a(x)"), Migration.sql("b", "CREATE TABLE b(x)")]
        try Database(at: file, migrations: migrations).close()
        XCTAssertThrowsError(try Database(at: file, migrations: Array(migrations.prefix(1)))) { error in
            XCTAssertEqual(error as? StoreError, .newerSchema(path: file.path, found: 2, supported: 1))
            XCTAssertEqual((error as? StoreError)?.offersFreshStart, false)
        }
    }

    func testAFileFromANewerVersionOpensReadOnlyAndUnchanged() throws {
        let migrations = [Migration.sql("a", "CREATE TABLE a(x); INSERT INTO a VALUES (7)"), Migration.sql("b", "CREATE TABLE b(x)")]
        try Database(at: file, migrations: migrations).close()
        let (database, reason) = try Database.openPreferringWrite(at: file, migrations: Array(migrations.prefix(1)))
        XCTAssertEqual(reason, .newerVersion)
        XCTAssertTrue(database.isReadOnly)
        XCTAssertTrue(database.isFromNewerVersion)
        XCTAssertEqual(try database.rows("SELECT x FROM a"), [[.integer(7)]])
        XCTAssertEqual(try database.userVersion, 2)
        XCTAssertTrue(reason?.message(path: file.path).contains("newer version of Pinform") == true)
    }

    func testAWritableFileOpensForWriting() throws {
        let (database, reason) = try Database.openPreferringWrite(at: file)
        XCTAssertNil(reason)
        XCTAssertFalse(database.isReadOnly)
    }

    func testATransactionThatThrowsSavesNothing() throws {
        let database = try Database.inMemory()
        try database.execute("CREATE TABLE t(x)")
        XCTAssertThrowsError(try database.transaction {
            try database.execute("INSERT INTO t VALUES (1)")
            throw StoreError.notFound(RecordID(1))
        })
        XCTAssertEqual(try integer(database, "SELECT count(*) FROM t"), 0)
    }

    func testAFailedInnerTransactionKeepsTheOuterOnesChanges() throws {
        let database = try Database.inMemory()
        try database.execute("CREATE TABLE t(x)")
        try database.transaction {
            try database.execute("INSERT INTO t VALUES (1)")
            try? database.transaction {
                try database.execute("INSERT INTO t VALUES (2)")
                throw StoreError.notFound(RecordID(2))
            }
        }
        XCTAssertEqual(try database.rows("SELECT x FROM t"), [[.integer(1)]])
    }

    func testIntegrityCheckOfASoundFileIsOK() throws {
        let database = try Database(at: file)
        try database.execute("CREATE TABLE t(x)")
        XCTAssertEqual(try database.integrityCheck(), ["ok"])
    }

    func testAFileOfGarbageIsReportedAsCorrupt() throws {
        var generator = SystemRandomNumberGenerator()
        let garbage = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try garbage.write(to: file)
        XCTAssertThrowsError(try Database(at: file)) { error in
            XCTAssertEqual(error as? StoreError, .corrupt(path: file.path))
            XCTAssertEqual((error as? StoreError)?.message.hasPrefix("The records file is damaged"), true)
            XCTAssertTrue((error as? StoreError)?.offersFreshStart == true)
        }
        XCTAssertEqual(try Data(contentsOf: file), garbage, "opening must not change a damaged file")
    }

    func testMovingADamagedFileAsideKeepsItAndAllowsAFreshStart() throws {
        let garbage = Data(repeating: 0xA5, count: 4096)
        try garbage.write(to: file)
        try Data("log".utf8).write(to: URL(fileURLWithPath: file.path + "-wal"))
        let moment = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14 22:13:20 UTC

        let moved = try Database.moveAside(fileAt: file, now: moment)

        XCTAssertEqual(moved?.lastPathComponent, "records.sqlite.damaged-20231114T221320Z")
        XCTAssertEqual(try moved.map { try Data(contentsOf: $0) }, garbage)
        XCTAssertTrue(FileManager.default.fileExists(atPath: moved!.path + "-wal"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path + "-wal"))
        let fresh = try Database(at: file)
        try fresh.execute("CREATE TABLE t(x)")
        XCTAssertEqual(try fresh.integrityCheck(), ["ok"])
    }

    func testMovingAsideTwiceInOneSecondKeepsBothFiles() throws {
        let moment = Date(timeIntervalSince1970: 1_700_000_000)
        try Data("first".utf8).write(to: file)
        let first = try Database.moveAside(fileAt: file, now: moment)
        try Data("second".utf8).write(to: file)
        let second = try Database.moveAside(fileAt: file, now: moment)
        XCTAssertNotEqual(first, second)
        XCTAssertEqual(try Data(contentsOf: first!), Data("first".utf8))
        XCTAssertEqual(try Data(contentsOf: second!), Data("second".utf8))
    }

    func testMovingAsideWhenThereIsNoFileDoesNothing() throws {
        XCTAssertNil(try Database.moveAside(fileAt: file))
    }

    func testAWriteWhileAnotherConnectionHoldsTheLockReportsBusy() throws {
        let holder = try Database(at: file)
        try holder.execute("CREATE TABLE t(x)")
        let other = try Database(at: file, busyTimeout: .milliseconds(50))
        try holder.transaction {
            try holder.execute("INSERT INTO t VALUES (1)")
            XCTAssertThrowsError(try other.execute("INSERT INTO t VALUES (2)")) { error in
                XCTAssertEqual(error as? StoreError, .busy(path: file.path))
                XCTAssertEqual((error as? StoreError)?.message.hasPrefix("The records file is busy: another program is writing to it"), true)
                XCTAssertEqual((error as? StoreError)?.offersRetry, true)
                XCTAssertEqual((error as? StoreError)?.offersFreshStart, false, "a busy file is never moved aside")
            }
        }
        XCTAssertEqual(try other.rows("SELECT x FROM t"), [[.integer(1)]])
    }

    func testAFileInAFolderThatIsAFileCannotBeOpened() throws {
        let notAFolder = try temporary.write("plain file", to: "data")
        let inside = notAFolder.appendingPathComponent(Database.fileName)
        XCTAssertThrowsError(try Database(at: inside)) { error in
            guard case .cannotOpen(let path, _)? = error as? StoreError else {
                return XCTFail("expected cannotOpen, got \(error)")
            }
            XCTAssertEqual(path, inside.path)
        }
    }

    func testWritingThroughAReadOnlyConnectionFailsAndKeepsTheData() throws {
        let writer = try Database(at: file)
        try writer.execute("CREATE TABLE t(x)")
        try writer.execute("INSERT INTO t VALUES (1)")
        let reader = try Database(at: file, readOnly: true)
        XCTAssertThrowsError(try reader.execute("INSERT INTO t VALUES (2)")) { error in
            XCTAssertEqual(error as? StoreError, .readOnly(path: file.path))
        }
        XCTAssertEqual(try reader.rows("SELECT x FROM t"), [[.integer(1)]])
    }

    func testWritingWhenOnlyQueriesAreAllowedReportsReadOnly() throws {
        let database = try Database(at: file)
        try database.execute("CREATE TABLE t(x)")
        try database.execute("PRAGMA query_only = ON")
        XCTAssertThrowsError(try database.execute("INSERT INTO t VALUES (1)")) { error in
            XCTAssertEqual(error as? StoreError, .readOnly(path: file.path))
        }
    }

    /// Set in the child that `testAFolderWithoutWritePermissionReportsAnError` starts without
    /// root's power to ignore file permissions, when the tests run as root.
    private static let lockedFolderVariable = "PINFORM_LOCKED_FOLDER"

    func testAFolderWithoutWritePermissionReportsAnError() throws {
        if let folder = ProcessInfo.processInfo.environment[Self.lockedFolderVariable] {
            assertCannotOpen(in: URL(fileURLWithPath: folder))
            return
        }
        var template = Array((temporary.url.path + "/locked-XXXXXX").utf8CString)
        let folder = URL(fileURLWithPath: String(cString: try XCTUnwrap(mkdtemp(&template))))
        chmod(folder.path, 0o555)
        defer { chmod(folder.path, 0o700) }
        guard geteuid() == 0 else {
            assertCannotOpen(in: folder)
            return
        }
        // Root writes anywhere through CAP_DAC_OVERRIDE: run this test again as root without
        // the capabilities that bypass permissions. (Not as another user: the checkout may be
        // under /root, which no other user can enter.) The folder is root's, mode 0555.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        process.arguments = ["--inh-caps=-all", "--bounding-set=-dac_override,-dac_read_search,-fowner", executable,
                             "StorageTests.DatabaseTests/testAFolderWithoutWritePermissionReportsAnError"]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.lockedFolderVariable] = folder.path
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, text)
        XCTAssertTrue(text.contains("Executed 1 test, with 0 failures"), text)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent(Database.fileName).path))
    }

    /// Runs one test of this class again in a child process with `environment` added, as
    /// `wrapper` (a command and its arguments) starts it, and asserts that it passed.
    private func runInChild(_ test: String, wrapper: [String], environment added: [String: String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: wrapper[0])
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        process.arguments = Array(wrapper.dropFirst()) + [executable, "StorageTests.DatabaseTests/\(test)"]
        process.environment = ProcessInfo.processInfo.environment.merging(added) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus == 0 {
            XCTAssertTrue(text.contains("Executed 1 test, with 0 failures"), text)
        } else if process.terminationStatus != Self.cannotMountStatus {
            XCTFail("the child failed (\(process.terminationStatus)):\n\(text)")
        }
        return process.terminationStatus
    }

    /// What the `unshare` wrapper exits with when this machine does not let it mount.
    private static let cannotMountStatus: Int32 = 97

    private func assertCannotOpen(in folder: URL) {
        XCTAssertThrowsError(try Database(at: folder.appendingPathComponent(Database.fileName))) { error in
            guard case .cannotOpen? = error as? StoreError else { return XCTFail("got \(error)") }
        }
    }

    // MARK: What is where the records file belongs

    func testANamedPipeWhereTheFileBelongsIsRefusedWithoutOpeningIt() throws {
        XCTAssertEqual(mkfifo(file.path, 0o600), 0)
        XCTAssertThrowsError(try Database(at: file)) { error in
            XCTAssertEqual(error as? StoreError, .notARegularFile(path: file.path, kind: "a named pipe"))
            XCTAssertEqual((error as? StoreError)?.message,
                           "“\(file.path)” is a named pipe, not a data file. Pinform does not open it; move it away and try again.")
            XCTAssertEqual((error as? StoreError)?.offersFreshStart, false)
        }
    }

    func testASymbolicLinkWhereTheFileBelongsIsRefused() throws {
        let elsewhere = try temporary.write("", to: "elsewhere.sqlite")
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: elsewhere)
        XCTAssertThrowsError(try Database(at: file)) { error in
            XCTAssertEqual(error as? StoreError, .notARegularFile(path: file.path, kind: "a symbolic link"))
        }
    }

    func testANamedPipeWhereTheLogBelongsIsRefused() throws {
        try Database(at: file).execute("CREATE TABLE t(x)")
        XCTAssertEqual(mkfifo(file.path + "-wal", 0o600), 0)
        XCTAssertThrowsError(try Database(at: file)) { error in
            XCTAssertEqual(error as? StoreError, .notARegularFile(path: file.path + "-wal", kind: "a named pipe"))
        }
    }

    func testADeviceWhereTheFileBelongsIsRefused() throws {
        try XCTSkipUnless(geteuid() == 0, "only root can make a device node")
        // /dev/null's numbers: character device 1, 3.
        XCTAssertEqual(mknod(file.path, S_IFCHR | 0o600, dev_t(1 << 8 | 3)), 0)
        XCTAssertThrowsError(try Database(at: file)) { error in
            XCTAssertEqual(error as? StoreError, .notARegularFile(path: file.path, kind: "a device"))
        }
    }

    func testANamedPipeIsNeverMovedAside() throws {
        XCTAssertEqual(mkfifo(file.path, 0o600), 0)
        XCTAssertThrowsError(try Database.moveAside(fileAt: file)) { error in
            guard case .notARegularFile? = error as? StoreError else { return XCTFail("got \(error)") }
        }
        XCTAssertTrue(FileOperations.exists(atPath: file.path))
    }

    // MARK: Another process with the file open

    /// The sqlite3 shell in another process, with the database open (and, given SQL, doing it).
    private final class OtherProcess {
        private let process = Process()
        private let input = Pipe()
        private let output = Pipe()

        init(file: URL, running sql: String = "SELECT count(*) FROM sqlite_master;") throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
            process.arguments = [file.path]
            process.standardInput = input
            process.standardOutput = output
            process.standardError = output
            try process.run()
            input.fileHandleForWriting.write(Data((sql + "\nSELECT 'ready';\n").utf8))
            var text = ""
            while !text.contains("ready") {
                let data = output.fileHandleForReading.availableData
                if data.isEmpty { throw StoreError.other(code: 0, reason: "sqlite3 ended: \(text)") }
                text += String(decoding: data, as: UTF8.self)
            }
        }

        /// Runs more SQL in it.
        func run(_ sql: String) {
            input.fileHandleForWriting.write(Data((sql + "\n").utf8))
        }

        /// Ends its session and waits until it exited.
        func finish() {
            input.fileHandleForWriting.closeFile()
            process.waitUntilExit()
        }
    }

    func testAFileAnotherProcessHasOpenIsNotMovedAside() throws {
        try Database(at: file).execute("CREATE TABLE t(x)")
        let other = try OtherProcess(file: file)
        XCTAssertTrue(Database.isOpenElsewhere(fileAt: file))
        XCTAssertThrowsError(try Database.moveAside(fileAt: file)) { error in
            XCTAssertEqual(error as? StoreError, .inUse(path: file.path))
            XCTAssertEqual((error as? StoreError)?.offersRetry, true)
        }
        XCTAssertTrue(FileOperations.exists(atPath: file.path))
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: temporary.path).contains { $0.contains("damaged") })
        other.finish()
        XCTAssertFalse(Database.isOpenElsewhere(fileAt: file))
        XCTAssertNotNil(try Database.moveAside(fileAt: file))
    }

    func testABusyFileIsNeitherMovedNorChangedAndAnotherProcessesCommitLandsInIt() throws {
        let database = try Database(at: file, busyTimeout: .milliseconds(50))
        try database.execute("CREATE TABLE t(x)")
        let other = try OtherProcess(file: file, running: "BEGIN IMMEDIATE; INSERT INTO t VALUES (2);")
        XCTAssertThrowsError(try database.execute("INSERT INTO t VALUES (1)")) { error in
            XCTAssertEqual(error as? StoreError, .busy(path: file.path))
            XCTAssertEqual((error as? StoreError)?.offersFreshStart, false)
        }
        database.close()
        XCTAssertThrowsError(try Database.moveAside(fileAt: file)) { error in
            XCTAssertEqual(error as? StoreError, .inUse(path: file.path))
        }
        other.run("COMMIT;")
        other.finish()
        XCTAssertEqual(try Database(at: file).rows("SELECT x FROM t"), [[.integer(2)]])
    }

    func testADamagedFileAnotherProcessMerelyHasOpenIsNotMovedAside() throws {
        try Data(repeating: 0xA5, count: 4096).write(to: file)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The shell holds the file open on descriptor 3 until its input ends.
        reader.arguments = ["-c", "exec 3<\"$0\"; echo ready; read line", file.path]
        let input = Pipe(), output = Pipe()
        reader.standardInput = input
        reader.standardOutput = output
        try reader.run()
        XCTAssertEqual(String(decoding: output.fileHandleForReading.availableData, as: UTF8.self), "ready\n")
        XCTAssertThrowsError(try Database.moveAside(fileAt: file)) { error in
            XCTAssertEqual(error as? StoreError, .inUse(path: file.path))
        }
        input.fileHandleForWriting.closeFile()
        reader.waitUntilExit()
        XCTAssertNotNil(try Database.moveAside(fileAt: file))
    }

    func testAnOwnConnectionStillOpenCountsAsOpen() throws {
        let database = try Database(at: file)
        try database.execute("CREATE TABLE t(x)")
        XCTAssertTrue(Database.isOpenElsewhere(fileAt: file))
        database.close()
        XCTAssertFalse(Database.isOpenElsewhere(fileAt: file))
    }

    func testMovingAsideTakesTheLogItsIndexAndTheJournalAlong() throws {
        try Data(repeating: 0xA5, count: 4096).write(to: file)
        for suffix in ["-wal", "-shm", "-journal"] {
            try Data(suffix.utf8).write(to: URL(fileURLWithPath: file.path + suffix))
        }
        let moved = try XCTUnwrap(try Database.moveAside(fileAt: file))
        for suffix in ["", "-wal", "-shm", "-journal"] {
            XCTAssertFalse(FileOperations.exists(atPath: file.path + suffix), suffix)
            XCTAssertTrue(FileOperations.exists(atPath: moved.path + suffix), suffix)
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: moved.path + "-shm")), Data("-shm".utf8))
    }

    // MARK: A read-only folder

    /// The folder the child of `testAReadOnlyFolderOpensReadOnlyAndShowsTheRecords` checks.
    private static let readOnlyFolderVariable = "PINFORM_READ_ONLY_FOLDER"

    func testAReadOnlyFolderOpensReadOnlyAndShowsTheRecords() throws {
        if let folder = ProcessInfo.processInfo.environment[Self.readOnlyFolderVariable] {
            try assertReadsReadOnly(in: URL(fileURLWithPath: folder))
            return
        }
        let folder = temporary.url.appendingPathComponent("pinform")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let store = try Fixtures.people(in: try Database(at: folder.appendingPathComponent(Database.fileName)))
        try store.insert(contentsOf: [Person("Ada", "Lovelace"), Person("Zoë", "Zürich")])
        store.database.close()
        try checkReadOnly(folder, expecting: [Database.fileName])
    }

    func testAReadOnlyFolderLeftByACrashShowsTheRecordsStillInTheLog() throws {
        if let folder = ProcessInfo.processInfo.environment[Self.readOnlyFolderVariable] {
            try assertReadsReadOnly(in: URL(fileURLWithPath: folder))
            return
        }
        // The files as a killed process leaves them: the records only in the write-ahead log.
        let live = temporary.url.appendingPathComponent("live")
        try FileManager.default.createDirectory(at: live, withIntermediateDirectories: false)
        let database = try Database(at: live.appendingPathComponent(Database.fileName))
        try database.execute("PRAGMA wal_autocheckpoint = 0")
        try Fixtures.people(in: database).insert(contentsOf: [Person("Ada", "Lovelace"), Person("Zoë", "Zürich")])
        let folder = temporary.url.appendingPathComponent("pinform")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        for suffix in ["", "-wal"] {
            try FileManager.default.copyItem(at: live.appendingPathComponent(Database.fileName + suffix),
                                             to: folder.appendingPathComponent(Database.fileName + suffix))
        }
        database.close()
        try checkReadOnly(folder, expecting: [Database.fileName, Database.fileName + "-wal"])
    }

    func testAnOldInstallationInAReadOnlyFolderUnlocksAndOpensReadOnlyWithoutBeingUpgraded() throws {
        if let path = ProcessInfo.processInfo.environment[Self.readOnlyFolderVariable] {
            try assertUnlocksWithoutUpgrade(in: URL(fileURLWithPath: path))
            return
        }
        let folder = temporary.url.appendingPathComponent("pinform")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let store = try Fixtures.people(in: try Database(at: folder.appendingPathComponent(Database.fileName)))
        try store.insert(contentsOf: [Person("Ada", "Lovelace"), Person("Zoë", "Zürich")])
        try store.database.executeScript("PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE")
        store.database.close()
        var digits = "2468"
        try digits.withUTF8 { try PinVault(directory: folder).store(digits: $0) }
        XCTAssertTrue(Database.canEncryptPlaintextFile(at: folder.appendingPathComponent(Database.fileName)))
        try checkReadOnly(folder, expecting: [Database.fileName, PinVault.fileName], check: assertUnlocksWithoutUpgrade)
        XCTAssertTrue(Database.isPlaintextFile(at: folder.appendingPathComponent(Database.fileName)))
    }

    private func assertUnlocksWithoutUpgrade(in folder: URL) throws {
        let records = folder.appendingPathComponent(Database.fileName)
        let vault = KeyVault(directory: folder, derivation: .fastForTests)
        XCTAssertTrue(vault.needsUpgrade)
        var wrong = "1357", right = "2468"
        XCTAssertNil(try wrong.withUTF8 { try vault.unlock(pin: try SecretBytes(copying: $0)) })
        XCTAssertNotNil(try right.withUTF8 { try vault.unlock(pin: try SecretBytes(copying: $0)) })
        XCTAssertTrue(vault.needsUpgrade, "the PIN is still the old hash")
        XCTAssertFalse(Database.canEncryptPlaintextFile(at: records))
        let store = try Fixtures.people(in: try Database(at: records, readOnly: true))
        XCTAssertEqual(try store.list(sortedBy: "last_name").map(\.model.firstName), ["Ada", "Zoë"])
        XCTAssertEqual(Database.ReadOnlyReason.notEncryptedYet.message(path: records.path).contains("can only be read"), true)
    }

    /// Runs the calling test again with `folder` read-only — a read-only mount for real as
    /// root where mounting is allowed, else a folder without write permission — then checks
    /// that nothing was added to it.
    private func checkReadOnly(_ folder: URL, expecting files: [String], check: ((URL) throws -> Void)? = nil,
                               test: String = #function) throws {
        let test = String(test.prefix { $0 != "(" })
        // Group and other may read: ensureExists would tighten that, and cannot on a read-only disk.
        chmod(folder.path, 0o755)
        defer { chmod(folder.path, 0o700) }
        let environment = [Self.readOnlyFolderVariable: folder.path]
        if geteuid() != 0 {
            chmod(folder.path, 0o555)
            try (check ?? assertReadsReadOnly)(folder)
        } else {
            // Root ignores permissions: a read-only bind mount in a mount namespace of the
            // child's own…
            let mounting = """
                mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" "$0" || exit \(Self.cannotMountStatus)
                exec "$@"
                """
            if try runInChild(test, wrapper: ["/usr/bin/unshare", "-m", "/bin/sh", "-c", mounting, folder.path],
                              environment: environment) == Self.cannotMountStatus {
                // …or, where mounting is not allowed, no write permission and root without the
                // power to ignore it.
                chmod(folder.path, 0o555)
                _ = try runInChild(test, wrapper: ["/usr/bin/setpriv", "--inh-caps=-all",
                                                   "--bounding-set=-dac_override,-dac_read_search,-fowner"],
                                   environment: environment)
            }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), files.sorted(),
                       "nothing was added to the folder")
    }

    private func assertReadsReadOnly(in folder: URL) throws {
        let paths = AppPaths(dataDirectory: folder, configDirectory: temporary.url)
        XCTAssertNoThrow(try paths.ensureExists())
        let (database, reason) = try Database.openPreferringWrite(at: paths.recordsFile)
        XCTAssertEqual(reason, .cannotWrite)
        XCTAssertEqual(reason?.message(path: paths.recordsFile.path).contains("can only be read"), true)
        let store = try Fixtures.people(in: database)
        XCTAssertEqual(try store.list(sortedBy: "last_name").map(\.model.firstName), ["Ada", "Zoë"])
        XCTAssertEqual(try store.count(matching: "ZÜR"), 1)
        XCTAssertThrowsError(try store.insert(Person("Grace", "Hopper"))) { error in
            XCTAssertEqual(error as? StoreError, .readOnly(path: paths.recordsFile.path))
        }
    }

    func testUsingAClosedDatabaseFails() throws {
        let database = try Database.inMemory()
        database.close()
        XCTAssertThrowsError(try database.execute("SELECT 1")) { error in
            XCTAssertEqual(error as? StoreError, .closed(path: ":memory:"))
        }
    }

    func testConstraintViolationsAreReportedAsSuch() throws {
        let database = try Database.inMemory()
        try database.execute("CREATE TABLE t(x UNIQUE)")
        try database.execute("INSERT INTO t VALUES (1)")
        XCTAssertThrowsError(try database.execute("INSERT INTO t VALUES (1)")) { error in
            guard case .constraint? = error as? StoreError else { return XCTFail("got \(error)") }
        }
    }
}
