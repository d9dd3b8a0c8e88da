import Foundation
import PinCode
import SeededRandom
@_spi(Testing) @testable import Storage
import XCTest

/// Thousands of mutated `keys.json` and `attempts.json` files, the same in every run (seeded):
/// numbers at every edge, wrong types, nesting, truncation, stray bytes. Loading each never
/// crashes, never unlocks without the right PIN or recovery key, never does more argon2id work
/// than a real check, never gives the pad a length it cannot have, and a counter always ends
/// its lockout within the hour.
final class TamperedFileFuzzTests: XCTestCase {
    private static let keyFileMutants = 1000
    private static let attemptMutants = 1500
    private static let pin = "246813", wrongPIN = "135790"
    /// argon2id's least work, so that a mutant that still parses costs microseconds.
    private static let cheapest = KeyDerivation(memoryKiB: 8, passes: 1)

    private static let edgeNumbers = [
        "0", "-1", "1", "4", "6", "32", "33", "40", "1000000000", "9223372036854775807", "-9223372036854775808",
        "9223372036854775808", "18446744073709551616", "1e300", "-1e300", "1e-300", "1.5", "-0", "1E3", "0.0",
    ]
    private static let oddValues = [
        "null", "true", "\"\"", "\"6\"", "[]", "{}", "[6]", "{\"digits\":6}", "\"\\u0000\"", "\"NaN\"",
        String(repeating: "[", count: 200) + String(repeating: "]", count: 200),
        String(repeating: "{\"a\":", count: 100) + "1" + String(repeating: "}", count: 100),
    ]

