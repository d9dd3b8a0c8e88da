import Localization

/// Why the application's folders could not be made ready.
public enum AppPathsError: Error, Equatable, Sendable {
    /// A folder could not be created or restricted to its owner; `reason` is the system's words.
    case cannotCreate(path: String, reason: String)

    /// A sentence to show the person, in their language.
    public var message: String {
        switch self {
        case .cannotCreate(let path, let reason):
            // Translators: {reason} is the system's words, e.g. "Read-only file system".
            tr("Could not create the folder “{path}”: {reason}.", ["path": path, "reason": reason])
        }
    }
}
