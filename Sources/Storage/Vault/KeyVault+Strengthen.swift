/// A PIN slot whose key derivation is weaker than the vault's own (a restored backup made with
/// `m=8,t=1`, say) is wrapped again at the first unlock with the right PIN, with the vault's
/// derivation (or sealed in the TPM when one answers): the weak slot is not kept.
extension KeyVault {
    /// Whether `slot` is an argon2id PIN slot with less memory or fewer passes than `derivation`.
    func isWeaker(_ slot: KeySlot) -> Bool {
        guard slot.kind == .pin, let kdf = slot.kdf, let (slotDerivation, _) = KeyDerivation.parse(phc: kdf) else {
            return false
        }
        return slotDerivation.memoryKiB < derivation.memoryKiB || slotDerivation.passes < derivation.passes
    }

    /// Wraps `dataKey` again under `pin` when the PIN slot is weaker than the vault's derivation.
    /// A failure to write leaves the file as it was (the unlock itself still succeeds; the next
    /// one tries again).
    ///
    /// - Returns: whether the slot was replaced.
    @discardableResult
    func strengthenPINSlot(_ slot: KeySlot, pin: SecretBytes, dataKey: SecretBytes) -> Bool {
        guard isWeaker(slot) else { return false }
        do throws(VaultError) {
            // The same PIN, wrapped again as a change of PIN wraps a new one.
            try changePIN(dataKey: dataKey, to: pin)
            return true
        } catch {
            return false
        }
    }
}
