import CSodium

/// How hard deriving a key from a PIN is: argon2id's memory and passes (one lane, as
/// libsodium computes it).
///
/// The app uses `.standard`; tests pass `.fastForTests` through the vault's testing initializer. Whatever
/// was used is written into the key file, in PHC form, so a file made with one set of
/// parameters is always unlocked with the same.
public struct KeyDerivation: Equatable, Sendable {
    /// Memory in KiB (PHC's `m`).
    public var memoryKiB: Int
    /// Passes over the memory (PHC's `t`).
    public var passes: Int

    /// Creates parameters; `memoryKiB` at least 8, `passes` at least 1 (argon2id's minimums).
    public init(memoryKiB: Int, passes: Int) {
        self.memoryKiB = memoryKiB
        self.passes = passes
    }

    /// 256 MiB and 3 passes: about a second on a 2-core laptop, and as long for each guess.
    public static let standard = KeyDerivation(memoryKiB: 262_144, passes: 3)

    /// 8 MiB and 1 pass, for tests that derive many keys. Never for real PINs: only tests
    /// see it (`@_spi(Testing) import Storage`).
    @_spi(Testing) public static let fastForTests = KeyDerivation(memoryKiB: 8192, passes: 1)

    /// The most memory a key file may ask for: `.standard`'s 256 MiB, the most this version
    /// writes, so a tampered file cannot exhaust memory (1 GiB took 2–4 s here).
    static let largestMemoryKiB = 262_144
    /// The most passes a key file may ask for, so a tampered file cannot hang the app.
    static let mostPasses = 8
    /// The most work a key file may ask for, memory × passes in KiB: `.standard`'s (256 MiB × 3),
    /// so that a tampered file costs at most what a real check costs (it ran 21 s when
    /// 1 GiB × 16 passes were allowed).
    static let mostWorkKiB = 786_432

    /// Whether a key file may ask for these parameters: argon2id's minimums, and at most
    /// `largestMemoryKiB`, `mostPasses` and `mostWorkKiB` together. Checked before any work.
    var isWithinLimits: Bool {
        (8...KeyDerivation.largestMemoryKiB).contains(memoryKiB) && (1...KeyDerivation.mostPasses).contains(passes)
            && memoryKiB * passes <= KeyDerivation.mostWorkKiB
    }

    /// The PHC string, e.g. `$argon2id$v=19$m=262144,t=3,p=1$<salt in base64 without padding>`.
    func phcString(salt: [UInt8]) -> String {
        "$argon2id$v=19$m=\(memoryKiB),t=\(passes),p=1$" + Base64.encode(salt, padding: false)
    }

    /// Reads a PHC string this vault wrote; `nil` for anything else (another algorithm or
    /// version, several lanes, a salt of the wrong size, parameters out of limits).
    static func parse(phc: String) -> (derivation: KeyDerivation, salt: [UInt8])? {
        let fields = phc.split(separator: "$", omittingEmptySubsequences: false)
        // "", "argon2id", "v=19", "m=…,t=…,p=1", salt
        guard fields.count == 5, fields[0].isEmpty, fields[1] == "argon2id", fields[2] == "v=19" else { return nil }
        var values: [Substring: Int] = [:]
        for pair in fields[3].split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let value = Int(parts[1]), values[parts[0]] == nil else { return nil }
            values[parts[0]] = value
        }
        guard values.count == 3, let memory = values["m"], let passes = values["t"], values["p"] == 1,
              let salt = Base64.decode(String(fields[4])), salt.count == Int(crypto_pwhash_SALTBYTES)
        else { return nil }
        let derivation = KeyDerivation(memoryKiB: memory, passes: passes)
        guard derivation.isWithinLimits else { return nil }
        return (derivation, salt)
    }

    /// Derives a 32-byte key from `secret` and `salt` with argon2id.
    ///
    /// - Throws: `VaultError.hashingFailed` when the memory cannot be had.
    func deriveKey(from secret: SecretBytes, salt: [UInt8]) throws(VaultError) -> SecretBytes {
        precondition(salt.count == Int(crypto_pwhash_SALTBYTES))
        let key = try SecretBytes(count: Int(crypto_aead_xchacha20poly1305_ietf_KEYBYTES))
        let passes = UInt64(self.passes), memory = memoryKiB * 1024
        let result = key.withMutableBytes { output in
            secret.withBytes { input in
                sodium.pwhash(
                    output.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt64(output.count),
                    input.baseAddress!.assumingMemoryBound(to: CChar.self), UInt64(input.count),
                    salt, passes, memory, crypto_pwhash_ALG_ARGON2ID13
                )
            }
        }
        guard result == 0 else { throw .hashingFailed }
        return key
    }
}

/// Base64 through libsodium, with or without padding (PHC strings have none).
enum Base64 {
    static func encode(_ bytes: [UInt8], padding: Bool = true) -> String {
        let variant = padding ? sodium_base64_VARIANT_ORIGINAL : sodium_base64_VARIANT_ORIGINAL_NO_PADDING
        let length = sodium.base64EncodedLen(bytes.count, variant)
        var output = [CChar](repeating: 0, count: length)
        _ = sodium.bin2base64(&output, length, bytes, bytes.count, variant)
        return output.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// Decodes padded or unpadded base64; `nil` for anything else.
    static func decode(_ text: String) -> [UInt8]? {
        let padded = text.hasSuffix("=")
        let variant = padded ? sodium_base64_VARIANT_ORIGINAL : sodium_base64_VARIANT_ORIGINAL_NO_PADDING
        let input = Array(text.utf8)
        var output = [UInt8](repeating: 0, count: max(1, input.count))
        var length = 0
        let result = input.withUnsafeBufferPointer { source in
            source.withMemoryRebound(to: CChar.self) { chars in
                sodium.base642bin(&output, output.count, chars.baseAddress, chars.count, nil, &length, nil, variant)
            }
        }
        guard result == 0 else { return nil }
        return Array(output[..<length])
    }
}
