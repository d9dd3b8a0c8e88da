/// Why the application's folders could not be made ready.
public enum AppPathsError: Error, Equatable, Sendable {
    /// A folder could not be created or restricted to its owner; `reason` is the system's words.
    case cannotCreate(path: String, reason: String)

    /// A sentence to show the person.
    public var message: String {
        switch self {
        case .cannotCreate(let path, let reason): "Could not create the folder “\(path)”: \(reason)."
        }
    }
}
