import Localization

/// Why the TPM did not seal or unseal a secret.
public enum TPM2Error: Error, Equatable, Sendable {
    /// No TPM could be reached: no `/dev/tpmrm0` and no `PINFORM_TPM2_TCTI`, or it did not answer.
    case noTPM(reason: String)
    /// The PIN was wrong; the TPM counted the failure. `attemptsLeft` is how many more wrong PINs
    /// the TPM accepts before it locks out (nil when it could not be read).
    case wrongPIN(attemptsLeft: Int?)
    /// The TPM's dictionary-attack protection refuses every PIN for now, even the right one.
    /// `retryAfter` is the longest wait until it accepts one again, read from the TPM; nil when
    /// it never recovers by itself (only its owner can reset it).
    case lockedOut(retryAfter: Duration?)
    /// The secret was sealed by another TPM, or this TPM was cleared since (or the sealed bytes
    /// were altered, which the TPM cannot tell apart): no PIN opens it here.
    case sealedByAnotherTPM
    /// The key file names TPM NV indices counting the PIN's attempts (`TPM2AttemptCounter`) that
    /// this TPM does not hold (another TPM, the TPM cleared, or the indices removed): with no
    /// count to hold the lockout, no PIN is tried; the recovery key is the way.
    case attemptCountMissing
    /// The sealed bytes are not what `TPM2SealedSecret` writes (damaged, or from a newer version).
    case unreadableSealedSecret(reason: String)
    /// The TPM or its library failed in another way; `code` is the TSS2 response code.
    case failed(operation: String, code: UInt32, reason: String)

    /// A sentence to show the person, in their language.
    public var message: String {
        switch self {
        case .noTPM(let reason):
            tr("No TPM is available: {reason}.", ["reason": reason])
        case .wrongPIN(let attemptsLeft?):
            trn("Wrong PIN — %d attempt left before the TPM locks", "Wrong PIN — %d attempts left before the TPM locks",
                attemptsLeft)
        case .wrongPIN(nil):
            tr("Wrong PIN")
        case .lockedOut(let retryAfter?):
            // Translators: {duration} is "40 seconds", "17 minutes" or "2 hours" (translated below).
            tr("Too many wrong PINs. The TPM is locked; try again in {duration}.",
               ["duration": TPM2Error.spoken(retryAfter)])
        case .lockedOut(nil):
            tr("Too many wrong PINs. The TPM is locked until its owner resets it.")
        case .sealedByAnotherTPM:
            tr("This key was sealed by another TPM, or this computer’s TPM was cleared since. Use the recovery key.")
        case .attemptCountMissing:
            tr("This TPM does not hold the PIN’s attempt count (it is another TPM, or it was cleared), so the PIN is not tried. Use the recovery key.")
        case .unreadableSealedSecret(let reason):
            tr("The TPM-sealed key cannot be read: {reason}.", ["reason": reason])
        case .failed(let operation, let code, let reason):
            // Translators: {operation} is what was asked, e.g. "seal the key" (translated apart);
            // {code} is a hexadecimal number; {reason} is the TPM library's words.
            tr("The TPM could not {operation} (error {code}): {reason}.",
               ["operation": operation, "code": "0x" + String(code, radix: 16), "reason": reason])
        }
    }

    /// "40 seconds", "1 minute", "17 minutes", "2 hours" in the user's language: rounded up, so
    /// the person never tries too early.
    static func spoken(_ duration: Duration) -> String {
        let seconds = max(1, Int((Double(duration.components.seconds)
            + Double(duration.components.attoseconds) / 1e18).rounded(.up)))
        // Translators: the three durations complete "try again in {duration}".
        if seconds < 60 { return trn("%d second", "%d seconds", seconds) }
        let minutes = (seconds + 59) / 60
        if minutes < 120 { return trn("%d minute", "%d minutes", minutes) }
        return trn("%d hour", "%d hours", (minutes + 59) / 60)
    }
}
