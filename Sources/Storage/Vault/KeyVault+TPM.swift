import CSodium
import Foundation
import Localization

// The PIN's slot where a TPM 2.0 seals it: made when a PIN is chosen or changed, opened when
// it is typed. Apart from KeyVault.swift so that each file is one concern.
extension KeyVault {
    /// The slot the PIN opens: sealed in the TPM when one is configured and seals, else
    /// argon2id's. A TPM that fails here (absent, no access to `/dev/tpmrm0`, an owner password)
    /// leaves the PIN to argon2id rather than refusing it; `protection` says which it was.
    func makePINSlot(pin: SecretBytes, dataKey: SecretBytes) throws(VaultError) -> KeySlot {
        if let tpm, let slot = try makeTPMSlot(pin: pin, dataKey: dataKey, tpm: tpm) {
            return slot
        }
        return try makeSlot(kind: .pin, digits: pin.count, secret: pin, dataKey: dataKey)
    }

    /// A `tpm2+pin` slot: a random key, sealed by the TPM under the PIN, wraps the data key.
    /// Nil when the TPM does not seal it.
    func makeTPMSlot(pin: SecretBytes, dataKey: SecretBytes, tpm: TPM2Device) throws(VaultError) -> KeySlot? {
        let wrappingKey = try SecretBytes.random(count: Int(crypto_aead_xchacha20poly1305_ietf_KEYBYTES))
        let sealed: TPM2SealedSecret
        do {
            sealed = try wrappingKey.withBytes { (secret) throws(TPM2Error) in
                try pin.withBytes { (digits) throws(TPM2Error) in
                    try tpm.seal(secret: secret, digits: digits.assumingMemoryBound(to: UInt8.self))
                }
            }
        } catch {
            return nil
        }
        var nonce = [UInt8](repeating: 0, count: Int(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES))
        sodium.randombytesBuf(&nonce, nonce.count)
        let slot = KeySlot(kind: .tpm2PIN, digits: pin.count, kdf: nil,
                           sealed: [KeySlot.sealedObjectKey: Base64.encode(sealed.bytes)],
                           nonce: Base64.encode(nonce), wrappedKey: "")
        return try wrappingKey.withBytes { (key) throws(VaultError) in try wrap(dataKey, in: slot, nonce: nonce, key: key) }
    }

    /// The data key from a `tpm2+pin` slot: the TPM unseals the wrapping key for the PIN (this
    /// is the check, counted by the chip). Nil for a wrong PIN.
    func unwrapSealed(_ slot: KeySlot, pin: SecretBytes) throws(VaultError) -> SecretBytes? {
        guard let encoded = slot.sealed?[KeySlot.sealedObjectKey], let bytes = Base64.decode(encoded),
              let nonce = Base64.decode(slot.nonce), nonce.count == Int(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES),
              let wrapped = Base64.decode(slot.wrappedKey),
              wrapped.count == KeyVault.dataKeyLength + Int(crypto_aead_xchacha20poly1305_ietf_ABYTES)
        else { throw .corrupt(path: fileURL.path) }
        guard let tpm else {
            throw .tpm(.noTPM(reason: tr("the key is sealed in a TPM, and none is configured here")))
        }
        let unsealed: Result<SecretBytes?, VaultError>
        do throws(TPM2Error) {
            let sealed = try TPM2SealedSecret(bytes: bytes)
            unsealed = try pin.withBytes { (digits) throws(TPM2Error) -> Result<SecretBytes?, VaultError> in
                let key = try tpm.unseal(sealed, digits: digits.assumingMemoryBound(to: UInt8.self))
                return key.withUnsafeBytes { key in
                    Result { () throws(VaultError) in try open(slot, nonce: nonce, wrapped: wrapped, key: key) }
                }
            }
        } catch .wrongPIN {
            return nil
        } catch {
            throw .tpm(error)
        }
        return try unsealed.get()
    }

    /// Refuses a data key that is not the one in the file, so a mix-up cannot lock records away.
    func checkBelongs(_ dataKey: SecretBytes, to file: KeyFile) throws(VaultError) {
        guard dataKey.count == KeyVault.dataKeyLength, file.keyID == KeyVault.keyID(of: dataKey) else {
            throw .corrupt(path: fileURL.path)
        }
    }

    /// A keyed BLAKE2b hash naming the data key. The key is 256 random bits, so this tells
    /// nothing about it, nor about the PIN.
    static func keyID(of dataKey: SecretBytes) -> String {
        var hash = [UInt8](repeating: 0, count: 16)
        let label = Array("pinform key id".utf8)
        dataKey.withBytes { bytes in
            _ = sodium.generichash(&hash, hash.count, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                   UInt64(bytes.count), label, label.count)
        }
        return Base64.encode(hash)
    }
}
