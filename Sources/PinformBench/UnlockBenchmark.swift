import Foundation
import Storage

/// Measures what one unlock costs — the argon2id derivation (256 MiB, 3 passes) and the
/// unwrap — and from it what guessing costs someone who copied the key file: every guess is
/// one derivation, however it is run. Beside it, the previous version's check (one
/// `crypto_pwhash_str_verify` at 64 MiB, 2 passes).
enum UnlockBenchmark {
    static func run(runs: Int = 5) -> Table {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinform-bench-unlock-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var table = Table("unlock: argon2id m=262144 KiB, t=3, p=1 (the app's), median of \(runs) each",
                          columns: ["operation", "time"])
        do {
            var pin = "246813"
            let secret = try pin.withUTF8 { try SecretBytes(copying: $0) }
            let vault = KeyVault(directory: folder)
            _ = try vault.create(pin: secret)
            let rights = (0..<runs).map { _ in timed { _ = try? vault.unlock(pin: secret) } }
            let unlock = median(rights)
            var other = "135792"
            let wrong = try other.withUTF8 { try SecretBytes(copying: $0) }
            let wrongs = (0..<runs).map { _ in timed { _ = try? vault.unlock(pin: wrong) } }
            let refused = median(wrongs)
            // A guesser runs on a quiet machine: the fastest derivation seen is their cost.
            let guess = (rights + wrongs).min()!

            let old = folder.appendingPathComponent("old")
            try FileManager.default.createDirectory(at: old, withIntermediateDirectories: true)
            let legacy = PinVault(directory: old)
            try pin.withUTF8 { try legacy.store(digits: $0) }
            let verify = (0..<runs).map { _ in timed { _ = try? pin.withUTF8 { try legacy.verify(digits: $0) } } }.min()!

            let cores = Double(ProcessInfo.processInfo.activeProcessorCount)
            // Guesses side by side, one per core, as a guesser would run them: wall time per guess.
            let batch = Int(cores) * 2
            let parallel = timed {
                DispatchQueue.concurrentPerform(iterations: batch) { _ in _ = try? vault.unlock(pin: wrong) }
            } / Double(batch)
            table.add(["one unlock (right PIN)", seconds(unlock)])
            table.add(["one wrong PIN (the same work)", seconds(refused)])
            table.add(["fastest derivation seen", seconds(guess)])
            table.add(["previous version: one check (64 MiB, 2 passes), fastest", seconds(verify)])
            let perGuess = min(parallel, guess / cores)
            table.add(["\(batch) guesses on \(Int(cores)) cores at once, wall time per guess", seconds(parallel)])
            table.add(["a guess offline, \(Int(cores)) cores (the lower of the two estimates)", seconds(perGuess) + " per PIN"])
            table.add(["all 4-digit PINs, \(Int(cores)) cores", seconds(perGuess * 10_000)])
            table.add(["all 6-digit PINs, \(Int(cores)) cores", seconds(perGuess * 1_000_000)])
            table.add(["all 4-digit PINs, previous version", seconds(verify * 10_000 / cores)])
            table.add(["all 6-digit PINs, previous version", seconds(verify * 1_000_000 / cores)])
            table.note("offline: one derivation per guess (256 MiB each); the attacker's cost scales down with cores and memory")
        } catch {
            table.note("failed: \(error)")
        }
        return table
    }

    /// Seconds `body` took.
    private static func timed(_ body: () -> Void) -> Double {
        let start = Clock.monotonic()
        body()
        return (Clock.monotonic() - start) / 1e9
    }

    private static func median(_ values: [Double]) -> Double {
        values.sorted()[values.count / 2]
    }

    /// "1.02 s", "2 h 47 min", "11.6 days".
    private static func seconds(_ value: Double) -> String {
        switch value {
        case ..<120: String(format: "%.2f s", value)
        case ..<7200: String(format: "%.0f min", value / 60)
        case ..<172_800: String(format: "%.1f h", value / 3600)
        default: String(format: "%.1f days", value / 86_400)
        }
    }
}
