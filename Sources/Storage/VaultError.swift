import Localization

/// Why the PIN vault or the attempt store could not do what was asked.
public enum VaultError: Error, Equatable, Sendable {
    /// No PIN has been stored yet, so there is nothing to verify against.
    case noPIN
    /// The file exists but could not be read; `reason` is the system's words.
    case unreadable(path: String, reason: String)
    /// The file does not hold what Pinform writes there (for the PIN, an `$argon2id$` hash).
    /// It is never deleted automatically.
    case corrupt(path: String)
    /// The file could not be saved, e.g. the disk is full or the folder is read-only;
    /// whatever was saved before is still there.
    case writeFailed(path: String, reason: String)
    /// Hashing the PIN failed, which libsodium only does when memory runs out.
    case hashingFailed
    /// libsodium could not be initialized.
    case cryptoUnavailable
    /// libsodium is not installed (or lacks a function); `reason` names the library and its
    /// package (`LibraryMissing`).
    case libraryMissing(reason: String)
    /// Locked memory for a key or a PIN could not be had (out of memory, or over the
    /// locked-memory limit, `ulimit -l`).
    case outOfSecureMemory
    /// The key file's PIN slot is damaged or was edited (a length the pad cannot ask for,
    /// argon2id parameters out of limits, a nonce or key of the wrong size): no PIN can open
    /// it, and nothing was counted or derived. The recovery slot may still open the records.
    case damagedPINSlot(path: String)
    /// The key file was written by a newer version of Pinform (a later `version`): it is not
    /// read, so nothing is opened with it, and it must be kept — the records need it.
    case newerVersion(path: String)
    /// Something that is not a regular file (a FIFO, a device, a folder or a symbolic link)
    /// is where a Pinform file belongs; it was not opened.
    case notARegularFile(path: String)
    /// The attempt counter is missing although a PIN is set: it was deleted, so the PIN is
    /// locked as long as it can be.
    case missing(path: String)
    /// A PIN is already set, so a new one cannot be chosen without the current one.
    case alreadySet
    /// Encrypting the records of an older version failed; the plaintext file was kept and
    /// the next unlock tries again.
    case upgradeFailed(reason: String)
    /// The TPM that holds the PIN slot refused for another reason than a wrong PIN: its
    /// dictionary-attack lockout, another TPM or a cleared one, none answering.
    case tpm(TPM2Error)

    /// A sentence to show the person, in their language.
    public var message: String {
        switch self {
        case .noPIN:
            tr("No PIN has been set yet.")
        case .unreadable(let path, let reason):
            // Translators: {reason} is the system's words, e.g. "Permission denied".
            tr("Could not read “{path}”: {reason}.", ["path": path, "reason": reason])
        case .corrupt(let path):
            tr("“{path}” is damaged and was left as it is. Move it away to set a new PIN.", ["path": path])
        case .writeFailed(let path, let reason):
            // Translators: {reason} is the system's words, e.g. "No space left on device".
            tr("Could not save “{path}”: {reason}. The previous version was kept.", ["path": path, "reason": reason])
        case .hashingFailed:
            tr("Could not protect the PIN: the computer is out of memory.")
        case .cryptoUnavailable:
            tr("Could not start the cryptography library (libsodium).")
        case .libraryMissing(let reason):
            // Translators: {reason} says which library cannot be loaded and which package to install.
            tr("Could not start the cryptography library: {reason}.", ["reason": reason])
        case .outOfSecureMemory:
            tr("Could not lock memory for the PIN: the computer is out of memory or the locked-memory limit is too low.")
        case .damagedPINSlot(let path):
            tr("The PIN part of “{path}” is damaged, so no PIN can open it. Use the recovery key; keep the file as it is.",
               ["path": path])
        case .newerVersion(let path):
            tr("“{path}” was made by a newer Pinform. Update Pinform to open your records; keep the file as it is.",
               ["path": path])
        case .notARegularFile(let path):
            tr("“{path}” is not a regular file, so Pinform did not open it. Move it away.", ["path": path])
        case .missing(let path):
            tr("“{path}” is missing, so the PIN is locked for an hour.", ["path": path])
        case .alreadySet:
            tr("A PIN is already set.")
        case .upgradeFailed(let reason):
            tr("Could not encrypt the records of the previous version: {reason}. They were kept as they were.", ["reason": reason])
        case .tpm(.noTPM(let reason)):
            tr("The TPM that holds your PIN cannot be reached: {reason}. Use the recovery key.", ["reason": reason])
        case .tpm(let error):
            error.message
        }
    }
}
