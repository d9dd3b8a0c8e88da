import Foundation
import XCTest
@_spi(Testing) @testable import Storage
#if canImport(Glibc)
import Glibc
#endif

/// A backup is read as a stream (`BackupStream`): what it holds comes out as written, anything
/// changed or cut is refused without a crash and leaves no file behind, and a backup larger than
/// the room beside the records is refused before a byte of it is read.
final class BackupStreamTests: XCTestCase {
    private var folder: TemporaryDirectory!

    override func setUp() {
        folder = TemporaryDirectory()
    }

    override func tearDown() {
        folder = nil
    }

    private let archive = BackupArchive(entries: [
        BackupArchive.Entry(name: "keys.json", data: Data("{\"format\":1}".utf8)),
        BackupArchive.Entry(name: "records.sqlite", data: Data((0..<3 * 1024).map { UInt8($0 % 251) })),
    ])

    func testWhatIsReadIsWhatWasWrittenAndTheRecordsGoToTheirFile() throws {
        // Chunks smaller than the records, so that they are read in several.
        let records = Data((0..<(BackupStream.chunkSize * 2 + 5)).map { UInt8($0 % 253) })
        let big = BackupArchive(entries: [archive.entries[0], BackupArchive.Entry(name: "records.sqlite", data: records)])
        let file = folder.url.appendingPathComponent("a.pinform-backup")
        try big.encoded().write(to: file)
        let unpacked = folder.url.appendingPathComponent("out", isDirectory: true)
        try FileManager.default.createDirectory(at: unpacked, withIntermediateDirectories: false)
        let contents = try BackupStream.read(file, unpackingRecordsInto: unpacked)
        XCTAssertEqual(contents.keyFile, archive.entries[0].data)
        XCTAssertEqual(contents.recordsSize, UInt64(records.count))
        XCTAssertEqual(contents.recordsHead, records.prefix(16))
        let written = try XCTUnwrap(contents.recordsFile)
        XCTAssertEqual(try Data(contentsOf: written), records)
        XCTAssertEqual(TemporaryDirectory.mode(of: written), 0o600)
        // Checked only: nothing is written.
        let checked = try BackupStream.read(file)
        XCTAssertNil(checked.recordsFile)
        XCTAssertEqual(checked.recordsSize, UInt64(records.count))
    }

    func testChangedCutAndStretchedArchivesAreRefusedAndLeaveNoFile() throws {
        let original = archive.encoded()
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(max(1, bound)))
        }
        let file = folder.url.appendingPathComponent("mutated.pinform-backup")
        let unpacked = folder.url.appendingPathComponent("out", isDirectory: true)
        try FileManager.default.createDirectory(at: unpacked, withIntermediateDirectories: false)
        var refused = 0
        for round in 0..<600 {
            var bytes = original
            switch round % 4 {
            case 0: bytes[next(bytes.count)] ^= UInt8(1 + next(255))
            case 1: bytes = bytes.prefix(next(bytes.count))
            case 2: bytes.insert(UInt8(next(256)), at: next(bytes.count))
            default:
                let offsets = [16, 20, 24, 26, 35, 35 + 8]
                let offset = offsets[next(offsets.count)]
                for index in offset..<min(bytes.count, offset + 4) { bytes[index] = [0x00, 0xFF, 0x7F, 0x80][next(4)] }
            }
            guard bytes != original else { continue }
            try bytes.write(to: file)
            do {
                _ = try BackupStream.read(file, unpackingRecordsInto: unpacked)
                XCTFail("round \(round) was read")
            } catch {
                refused += 1
                switch error {
                case .damaged, .notABackup, .newerVersion: break
                default: XCTFail("round \(round): \(error)")
                }
            }
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: unpacked.path), [], "round \(round)")
        }
        XCTAssertGreaterThan(refused, 580)
    }

    func testABackupLargerThanTheRoomBesideTheRecordsIsRefusedAndNothingMoves() throws {
        let paths = AppPaths(dataDirectory: folder.url.appendingPathComponent("data/pinform"),
                             configDirectory: folder.url.appendingPathComponent("config/pinform"))
        try paths.ensureExists()
        try Data("records".utf8).write(to: paths.recordsFile)
        var system = statvfs()
        XCTAssertEqual(statvfs(paths.dataDirectory.path, &system), 0)
        let free = UInt64(system.f_bavail) * UInt64(system.f_frsize)
        // A sparse file: as large as it says, without taking the room.
        let file = folder.url.appendingPathComponent("huge.pinform-backup")
        let descriptor = open(file.path, O_WRONLY | O_CREAT, 0o600)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        XCTAssertEqual(ftruncate(descriptor, off_t(free + (1 << 30))), 0)
        close(descriptor)
        XCTAssertThrowsError(try Backup.restore(file, into: paths)) {
            guard case .noRoom(let path, let needed, _)? = $0 as? BackupError else { return XCTFail("\($0)") }
            XCTAssertEqual(path, file.path)
            XCTAssertGreaterThan(needed, free)
            XCTAssertTrue(($0 as? BackupError)?.message.contains("MB") ?? false)
        }
        XCTAssertEqual(try String(contentsOf: paths.recordsFile, encoding: .utf8), "records")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: paths.dataDirectory.path), [Database.fileName])
    }
}
