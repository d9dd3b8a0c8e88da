/// A secret kept in the key file beside the data key's slots — e.g. the password of the shared
/// database this desk joins — encrypted with XChaCha20-Poly1305 under a key derived from the
/// data key, so that only the PIN (or the recovery key) opens it, as it opens the records.
struct SealedCredential: Codable, Equatable {
    /// What the secret is for, in the clear: the shared database's address (never a secret).
    var account: String
    /// The AEAD's 24-byte nonce, base64.
    var nonce: String
    /// The secret, encrypted and authenticated, base64.
    var sealed: String

    /// What the AEAD authenticates: the entry's name and account, so that entries cannot be
    /// swapped in the file.
    func associatedData(name: String) -> [UInt8] {
        Array("pinform-credential/1/\(name)/\(account)".utf8)
    }
}
