// The recovery key: a second way to the data key, shown once, for a forgotten PIN or another
// computer (a slot wrapped through argon2id of 40 random digits).
extension KeyVault {
    /// Adds (or replaces) a recovery slot and returns the recovery key to show once: 40 random
    /// digits in eight groups of five ("12345-67890-…"), about 133 bits.
    ///
    /// - Parameter dataKey: the unwrapped data key (checked against the file first).
    public func addRecoveryKey(dataKey: SecretBytes) throws(VaultError) -> SecretBytes {
        var file = try read()
        try checkBelongs(dataKey, to: file)
        let (slot, recovery) = try makeRecoverySlot(dataKey: dataKey)
        file.slots.removeAll { $0.kind == .recovery }
        file.slots.append(slot)
        try write(file)
        return recovery
    }

    func makeRecoverySlot(dataKey: SecretBytes) throws(VaultError) -> (KeySlot, SecretBytes) {
        let recovery = try RecoveryKey.generate()
        let normalized = try RecoveryKey.normalized(recovery)!
        return (try makeSlot(kind: .recovery, digits: nil, secret: normalized, dataKey: dataKey), recovery)
    }

    /// Unwraps the data key with a recovery key as typed (spaces and dashes are ignored).
    ///
    /// - Returns: the data key, or `nil` when the key is wrong or malformed.
    /// - Throws: `.noPIN` with no key file, `.corrupt` with no recovery slot, …
    public func unlock(recoveryKey: SecretBytes) throws(VaultError) -> SecretBytes? {
        let file = try read()
        guard let slot = file.slots.first(where: { $0.kind == .recovery }) else {
            throw .corrupt(path: fileURL.path)
        }
        guard let normalized = try RecoveryKey.normalized(recoveryKey) else { return nil }
        return try unwrap(slot, secret: normalized)
    }
}
