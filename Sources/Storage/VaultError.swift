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

    /// A sentence to show the person.
    public var message: String {
        switch self {
        case .noPIN:
            "No PIN has been set yet."
        case .unreadable(let path, let reason):
            "Could not read “\(path)”: \(reason)."
        case .corrupt(let path):
            "“\(path)” is damaged and was left as it is. Move it away to set a new PIN."
        case .writeFailed(let path, let reason):
            "Could not save “\(path)”: \(reason). The previous version was kept."
        case .hashingFailed:
            "Could not protect the PIN: the computer is out of memory."
        case .cryptoUnavailable:
            "Could not start the cryptography library (libsodium)."
        }
    }
}
