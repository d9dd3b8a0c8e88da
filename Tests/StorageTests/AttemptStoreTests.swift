import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif
@testable import Storage

final class AttemptStoreTests: XCTestCase {
    private var temporary: TemporaryDirectory!
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    override func setUp() {
        temporary = TemporaryDirectory()
    }

    override func tearDown() {
        temporary = nil
    }

    private var attemptsFile: URL { temporary.url.appendingPathComponent("attempts.json") }

    func testMissingFileLoadsAsFresh() {
        let loaded = AttemptStore(directory: temporary.url).load(now: now)
        XCTAssertEqual(loaded, AttemptLoad(record: .fresh, problem: nil))
    }

    func testSavedRecordLoadsBack() throws {
        let store = AttemptStore(directory: temporary.url)
        let record = AttemptRecord(failures: 6, lockouts: 2, lockedUntil: now + 60)
        try store.save(record)
        XCTAssertEqual(store.load(now: now), AttemptLoad(record: record, problem: nil))
    }

    func testRecordWithoutLockLoadsBack() throws {
        let store = AttemptStore(directory: temporary.url)
        let record = AttemptRecord(failures: 2, lockouts: 0, lockedUntil: nil)
        try store.save(record)
        XCTAssertEqual(store.load(now: now).record, record)
    }

    func testFileIsSmallJSONWithMode0600() throws {
        let store = AttemptStore(directory: temporary.url)
        try store.save(AttemptRecord(failures: 5, lockouts: 1, lockedUntil: Date(timeIntervalSince1970: 1_800_000_030)))
        XCTAssertEqual(
            try String(contentsOf: attemptsFile, encoding: .utf8),
            #"{"failures":5,"lockedUntil":1800000030,"lockouts":1}"#
        )
        XCTAssertEqual(TemporaryDirectory.mode(of: attemptsFile), 0o600)
    }

    func testCorruptFileLoadsAsTheStrictestStateAndReportsIt() throws {
        try temporary.write("{not json", to: "attempts.json")
        let loaded = AttemptStore(directory: temporary.url).load(now: now)
        XCTAssertEqual(loaded.record, AttemptRecord(failures: 5, lockouts: 8, lockedUntil: now + 3600))
        XCTAssertEqual(loaded.problem, .corrupt(path: attemptsFile.path))
    }

    func testCorruptFileIsLeftInPlace() throws {
        try temporary.write("{not json", to: "attempts.json")
        _ = AttemptStore(directory: temporary.url).load(now: now)
        XCTAssertEqual(try String(contentsOf: attemptsFile, encoding: .utf8), "{not json")
    }

