import Foundation
import Glibc
import SoftwareTPM
import Storage

/// What an unlock costs in the TPM: one unseal through tpm2-tss to a software TPM (swtpm) on
/// localhost, which creates the storage key, starts the salted encrypted session, loads the
/// sealed object and unseals it.
enum TPMBenchmark {
    struct Result {
        /// Sealing, once (setting a PIN).
        var seal: Double = 0
        /// The first unseal: the figure the goal is about.
        var firstUnseal: Double = 0
        /// Further unseals, for their spread.
        var unseals = Samples()
        /// Whole unlocks through the key vault's `tpm2+pin` slot: unseal, then the AEAD unwrap.
        var vaultUnlocks = Samples()
        /// A wrong guess and then the chip's count reset (`tpm2_dictionarylockout
        /// --clear-lockout`, which a TPM without a lockout password allows anyone): what one guess
        /// costs someone at the machine (issue 25).
        var guessesWithReset = Samples()
        /// The TPM's lockout as it reports it.
        var lockout: TPM2LockoutStatus?
        var failure: String?
    }

    private struct Mismatch: Error, CustomStringConvertible {
        var description: String { "the unsealed secret is not the one sealed" }
    }

    static func run(repeats: Int = 10) -> Result {
        var result = Result()
        do {
            let swtpm = try SoftwareTPM()
            defer { swtpm.stop() }
            let tpm = TPM2Device(tcti: swtpm.tcti)
            let secret = [UInt8](repeating: 0x5A, count: 32)
            let digits = Array("2468".utf8)
            var sealed: TPM2SealedSecret?
            result.seal = try elapsed {
                sealed = try secret.withUnsafeBytes { secret in
                    try digits.withUnsafeBufferPointer { try tpm.seal(secret: secret, digits: $0) }
                }
            }
            guard let sealed else { return result }
            func unseal() throws {
                let matches = try digits.withUnsafeBufferPointer { digits in
                    try tpm.unseal(sealed, digits: digits).withUnsafeBytes { $0.elementsEqual(secret) }
                }
                guard matches else { throw Mismatch() }
            }
            result.firstUnseal = try elapsed(unseal)
            for _ in 0..<repeats {
                result.unseals.append(try elapsed(unseal))
            }
            // The app's unlock: the key vault's tpm2+pin slot, as the PIN window uses it.
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinform-bench-tpm-\(getpid())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let vault = KeyVault(directory: folder, tpm: tpm)
            let pin = try digits.withUnsafeBufferPointer { try SecretBytes(copying: $0) }
            _ = try vault.create(pin: pin)
            guard vault.protection == .tpm2 else { throw Mismatch() }
            for _ in 0..<repeats {
                var unlocked = false
                result.vaultUnlocks.append(try elapsed { unlocked = try vault.unlock(pin: pin) != nil })
                guard unlocked else { throw Mismatch() }
            }
            result.lockout = try tpm.lockoutStatus()
            let wrong = Array("4093".utf8)
            for _ in 0..<repeats {
                result.guessesWithReset.append(try elapsed {
                    var opened = true
                    do {
                        _ = try wrong.withUnsafeBufferPointer { try tpm.unseal(sealed, digits: $0).count }
                    } catch let error as TPM2Error {
                        guard case .wrongPIN = error else { throw error }
                        opened = false  // counted by the chip, as expected
                    }
                    guard !opened else { throw Mismatch() }
                    _ = try swtpm.run("tpm2_dictionarylockout", ["--clear-lockout"])
                })
            }
        } catch let error as TPM2Error {
            result.failure = error.message
        } catch {
            result.failure = "\(error)"
        }
        return result
    }

    /// Wall-clock nanoseconds `work` took: the TPM works in another process.
    private static func elapsed(_ work: () throws -> Void) rethrows -> Double {
        let start = Clock.monotonic()
        try work()
        return Clock.monotonic() - start
    }

    static func table(_ result: Result) -> Table {
        var table = Table("tpm: seal and unseal a 32-byte key under a PIN, tpm2-tss → swtpm on localhost, one run",
                          columns: ["operation", "time"])
        if let failure = result.failure {
            table.add(["failed", failure])
            return table
        }
        table.add(["seal (set a PIN)", Format.duration(nanoseconds: result.seal)])
        table.add(["unseal, first (one unlock)", Format.duration(nanoseconds: result.firstUnseal)])
        table.add(["unseal, \(result.unseals.count) more: median", Format.duration(nanoseconds: result.unseals.median)])
        table.add(["unseal, \(result.unseals.count) more: slowest", Format.duration(nanoseconds: result.unseals.maximum)])
        table.add(["app unlock (key vault, tpm2+pin slot), \(result.vaultUnlocks.count): median",
                   Format.duration(nanoseconds: result.vaultUnlocks.median)])
        table.add(["app unlock (key vault, tpm2+pin slot), \(result.vaultUnlocks.count): slowest",
                   Format.duration(nanoseconds: result.vaultUnlocks.maximum)])
        if let lockout = result.lockout {
            table.add(["the TPM's lockout", KeyProtection.tpmStatusLines(lockout).joined(separator: "; ")])
        }
        let guess = result.guessesWithReset.median
        table.add(["a wrong PIN, then the count reset, \(result.guessesWithReset.count): median", Format.duration(nanoseconds: guess)])
        table.add(["so every 4-digit PIN, without a lockout password", Format.fixed(guess * 10_000 / 3.6e12, 1) + " h"])
        table.add(["so every 6-digit PIN, without a lockout password", Format.fixed(guess * 1_000_000 / 8.64e13, 1) + " days"])
        table.note("The reset is tpm2_dictionarylockout --clear-lockout (a process of its own each time), which a TPM")
        table.note("whose lockout hierarchy has no password allows anyone who may use it.")
        return table
    }
}
