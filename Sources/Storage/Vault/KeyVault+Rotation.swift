/// A new data key for the same records: "Lock out old keys and backups". Every way to the old
/// key — the old PIN in an older copy of the key file, the old recovery key, every backup made
/// before — then opens only what it opened before: the records as they were then, never those
/// saved after.
///
/// Two halves, so that the records can be re-encrypted between them, all or nothing:
/// `prepareRotation` makes the new key file in memory (a PIN slot under the PIN, sealed in the
/// TPM when one answers, a new recovery key, every sealed credential sealed again), and
/// `commitRotation` writes it — the moment the new key becomes the key
/// (`Database.rekey(fileAt:from:to:committing:)` calls it once the re-encrypted copy checked out).
extension KeyVault {
    /// A key file ready to be written, with the new data key and the recovery key to show once.
    public struct Rotation: Sendable {
        let file: KeyFile
        /// The new data key.
        public let dataKey: SecretBytes
        /// The new recovery key ("12345-67890-…"), to show once.
        public let recoveryKey: SecretBytes
    }

    /// Makes a new data key and the key file for it, writing nothing.
    ///
    /// - Parameters:
    ///   - oldKey: the current data key (checked against the file first).
    ///   - pin: the PIN to wrap the new key under (the current one, or a new one).
    /// - Throws: `.corrupt` when `oldKey` is not this file's key, `.outOfSecureMemory`, …
    public func prepareRotation(from oldKey: SecretBytes, pin: SecretBytes) throws(VaultError) -> Rotation {
        try Sodium.ensureReady()
        let old = try read()
        try checkBelongs(oldKey, to: old)
        let newKey = try SecretBytes.random(count: KeyVault.dataKeyLength)
        let pinSlot = try makePINSlot(pin: pin, dataKey: newKey)
        let (recoverySlot, recoveryKey) = try makeRecoverySlot(dataKey: newKey)
        var file = KeyFile(keyID: KeyVault.keyID(of: newKey), slots: [pinSlot, recoverySlot])
        file.database = old.database
        for name in (old.credentials ?? [:]).keys.sorted() {
            guard let (account, secret) = try credential(named: name, dataKey: oldKey) else { continue }
            file.credentials = (file.credentials ?? [:]).merging([name: try sealed(secret, named: name, account: account, dataKey: newKey)]) { $1 }
        }
        return Rotation(file: file, dataKey: newKey, recoveryKey: recoveryKey)
    }

    /// Writes the rotated key file (atomically: a kill leaves the old file or the new one).
    public func commitRotation(_ rotation: Rotation) throws(VaultError) {
        try writeCountingAttempts(rotation.file, dataKey: rotation.dataKey)
    }
}
