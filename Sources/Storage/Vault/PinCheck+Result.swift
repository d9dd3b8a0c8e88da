import PinCode

extension PinCheck {
    /// What one `check(_:)` found, with the attempts as they stand after it.
    public enum Result: Sendable {
        /// The right PIN: its data key, the attempts (cleared), why clearing them could not be
        /// written (or nil), and a recovery key made just now for a key file that had none.
        /// `earlier` counts the wrong PINs since the last right one (nil when there were none).
        case right(SecretBytes, AttemptPolicy, saveProblem: VaultError?, recoveryKey: SecretBytes?, earlier: WrongPINs?)
        /// A wrong PIN, counted; attempts remain before a lockout.
        case wrong(AttemptPolicy)
        /// Locked: before the check (nothing was tried) or by this wrong PIN.
        case locked(AttemptPolicy)
        /// The attempt could not be counted, so the PIN was not checked.
        case notCounted(VaultError)
        /// The PIN could not be judged (the TPM, the key file); the attempt does not count.
        case failed(VaultError, AttemptPolicy)
    }
}
