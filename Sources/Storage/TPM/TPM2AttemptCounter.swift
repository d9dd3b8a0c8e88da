import CSodium
import CTss2

/// The PIN's attempt count kept in the TPM, where no file write resets it: an NV counter index
/// that is incremented for every PIN the TPM judged wrong, before that answer is shown (a check
/// cut short shows nothing, so gains nothing; a counter only goes up; its auth value is empty,
/// so anyone may increment it — that only makes the lockout stricter), and an 8-byte NV index
/// holding the counter's value at the last right PIN, whose write needs a secret only a right
/// PIN releases (`successAuth`, derived from the data key). Both are readable with the owner
/// hierarchy's (empty) password, and both are `noDA`: they never spend the chip's lockout.
///
/// Failures since the last right PIN = counter − last success. A fresh or restored attempts
/// file cannot lower that, nor can an older key file (it names indices that are gone, which is
/// `TPM2CounterError.missing`: no PIN is tried, the recovery key is the way). A PIN the TPM did
/// not judge (busy, in lockout) is not counted. What it does not resist: whoever has the owner
/// hierarchy's password (empty on most computers) can undefine the indices — Pinform then sees
/// them missing and tries no PIN, recovery key only — or define look-alikes and edit the key
/// file to name them; and whoever can run programs as the user can ask the TPM to unseal
/// directly, past Pinform; only a sealed key whose policy names the indices (`TPM2_PolicyNV`)
/// would stop those.
///
/// ```swift
/// let counter = try TPM2AttemptCounter.define(on: tpm, successAuth: auth)   // at PIN setup
/// try counter.increment(on: tpm)                                          // a wrong PIN judged
/// let failures = try counter.failures(on: tpm)
/// try counter.recordSuccess(on: tpm, successAuth: auth)                   // after a right PIN
/// ```
public struct TPM2AttemptCounter: Equatable, Sendable, Codable {
    /// The NV counter index's handle (owner range, 0x01xxxxxx).
    public let counterIndex: UInt32
    /// The handle of the index holding the counter at the last right PIN.
    public let successIndex: UInt32

    /// The length of `successAuth`.
    public static let authLength = 32

    /// The two indices at these handles (as a key file names them).
    public init(counterIndex: UInt32, successIndex: UInt32) {
        self.counterIndex = counterIndex
        self.successIndex = successIndex
    }

    /// The pair of handles first tried for a PIN slot whose sealed object hashes to `seed` (at
    /// least 8 bytes): found again from the slot alone, so that removing the indices' names from
    /// the key file does not leave the count to the attempts file.
    public static func derived(from seed: [UInt8]) -> TPM2AttemptCounter {
        precondition(seed.count >= 8, "8 bytes of seed name the two handles")
        func handle(_ bytes: ArraySlice<UInt8>) -> UInt32 {
            0x0101_0000 + bytes.reduce(0) { $0 << 8 | UInt32($1) } % 0x003F_0000
        }
        let counter = handle(seed[0..<4])
        var success = handle(seed[4..<8])
        if success == counter { success = 0x0101_0000 + (counter - 0x0101_0000 + 1) % 0x003F_0000 }
        return TPM2AttemptCounter(counterIndex: counter, successIndex: success)
    }

    /// Defines both indices, at `preferred`'s handles when both are free, else at free handles,
    /// with no failures counted.
    /// - Throws: `.noSpace` when the TPM has no room for them (nothing is left defined), `.tpm`.
    public static func define(on tpm: TPM2Device, successAuth: UnsafeRawBufferPointer,
                              preferring preferred: TPM2AttemptCounter? = nil) throws(TPM2CounterError) -> TPM2AttemptCounter {
        precondition(successAuth.count == authLength, "The success index's auth is 32 bytes")
        let connection = try open(tpm)
        let counterAttributes = TPM2Connection.NVAttribute.counter | TPM2Connection.NVAttribute.authWrite
            | TPM2Connection.NVAttribute.authRead | TPM2Connection.NVAttribute.ownerRead | TPM2Connection.NVAttribute.noDA
        let successAttributes = TPM2Connection.NVAttribute.authWrite | TPM2Connection.NVAttribute.ownerRead
            | TPM2Connection.NVAttribute.noDA
        let counterIndex = try defineFree(on: connection, attributes: counterAttributes, auth: UnsafeRawBufferPointer(start: nil, count: 0),
                                          first: preferred?.counterIndex)
        do throws(TPM2CounterError) {
            let successIndex = try defineFree(on: connection, attributes: successAttributes, auth: successAuth,
                                              first: counterIndex == preferred?.counterIndex ? preferred?.successIndex : nil)
            let counter = TPM2AttemptCounter(counterIndex: counterIndex, successIndex: successIndex)
            do throws(TPM2Error) {
                // A counter reads only once incremented; its first value is the TPM's choice.
                try connection.nvIncrement(counterIndex)
                try connection.nvWriteNumber(try connection.nvReadNumber(counterIndex), to: successIndex, auth: successAuth)
            } catch {
                _ = try? connection.nvUndefine(successIndex)
                throw TPM2CounterError.tpm(error)
            }
            return counter
        } catch {
            _ = try? connection.nvUndefine(counterIndex)
            throw error
        }
    }

