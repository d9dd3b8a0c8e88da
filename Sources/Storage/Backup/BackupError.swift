import Localization

/// Why a backup was not made, or not restored. Each case leaves things as they were: a backup
/// that failed leaves no file, a restore that failed leaves the data folder as it was.
public enum BackupError: Error, Equatable, Sendable {
    /// The backup could not be written in its folder (full, read-only, gone); nothing was left there.
    case cannotWrite(folder: String, reason: String)
    /// The backup file could not be read.
    case cannotRead(path: String, reason: String)
    /// The file is not a Pinform backup.
    case notABackup(path: String)
    /// A later version of Pinform made the backup.
    case newerVersion(path: String)
    /// A checksum or length does not match, or an entry is missing: the file was changed or cut.
    case damaged(path: String)
    /// The backup was written, but reading it back did not give the records and key file; it was removed.
    case verificationFailed(path: String, reason: String)
    /// There is nothing to back up: no key file, or the records are not open.
    case nothingToBackUp(reason: String)
    /// The data folder could not be changed to hold the backup's files; it is as it was.
    case cannotRestore(reason: String)
    /// The backup's files are not what Pinform writes (a key file it cannot read, records that
    /// are not an encrypted database, or not this data key's): `reason` says which.
    case unusable(path: String, reason: String)
    /// The PIN or recovery key typed does not open the backup's key file.
    case wrongSecret(path: String)
    /// The backup's PIN is sealed by a TPM (another computer's, or this one's before it was
    /// cleared): only its recovery key opens it here.
    case pinSealedElsewhere(path: String)
    /// The backup's records do not open with its own key (or fail SQLite's check).
    case recordsDoNotOpen(path: String)
    /// The backup (`needed` bytes) is larger than the free space beside the records (`free` bytes).
    case noRoom(path: String, needed: UInt64, free: UInt64)

    /// A sentence for the person.
    public var message: String {
        switch self {
        case .cannotWrite(let folder, let reason):
            // Translators: {folder} is a folder, {reason} the system's words ("No space left on device").
            tr("No backup was made in “{folder}”: {reason}. Nothing was changed.", ["folder": folder, "reason": reason])
        case .cannotRead(let path, let reason):
            tr("The backup “{file}” cannot be read: {reason}", ["file": path, "reason": reason])
        case .notABackup(let path):
            tr("“{file}” is not a Pinform backup.", ["file": path])
        case .newerVersion(let path):
            tr("The backup “{file}” was made by a newer Pinform. Update Pinform to restore it.", ["file": path])
        case .damaged(let path):
            tr("The backup “{file}” is damaged: its checksums do not match. Choose another backup.", ["file": path])
        case .verificationFailed(let path, let reason):
            tr("The backup “{file}” did not read back as written ({reason}), so it was removed. Try again or choose another folder.",
               ["file": path, "reason": reason])
        case .nothingToBackUp(let reason):
            tr("There is nothing to back up yet: {reason}", ["reason": reason])
        case .cannotRestore(let reason):
            tr("The backup was not restored: {reason}. Your records are as they were.", ["reason": reason])
        case .unusable(let path, let reason):
            // Translators: {reason} is one of the backup's problems ("the key file in it cannot be read").
            tr("The backup “{file}” cannot be used: {reason}. Nothing was replaced.", ["file": path, "reason": reason])
        case .wrongSecret(let path):
            tr("The PIN or recovery key does not open the backup “{file}”. Nothing was replaced.", ["file": path])
        case .pinSealedElsewhere(let path):
            tr("The PIN of the backup “{file}” is sealed by the security chip of the computer that made it: type its recovery key instead. Nothing was replaced.",
               ["file": path])
        case .recordsDoNotOpen(let path):
            tr("The records in the backup “{file}” do not open with its key: it is damaged or was not made by Pinform. Nothing was replaced.",
               ["file": path])
        case .noRoom(let path, let needed, let free):
            // Translators: {needed} and {free} are whole megabytes ("200"); "MB" is the unit.
            tr("The backup “{file}” needs {needed} MB and the records’ folder has {free} MB free. Make room and try again. Your records are as they were.",
               ["file": path, "needed": String((needed + 999_999) / 1_000_000), "free": String(free / 1_000_000)])
        }
    }
}