    func testNegativeCountsAreCorrupt() throws {
        try temporary.write(#"{"failures":-1,"lockouts":0}"#, to: "attempts.json")
        let loaded = AttemptStore(directory: temporary.url).load(now: now)
        XCTAssertEqual(loaded.problem, .corrupt(path: attemptsFile.path))
        XCTAssertEqual(loaded.record, .strictest(now: now))
    }

    func testEmptyFileIsCorrupt() throws {
        try temporary.write("", to: "attempts.json")
        XCTAssertEqual(AttemptStore(directory: temporary.url).load(now: now).problem, .corrupt(path: attemptsFile.path))
    }

    func testAFolderAtTheFilePathLoadsAsTheStrictestState() throws {
        try FileManager.default.createDirectory(at: attemptsFile, withIntermediateDirectories: false)
        let loaded = AttemptStore(directory: temporary.url).load(now: now)
        XCTAssertEqual(loaded.record, .strictest(now: now))
        XCTAssertEqual(loaded.problem, .notARegularFile(path: attemptsFile.path))
    }

    func testAMissingFileLoadsAsTheStrictestStateOnceAPINIsSet() {
        let loaded = AttemptStore(directory: temporary.url).load(now: now, expectingFile: true)
        XCTAssertEqual(loaded.record, .strictest(now: now))
        XCTAssertEqual(loaded.problem, .missing(path: attemptsFile.path))
    }

    func testAFIFOAtTheFilePathIsRefusedWithoutBlocking() throws {
        XCTAssertEqual(mkfifo(attemptsFile.path, 0o600), 0)
        // Were the FIFO opened for reading, this would block until a writer came: none will.
        let loaded = AttemptStore(directory: temporary.url).load(now: now)
        XCTAssertEqual(loaded.record, .strictest(now: now))
        XCTAssertEqual(loaded.problem, .notARegularFile(path: attemptsFile.path))
    }

    func testASymbolicLinkAtTheFilePathIsNotFollowed() throws {
        let target = try temporary.write(#"{"failures":0,"lockouts":0}"#, to: "elsewhere.json")
        try FileManager.default.createSymbolicLink(at: attemptsFile, withDestinationURL: target)
        XCTAssertEqual(AttemptStore(directory: temporary.url).load(now: now).problem, .notARegularFile(path: attemptsFile.path))
    }

    func testTheLockIsExclusiveUntilReleased() throws {
        let store = AttemptStore(directory: temporary.url)
        let first = try XCTUnwrap(try store.lock())
        XCTAssertNil(try store.lock(waiting: false), "a second holder got the lock")
        first.release()
        XCTAssertNotNil(try store.lock(waiting: false))
    }

    func testAFIFOAtTheLockPathIsRefusedWithoutBlocking() throws {
        let store = AttemptStore(directory: temporary.url)
        XCTAssertEqual(mkfifo(store.lockURL.path, 0o600), 0)
        XCTAssertThrowsError(try store.lock()) { error in
            XCTAssertEqual(error as? VaultError, .notARegularFile(path: store.lockURL.path))
        }
    }

    func testSaveOverwritesACorruptFile() throws {
        try temporary.write("{not json", to: "attempts.json")
        let store = AttemptStore(directory: temporary.url)
        try store.save(.fresh)
        XCTAssertEqual(store.load(now: now), AttemptLoad(record: .fresh, problem: nil))
    }

    func testSaveUnderARegularFileFails() throws {
        let file = try temporary.write("not a folder", to: "file")
        XCTAssertThrowsError(try AttemptStore(directory: file).save(.fresh)) { error in
            XCTAssertEqual(error as? VaultError, .writeFailed(path: file.path, reason: "Not a directory"))
        }
    }

    func testRemoveDeletesTheFile() throws {
        let store = AttemptStore(directory: temporary.url)
        try store.save(AttemptRecord(failures: 3, lockouts: 0, lockedUntil: nil))
        try store.remove()
        XCTAssertEqual(store.load(now: now).record, .fresh)
    }

    func testTheCounterIsInTheConfigFolderAndTheKeysInTheDataFolder() {
        let paths = AppPaths(environment: ["XDG_DATA_HOME": "/data", "XDG_CONFIG_HOME": "/config", "HOME": "/home/ada"])
        let store = AttemptStore(paths: paths)
        XCTAssertEqual(store.fileURL.path, "/config/pinform/attempts.json")
        XCTAssertEqual(store.lockURL.path, "/config/pinform/attempts.lock")
        XCTAssertEqual(store.fallbackFileURL?.path, "/data/pinform/attempts.json")
        XCTAssertEqual(PinVault(paths: paths).fileURL.path, "/data/pinform/pin.hash")
        XCTAssertEqual(KeyVault(paths: paths).fileURL.path, "/data/pinform/keys.json")
    }

    // MARK: The config folder, with the data folder as the fallback

    private func folder(_ name: String) throws -> URL {
        let url = temporary.url.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func save(_ record: AttemptRecord, in folder: URL) throws {
        try AttemptStore(directory: folder).save(record)
    }

    func testACounterOnlyInTheDataFolderCountsAndMovesToTheConfigFolderOnTheNextSave() throws {
        let config = try folder("config"), data = try folder("data")
        let earlier = AttemptRecord(failures: 3, lockouts: 1, lockedUntil: now - 60)
        try save(earlier, in: data)
        let store = AttemptStore(directory: config, fallbackDirectory: data)
        let loaded = store.load(now: now, expectingFile: true)
        XCTAssertEqual(loaded, AttemptLoad(record: earlier, problem: nil))
        let next = AttemptRecord(failures: 4, lockouts: 1, lockedUntil: now - 60)
        try store.save(next)
        XCTAssertEqual(AttemptStore(directory: config).load(now: now), AttemptLoad(record: next, problem: nil))
        XCTAssertFalse(FileManager.default.fileExists(atPath: data.appendingPathComponent(AttemptStore.fileName).path))
        XCTAssertEqual(store.load(now: now, expectingFile: true).record, next)
    }

    func testWhenBothFoldersHoldACounterTheStricterOneCounts() throws {
        let config = try folder("config"), data = try folder("data")
        try save(AttemptRecord(failures: 1, lockouts: 2, lockedUntil: now + 30), in: config)
        try save(AttemptRecord(failures: 4, lockouts: 1, lockedUntil: now + 90), in: data)
        let loaded = AttemptStore(directory: config, fallbackDirectory: data).load(now: now, expectingFile: true)
        XCTAssertEqual(loaded, AttemptLoad(record: AttemptRecord(failures: 4, lockouts: 2, lockedUntil: now + 90), problem: nil))
    }

    func testADamagedCounterInTheDataFolderIsTheStrictestStateWhateverTheConfigFolderHolds() throws {
        let config = try folder("config"), data = try folder("data")
        try save(.fresh, in: config)
        try "{not json".write(to: data.appendingPathComponent(AttemptStore.fileName), atomically: false, encoding: .utf8)
        let loaded = AttemptStore(directory: config, fallbackDirectory: data).load(now: now, expectingFile: true)
        XCTAssertEqual(loaded.record, .strictest(now: now))
        XCTAssertEqual(loaded.problem, .corrupt(path: data.appendingPathComponent(AttemptStore.fileName).path))
    }

    func testACounterMissingFromBothFoldersWhileAPINIsSetIsTheStrictestState() throws {
        let config = try folder("config"), data = try folder("data")
        let loaded = AttemptStore(directory: config, fallbackDirectory: data).load(now: now, expectingFile: true)
        XCTAssertEqual(loaded.record, .strictest(now: now))
        XCTAssertEqual(loaded.problem, .missing(path: config.appendingPathComponent(AttemptStore.fileName).path))
    }

    func testTheCounterAndItsLockGoToTheDataFolderWhenTheConfigFolderCannotBeWritten() throws {
        // A regular file where the config folder's parent should be: nothing can be made there.
        let blocked = try temporary.write("not a folder", to: "config-home").appendingPathComponent("pinform")
        let data = try folder("data")
        let store = AttemptStore(directory: blocked, fallbackDirectory: data)
        let lock = try XCTUnwrap(try store.lock(waiting: false))
        defer { lock.release() }
        XCTAssertTrue(FileManager.default.fileExists(atPath: data.appendingPathComponent(AttemptStore.lockName).path))
        let record = AttemptRecord(failures: 2, lockouts: 0, lockedUntil: nil)
        try store.save(record)
        XCTAssertEqual(AttemptStore(directory: data).load(now: now).record, record)
        XCTAssertEqual(store.load(now: now, expectingFile: true), AttemptLoad(record: record, problem: nil))
    }

    func testASaveFailsNamingTheConfigFolderWhenNeitherFolderCanBeWritten() throws {
        let file = try temporary.write("not a folder", to: "file")
        let store = AttemptStore(directory: file.appendingPathComponent("config"), fallbackDirectory: file.appendingPathComponent("data"))
        XCTAssertThrowsError(try store.save(.fresh)) { error in
            XCTAssertEqual(error as? VaultError, .writeFailed(path: file.appendingPathComponent("config").path, reason: "Not a directory"))
        }
        XCTAssertThrowsError(try store.lock(waiting: false))
    }
}