    /// Counts a failure: run when the TPM judged a PIN wrong, before that is shown.
    public func increment(on tpm: TPM2Device) throws(TPM2CounterError) {
        let connection = try TPM2AttemptCounter.open(tpm)
        try TPM2AttemptCounter.mapped { () throws(TPM2Error) in try connection.nvIncrement(counterIndex) }
    }

    /// The attempts counted since the last right PIN (each `increment` not followed by a
    /// `recordSuccess`).
    public func failures(on tpm: TPM2Device) throws(TPM2CounterError) -> Int {
        let connection = try TPM2AttemptCounter.open(tpm)
        let (counter, success) = try TPM2AttemptCounter.mapped { () throws(TPM2Error) in
            (try connection.nvReadNumber(counterIndex), try connection.nvReadNumber(successIndex))
        }
        // A last success above the counter is no state Pinform writes: the strictest one.
        guard counter >= success else { throw .missing }
        return Int(clamping: counter - success)
    }

    /// After a right PIN: the counter now becomes the last success, so the failures are 0.
    public func recordSuccess(on tpm: TPM2Device, successAuth: UnsafeRawBufferPointer) throws(TPM2CounterError) {
        let connection = try TPM2AttemptCounter.open(tpm)
        try TPM2AttemptCounter.mapped { () throws(TPM2Error) in
            try connection.nvWriteNumber(try connection.nvReadNumber(counterIndex), to: successIndex, auth: successAuth)
        }
    }

    /// Removes both indices (a PIN change defines new ones); one already gone is no error.
    public func undefine(on tpm: TPM2Device) throws(TPM2CounterError) {
        let connection = try TPM2AttemptCounter.open(tpm)
        for index in [counterIndex, successIndex] {
            do throws(TPM2CounterError) {
                try TPM2AttemptCounter.mapped { () throws(TPM2Error) in try connection.nvUndefine(index) }
            } catch .missing {
                continue
            }
        }
    }

    // MARK: Helpers

    private static func open(_ tpm: TPM2Device) throws(TPM2CounterError) -> TPM2Connection {
        do {
            return try TPM2Connection(tcti: tpm.tcti)
        } catch {
            throw .tpm(error)
        }
    }

    /// Defines an 8-byte index at `first` when it is free, else at a random free owner handle
    /// (0x01010000–0x013FFFFF).
    private static func defineFree(on connection: TPM2Connection, attributes: UInt32, auth: UnsafeRawBufferPointer,
                                   first: UInt32?) throws(TPM2CounterError) -> UInt32 {
        let candidates = (first.map { [$0] } ?? []) + (0..<16).map { _ in 0x0101_0000 + sodium.randombytesUniform(0x003F_0000) }
        for index in candidates {
            do {
                try connection.defineNV(index, size: 8, attributes: attributes, auth: auth)
                return index
            } catch .failed(_, let code, _) where TPM2Connection.tpmResponse(code) == TPM2Connection.NVResponse.nvDefined {
                continue
            } catch {
                throw map(error)
            }
        }
        throw .noSpace
    }

    private static func mapped<Value>(_ work: () throws(TPM2Error) -> Value) throws(TPM2CounterError) -> Value {
        do {
            return try work()
        } catch {
            throw map(error)
        }
    }

    private static func map(_ error: TPM2Error) -> TPM2CounterError {
        guard case .failed(_, let code, _) = error, let response = TPM2Connection.tpmResponse(code) else { return .tpm(error) }
        switch response {
        case TPM2Connection.NVResponse.nvSpace:
            return .noSpace
        case TPM2Connection.NVResponse.handle, TPM2Connection.NVResponse.nvUninitialized:
            return .missing
        default:
            return .tpm(error)
        }
    }
}
