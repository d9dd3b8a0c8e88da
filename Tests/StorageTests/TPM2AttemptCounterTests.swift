import Foundation
import XCTest
import SoftwareTPM
@testable import Storage
#if canImport(Glibc)
import Glibc
#endif

/// The attempt count kept in NV indices of a software TPM (swtpm) each test starts: it counts
/// what no file write resets. Without swtpm these tests fail with what to install; they never skip.
final class TPM2AttemptCounterTests: XCTestCase {
    private let auth = [UInt8](repeating: 0x5A, count: TPM2AttemptCounter.authLength)

    override func setUp() {
        super.setUp()
        setenv("TSS2_LOG", "all+none", 1)
    }

    private func define(on tpm: TPM2Device) throws -> TPM2AttemptCounter {
        try auth.withUnsafeBytes { auth in try TPM2AttemptCounter.define(on: tpm, successAuth: auth) }
    }

    private func recordSuccess(_ counter: TPM2AttemptCounter, on tpm: TPM2Device, auth: [UInt8]) throws {
        try auth.withUnsafeBytes { auth in try counter.recordSuccess(on: tpm, successAuth: auth) }
    }

    func testIncrementsCountAsFailuresUntilASuccessIsRecorded() throws {
        let swtpm = try SoftwareTPM()
        let tpm = TPM2Device(tcti: swtpm.tcti)
        let counter = try define(on: tpm)
        XCTAssertNotEqual(counter.counterIndex, counter.successIndex)
        XCTAssertEqual(try counter.failures(on: tpm), 0)
        for _ in 0..<3 { try counter.increment(on: tpm) }
        XCTAssertEqual(try counter.failures(on: tpm), 3)
        // Read again through new connections: the count is in the chip, not in this process.
        XCTAssertEqual(try TPM2AttemptCounter(counterIndex: counter.counterIndex, successIndex: counter.successIndex)
            .failures(on: tpm), 3)
        try recordSuccess(counter, on: tpm, auth: auth)
        XCTAssertEqual(try counter.failures(on: tpm), 0)
        XCTAssertEqual(try swtpm.lockoutCounter(), 0, "the indices are noDA: they never spend the chip's lockout")
    }

    func testTheSuccessIndexRefusesAWriteWithoutItsSecret() throws {
        let swtpm = try SoftwareTPM()
        let tpm = TPM2Device(tcti: swtpm.tcti)
        let counter = try define(on: tpm)
        for _ in 0..<2 { try counter.increment(on: tpm) }
        XCTAssertThrowsError(try recordSuccess(counter, on: tpm, auth: [UInt8](repeating: 0, count: 32)))
        XCTAssertEqual(try counter.failures(on: tpm), 2)
    }

    func testRemovedIndicesAreMissingAndUndefineRemovesBoth() throws {
        let swtpm = try SoftwareTPM()
        let tpm = TPM2Device(tcti: swtpm.tcti)
        let counter = try define(on: tpm)
        try counter.undefine(on: tpm)
        XCTAssertThrowsError(try counter.failures(on: tpm)) { XCTAssertEqual($0 as? TPM2CounterError, .missing) }
        XCTAssertThrowsError(try counter.increment(on: tpm)) { XCTAssertEqual($0 as? TPM2CounterError, .missing) }
        XCTAssertNoThrow(try counter.undefine(on: tpm), "indices already gone are no error")
        // Only the success index gone: still missing, never a count of 0.
        let other = try define(on: tpm)
        let connection = try TPM2Connection(tcti: tpm.tcti)
        try connection.nvUndefine(other.successIndex)
        XCTAssertThrowsError(try other.failures(on: tpm)) { XCTAssertEqual($0 as? TPM2CounterError, .missing) }
    }

    func testATPMWithoutFreeNVSaysSo() throws {
        let swtpm = try SoftwareTPM()
        let tpm = TPM2Device(tcti: swtpm.tcti)
        let connection = try TPM2Connection(tcti: tpm.tcti)
        // Fill the TPM's NV with ordinary indices, large then small, until it refuses even 8 bytes.
        var filler = 0
        var index: UInt32 = 0x0150_0000
        for size: UInt16 in [2048, 256, 8] {
            fill: while filler < 2000 {
                do throws(TPM2Error) {
                    try connection.defineNV(index, size: size, attributes: TPM2Connection.NVAttribute.authWrite
                        | TPM2Connection.NVAttribute.authRead, auth: UnsafeRawBufferPointer(start: nil, count: 0))
                    filler += 1
                    index += 1
                } catch .failed(_, let code, _) where TPM2Connection.tpmResponse(code) == TPM2Connection.NVResponse.nvSpace {
                    break fill
                } catch {
                    throw error
                }
            }
        }
        XCTAssertGreaterThan(filler, 0)
        XCTAssertLessThan(filler, 2000, "swtpm's NV never filled up")
        XCTAssertThrowsError(try define(on: tpm)) { XCTAssertEqual($0 as? TPM2CounterError, .noSpace) }
    }
}
