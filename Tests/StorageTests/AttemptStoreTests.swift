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

    func testStoresUseTheDataFolder() {
        let paths = AppPaths(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/ada"])
        XCTAssertEqual(AttemptStore(paths: paths).fileURL.path, "/data/pinform/attempts.json")
        XCTAssertEqual(PinVault(paths: paths).fileURL.path, "/data/pinform/pin.hash")
        XCTAssertEqual(KeyVault(paths: paths).fileURL.path, "/data/pinform/keys.json")
    }
}
