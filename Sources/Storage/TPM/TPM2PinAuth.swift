import CSodium
import CTss2
import Localization

/// The sealed object's authorization value, derived from the PIN so that the TPM never sees the
/// digits: BLAKE2b-256 of the digits, keyed with a random salt kept in the sealed secret.
///
/// A slow hash would add nothing here: every guess has to go through the TPM that holds the
/// object, and its dictionary-attack protection is what limits them.
enum TPM2PinAuth {
    /// The salt's length and the auth value's (the objects' name algorithm, SHA-256, allows 32).
    static let length = 32

    /// A fresh random salt.
    static func newSalt() -> [UInt8] {
        var salt = [UInt8](repeating: 0, count: length)
        sodium.randombytesBuf(&salt, length)
        return salt
    }

    /// The auth value for `digits` under `salt`, in guarded memory.
    static func derive(digits: UnsafeBufferPointer<UInt8>, salt: [UInt8]) throws(TPM2Error) -> TPM2Secret {
        precondition(salt.count == length, "The salt is 32 bytes")
        return try TPM2Secret(count: length) { output throws(TPM2Error) in
            let result = sodium.generichash(output.baseAddress!.assumingMemoryBound(to: UInt8.self), output.count,
                                            digits.baseAddress, UInt64(digits.count), salt, salt.count)
            guard result == 0 else {
                throw .failed(operation: tr("derive the PIN’s authorization"), code: 0, reason: tr("hashing failed"))
            }
        }
    }

    /// Copies `auth` into the TPM2B that ESYS takes; the caller wipes it (`wipe`).
    static func fill(_ target: inout TPM2B_AUTH, with auth: borrowing TPM2Secret) {
        target.size = UInt16(auth.count)
        auth.withUnsafeBytes { source in
            withUnsafeMutableBytes(of: &target.buffer) { buffer in
                buffer.copyMemory(from: source)
            }
        }
    }
}

/// Zeroes a value that held secret bytes (a TPM2B, a sensitive structure) in place.
func wipe<Value>(_ value: inout Value) {
    withUnsafeMutableBytes(of: &value) { sodium.memzero($0.baseAddress, $0.count) }
}
