import CSodium
import Foundation
import Localization

// The PIN's attempt count in the TPM (`TPM2AttemptCounter`), named in the key file: defined
// when a PIN is sealed in a TPM, read before each check, incremented when the TPM judged a PIN
// wrong (before that answer is shown), set to "no failures" by a right PIN. Apart from
// KeyVault.swift so that each file is one concern.
extension KeyVault {
    /// What the TPM counts for this key file.
    public enum ChipAttempts: Equatable, Sendable {
        /// The key file names no TPM counter (no TPM, no free NV, an older file): the file
        /// counts alone.
        case none
        /// The failures since the last right PIN, as the TPM counts them.
        case failures(Int)
        /// The key file names indices the TPM does not hold (another TPM, the TPM cleared, the
        /// indices removed), or no TPM is configured: the count cannot be known, so no PIN is
        /// tried; the recovery key is the way (and a new PIN gets new indices).
        case missing
        /// The TPM did not answer (within 5 s, or with an error): no PIN is tried, nothing counted.
        case unanswered(TPM2Error)
    }

    /// The TPM counter the key file names, if any.
    public var attemptCounter: TPM2AttemptCounter? {
        (try? read())?.attemptCounter
    }

    /// The counter the key file names, or, when it names none, the one at the handles derived
    /// from its TPM-sealed PIN slot (`TPM2AttemptCounter.derived`), with whether it was named.
    private var countingCounter: (counter: TPM2AttemptCounter, named: Bool)? {
        guard let file = try? read() else { return nil }
        if let named = file.attemptCounter { return (named, true) }
        return KeyVault.derivedCounter(of: file).map { ($0, false) }
    }

    /// The handles first tried for `file`'s counter: from the hash of its TPM-sealed PIN slot's
    /// public area, which no edit of the file changes without the TPM refusing the slot.
    static func derivedCounter(of file: KeyFile) -> TPM2AttemptCounter? {
        // Without libsodium no slot opens either: `pinSlot()` says so first.
        guard Sodium.isReady else { return nil }
        guard let slot = file.slots.first(where: \.isPINSlot), slot.kind == .tpm2PIN,
              let encoded = slot.sealed?[KeySlot.sealedObjectKey], let bytes = Base64.decode(encoded),
              let sealed = try? TPM2SealedSecret(bytes: bytes)
        else { return nil }
        var seed = [UInt8](repeating: 0, count: 32)
        let label = Array("pinform nv handles".utf8)
        _ = sodium.generichash(&seed, seed.count, sealed.publicArea, UInt64(sealed.publicArea.count), label, label.count)
        return TPM2AttemptCounter.derived(from: seed)
    }

    /// The TPM's count of failures for this key file. Talks to the TPM (under the 5 s
    /// deadline): not on the main thread.
    /// A key file that names no counter is looked up at the derived handles: found there, it
    /// counts (the name was removed from the file); not found, the file counts alone.
    public func chipAttempts() -> ChipAttempts {
        guard let (counter, named) = countingCounter else { return .none }
        guard let tpm else { return named ? .missing : .none }
        do throws(TPM2Error) {
            return try TPM2Deadline.run { () throws(TPM2Error) -> ChipAttempts in
                do throws(TPM2CounterError) {
                    return .failures(try counter.failures(on: tpm))
                } catch .tpm(let error) {
                    throw error
                } catch {
                    return named ? .missing : .none
                }
            }
        } catch {
            return .unanswered(error)
        }
    }

    /// Counts a PIN the TPM judged wrong (under the 5 s deadline), before that answer is shown;
    /// the error when it could not be counted, nil when it was (or the key file names no counter).
    func countFailureInChip() -> TPM2Error? {
        guard let counter = countingCounter?.counter else { return nil }
        let uncounted = TPM2Error.noTPM(reason: tr("the TPM did not count the attempt"))
        guard let tpm else { return uncounted }
        do throws(TPM2Error) {
            try TPM2Deadline.run { () throws(TPM2Error) in
                do throws(TPM2CounterError) {
                    try counter.increment(on: tpm)
                } catch .tpm(let error) {
                    throw error
                } catch {
                    throw uncounted
                }
            }
            return nil
        } catch {
            return error
        }
    }

    /// After a right PIN or the recovery key: no failures in the TPM's count any more.
    func recordRightPINInChip(dataKey: SecretBytes) {
        guard let counter = countingCounter?.counter, let tpm else { return }
        var auth = KeyVault.successAuth(dataKey: dataKey)
        defer { sodium.memzero(&auth, auth.count) }
        auth.withUnsafeBytes { auth in _ = try? counter.recordSuccess(on: tpm, successAuth: auth) }
    }

    /// Writes `file` with a new TPM counter when its PIN slot is sealed in a TPM (none when the
    /// TPM has no free NV: the file counts alone), and removes the counter the file named before.
    func writeCountingAttempts(_ file: KeyFile, dataKey: SecretBytes) throws(VaultError) {
        var file = file
        let previous = file.attemptCounter
        file.attemptCounter = nil
        if let tpm, file.slots.first(where: \.isPINSlot)?.kind == .tpm2PIN {
            file.attemptCounter = KeyVault.defineCounter(on: tpm, dataKey: dataKey, preferring: KeyVault.derivedCounter(of: file))
        }
        do {
            try write(file)
        } catch {
            if let tpm, let counter = file.attemptCounter { try? counter.undefine(on: tpm) }
            throw error
        }
        if let tpm, let previous, previous != file.attemptCounter { try? previous.undefine(on: tpm) }
    }

    private static func defineCounter(on tpm: TPM2Device, dataKey: SecretBytes, preferring preferred: TPM2AttemptCounter?) -> TPM2AttemptCounter? {
        var auth = successAuth(dataKey: dataKey)
        defer { sodium.memzero(&auth, auth.count) }
        return auth.withUnsafeBytes { auth in try? TPM2AttemptCounter.define(on: tpm, successAuth: auth, preferring: preferred) }
    }

    /// The success index's auth value: a keyed BLAKE2b of the data key, which only the right
    /// PIN or the recovery key releases.
    static func successAuth(dataKey: SecretBytes) -> [UInt8] {
        var auth = [UInt8](repeating: 0, count: TPM2AttemptCounter.authLength)
        let label = Array("pinform nv last-success".utf8)
        dataKey.withBytes { bytes in
            _ = sodium.generichash(&auth, auth.count, label, UInt64(label.count),
                                   bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), bytes.count)
        }
        return auth
    }
}
