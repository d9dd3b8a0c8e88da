import CSodium

/// A recovery key: 40 random digits shown in eight groups of five ("01234-56789-…"), about
/// 133 bits, that unwraps the data key when the PIN is forgotten.
enum RecoveryKey {
    static let groups = 8
    static let groupLength = 5
    static var digitCount: Int { groups * groupLength }

    /// A new key, grouped with dashes, in secure memory.
    static func generate() throws(VaultError) -> SecretBytes {
        let key = try SecretBytes(count: digitCount + groups - 1)
        key.withMutableBytes { bytes in
            var index = 0
            for group in 0..<groups {
                if group > 0 { bytes[index] = UInt8(ascii: "-"); index += 1 }
                for _ in 0..<groupLength {
                    bytes[index] = UInt8(ascii: "0") + UInt8(sodium.randombytesUniform(10))
                    index += 1
                }
            }
        }
        return key
    }

    /// The digits alone, spaces, dashes and line breaks dropped (a key copied from the two lines
    /// it is shown on); `nil` unless exactly 40 digits remain.
    static func normalized(_ typed: SecretBytes) throws(VaultError) -> SecretBytes? {
        let digits = try SecretBytes(count: digitCount)
        var count = 0
        let isValid = typed.withBytes { input in
            digits.withMutableBytes { output in
                for byte in input {
                    switch byte {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"):
                        guard count < output.count else { return false }
                        output[count] = byte
                        count += 1
                    case UInt8(ascii: "-"), UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                        continue
                    default:
                        return false
                    }
                }
                return count == output.count
            }
        }
        return isValid ? digits : nil
    }
}