    /// One mutation of `text`: a number, a value or a whole field replaced, text cut or bytes
    /// changed, argon2id's parameters edited.
    private static func mutate(_ text: String, using random: inout SplitMix64) -> String {
        var bytes = Array(text.utf8)
        switch Int.random(in: 0..<8, using: &random) {
        case 0, 1:
            // A number replaced by an edge value.
            let numbers = ranges(in: bytes) { $0 == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            guard let range = numbers.randomElement(using: &random) else { break }
            bytes.replaceSubrange(range, with: Array(edgeNumbers.randomElement(using: &random)!.utf8))
        case 2:
            // A value after a colon replaced by one of another type.
            let colons = bytes.indices.filter { bytes[$0] == UInt8(ascii: ":") }
            guard let colon = colons.randomElement(using: &random) else { break }
            var end = colon + 1
            var depth = 0, quoted = false
            while end < bytes.count {
                let byte = bytes[end]
                if quoted { if byte == UInt8(ascii: "\"") { quoted = false } } else if byte == UInt8(ascii: "\"") { quoted = true }
                else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") { depth += 1 }
                else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") { if depth == 0 { break }; depth -= 1 }
                else if byte == UInt8(ascii: ","), depth == 0 { break }
                end += 1
            }
            bytes.replaceSubrange((colon + 1)..<end, with: Array(oddValues.randomElement(using: &random)!.utf8))
        case 3:
            // Cut anywhere.
            bytes = Array(bytes.prefix(Int.random(in: 0..<max(1, bytes.count), using: &random)))
        case 4:
            // A few bytes changed, inserted or removed.
            for _ in 0..<Int.random(in: 1...4, using: &random) where !bytes.isEmpty {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[index] = UInt8.random(in: 0...255, using: &random)
                case 1: bytes.insert(UInt8.random(in: 0...255, using: &random), at: index)
                default: bytes.remove(at: index)
                }
            }
        case 5:
            // argon2id's memory or passes at an edge.
            let field = Bool.random(using: &random) ? "m=8," : "t=1,"
            let value = ["0", "-1", "7", "1048576", "1048577", "4194304", "16", "17", "1000", "9223372036854775807", "x", ""]
                .randomElement(using: &random)!
            return text.replacingOccurrences(of: field, with: field.prefix(2) + value + ",")
        case 6:
            // The version or format changed.
            let replacement = ["\"version\":2", "\"version\":0", "\"version\":-1", "\"version\":\"1\"", "\"format\":\"other\"",
                               "\"version\":9223372036854775807"].randomElement(using: &random)!
            let target = replacement.hasPrefix("\"format\"") ? "\"format\":\"pinform-keys\"" : "\"version\":1"
            return text.replacingOccurrences(of: target, with: replacement)
        default:
            // Several mutations at once.
            var text = text
            for _ in 0..<3 { text = mutate(text, using: &random) }
            return text
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The ranges of runs of bytes that satisfy `isPart`.
    private static func ranges(in bytes: [UInt8], where isPart: (UInt8) -> Bool) -> [Range<Int>] {
        var result: [Range<Int>] = [], start: Int?
        for (index, byte) in bytes.enumerated() {
            if isPart(byte) { start = start ?? index } else if let first = start { result.append(first..<index); start = nil }
        }
        if let first = start { result.append(first..<bytes.count) }
        return result
    }

    func testMutatedKeyFilesNeverCrashNorUnlockWithoutTheRightSecret() throws {
        let temporary = TemporaryDirectory()
        let vault = KeyVault(directory: temporary.url, derivation: Self.cheapest)
        let made = try vault.createWithRecoveryKey(pin: try secret(Self.pin))
        let original = try String(contentsOf: vault.fileURL, encoding: .utf8)
        var random = SplitMix64(seed: 25)
        var outcomes: [String: Int] = [:]
        let started = Date()
        for index in 0..<Self.keyFileMutants {
            let mutant = Self.mutate(original, using: &random)
            try temporary.write(mutant, to: KeyVault.fileName)
            let vault = KeyVault(directory: temporary.url, derivation: Self.cheapest)
            let context = "mutant \(index): \(mutant)"
            XCTAssertTrue(vault.hasPIN, context)
            if let length = vault.pinLength {
                // What the PIN window makes of it: must not trap.
                _ = PinCode(length: length)
            }
            _ = vault.protection
            _ = vault.hasRecoveryKey
            _ = try? vault.slotKinds()
            let checkStarted = Date()
            let wrong = Result { try vault.unlock(pin: secret(Self.wrongPIN)) }
            XCTAssertLessThan(Date().timeIntervalSince(checkStarted), 0.5, "\(context): argon2id did too much work")
            if case .success(let key?) = wrong { XCTFail("\(context): the wrong PIN unlocked \(key)") }
            for result in [Result { try vault.unlock(pin: secret(Self.pin)) },
                           Result { try vault.unlock(recoveryKey: made.recoveryKey) }] {
                switch result {
                case .success(let key?):
                    XCTAssertTrue(key.matches(made.dataKey), "\(context): another key")
                    outcomes["opened", default: 0] += 1
                case .success(nil): outcomes["refused", default: 0] += 1
                case .failure(let error as VaultError):
                    XCTAssertFalse(error.message.isEmpty, context)
                    outcomes["\(error)".prefix { $0 != "(" }.description, default: 0] += 1
                case .failure(let error): XCTFail("\(context): \(error)")
                }
            }
        }
        print("key file mutants: \(outcomes.sorted { $0.key < $1.key }) in \(Date().timeIntervalSince(started)) s")
        XCTAssertGreaterThan(outcomes["corrupt", default: 0], Self.keyFileMutants / 4, "the mutations are too mild")
        XCTAssertGreaterThan(outcomes["newerVersion", default: 0], 0)
        XCTAssertGreaterThan(outcomes["opened", default: 0], 0, "no mutant left a slot whole")
    }

    func testMutatedAttemptCountersNeverCrashAndAlwaysEndWithinTheHour() throws {
        let temporary = TemporaryDirectory()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let originals = [#"{"failures":3,"lockouts":0}"#, #"{"failures":5,"lockedUntil":1800000030,"lockouts":1}"#,
                         #"{"failures":12,"lockedUntil":1799999000.5,"lockouts":8}"#]
        var random = SplitMix64(seed: 19)
        var damaged = 0
        for index in 0..<Self.attemptMutants {
            let mutant = Self.mutate(originals.randomElement(using: &random)!, using: &random)
            try temporary.write(mutant, to: AttemptStore.fileName)
            let loaded = AttemptStore(directory: temporary.url).load(now: now, expectingFile: true)
            let context = "mutant \(index): \(mutant)"
            if loaded.problem != nil {
                XCTAssertEqual(loaded.record, .strictest(now: now), context)
                damaged += 1
            }
            var policy = AttemptPolicy(failures: loaded.record.failures, lockouts: loaded.record.lockouts,
                                       lockedUntil: loaded.record.lockedUntil, now: { now })
            XCTAssertLessThanOrEqual(policy.remainingLockout, AttemptPolicy.longestLockout, context)
            if let until = loaded.record.lockedUntil {
                XCTAssertLessThanOrEqual(until.timeIntervalSince(now), AttemptPolicy.longestLockout, "\(context): never ends")
            }
            let later = AttemptPolicy(failures: loaded.record.failures, lockouts: loaded.record.lockouts,
                                      lockedUntil: loaded.record.lockedUntil, now: { now.addingTimeInterval(3601) })
            XCTAssertFalse(later.isLocked, "\(context): still locked after an hour")
            for _ in 0..<3 {
                policy.recordFailure()
                _ = policy.attemptsLeftBeforeLockout
            }
            XCTAssertGreaterThanOrEqual(policy.consecutiveFailures, 0, context)
        }
        XCTAssertGreaterThan(damaged, Self.attemptMutants / 4, "the mutations are too mild")
    }
}
