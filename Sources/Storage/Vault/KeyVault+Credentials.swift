import CSodium
import Foundation

// Secrets sealed under the data key in the key file: what opens the records opens them too.
extension KeyVault {
    /// Seals `secret` (e.g. a database password) in the key file under `name`, replacing any
    /// secret of that name; `account` is kept in the clear beside it (an address, no secret).
    ///
    /// - Parameter dataKey: the key the PIN unwrapped (checked against the file first).
    /// - Throws: `.corrupt` when `dataKey` is not this file's key, `.writeFailed`, …
    public func sealCredential(_ secret: SecretBytes, named name: String, account: String, dataKey: SecretBytes) throws(VaultError) {
        try Sodium.ensureReady()
        var file = try read()
        try checkBelongs(dataKey, to: file)
        let entry = try sealed(secret, named: name, account: account, dataKey: dataKey)
        file.credentials = (file.credentials ?? [:]).merging([name: entry]) { $1 }
        try write(file)
    }

    /// `secret` sealed under `dataKey` as the entry `name`, written nowhere.
    func sealed(_ secret: SecretBytes, named name: String, account: String, dataKey: SecretBytes) throws(VaultError) -> SealedCredential {
        var nonce = [UInt8](repeating: 0, count: Int(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES))
        sodium.randombytesBuf(&nonce, nonce.count)
        var entry = SealedCredential(account: account, nonce: Base64.encode(nonce), sealed: "")
        let associated = entry.associatedData(name: name)
        var sealed = [UInt8](repeating: 0, count: secret.count + Int(crypto_aead_xchacha20poly1305_ietf_ABYTES))
        let key = try credentialKey(dataKey)
        let result = key.withBytes { key in
            secret.withBytes { plain in
                sodium.xchacha20poly1305Encrypt(
                    &sealed, nil, plain.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt64(plain.count),
                    associated, UInt64(associated.count), nil, nonce, key.baseAddress!.assumingMemoryBound(to: UInt8.self)
                )
            }
        }
        guard result == 0 else { throw .hashingFailed }
        entry.sealed = Base64.encode(sealed)
        return entry
    }

    /// The secret sealed under `name` and the account kept beside it, or nil when there is none.
    ///
    /// - Throws: `.corrupt` when the entry was changed or `dataKey` is not this file's key.
    public func credential(named name: String, dataKey: SecretBytes) throws(VaultError) -> (account: String, secret: SecretBytes)? {
        try Sodium.ensureReady()
        let file = try read()
        guard let entry = file.credentials?[name] else { return nil }
        try checkBelongs(dataKey, to: file)
        let overhead = Int(crypto_aead_xchacha20poly1305_ietf_ABYTES)
        guard let nonce = Base64.decode(entry.nonce), nonce.count == Int(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES),
              let sealed = Base64.decode(entry.sealed), sealed.count >= overhead
        else { throw .corrupt(path: fileURL.path) }
        let secret = try SecretBytes(count: sealed.count - overhead)
        let associated = entry.associatedData(name: name)
        let key = try credentialKey(dataKey)
        let result = key.withBytes { key in
            secret.withMutableBytes { output in
                sodium.xchacha20poly1305Decrypt(
                    output.baseAddress?.assumingMemoryBound(to: UInt8.self), nil, nil, sealed, UInt64(sealed.count),
                    associated, UInt64(associated.count), nonce, key.baseAddress!.assumingMemoryBound(to: UInt8.self)
                )
            }
        }
        guard result == 0 else { throw .corrupt(path: fileURL.path) }
        return (entry.account, secret)
    }

    /// Removes the secret sealed under `name`, if any.
    public func removeCredential(named name: String) throws(VaultError) {
        var file = try read()
        guard file.credentials?[name] != nil else { return }
        file.credentials?[name] = nil
        if file.credentials?.isEmpty == true { file.credentials = nil }
        try write(file)
    }

    /// The key credentials are sealed under: a keyed BLAKE2b of a label under the data key, so
    /// that the data key itself encrypts nothing but the records.
    private func credentialKey(_ dataKey: SecretBytes) throws(VaultError) -> SecretBytes {
        let key = try SecretBytes(count: Int(crypto_aead_xchacha20poly1305_ietf_KEYBYTES))
        let label = Array("pinform credential key".utf8)
        key.withMutableBytes { output in
            dataKey.withBytes { dataKey in
                _ = sodium.generichash(output.baseAddress!.assumingMemoryBound(to: UInt8.self), output.count, label, UInt64(label.count),
                                       dataKey.baseAddress!.assumingMemoryBound(to: UInt8.self), dataKey.count)
            }
        }
        return key
    }
}
