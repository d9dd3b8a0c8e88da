internal import CGtk

/// What a command-line option takes after it (GLib's `GOptionArg`, the kinds the app uses).
public enum OptionArgument: Sendable {
    /// Nothing: a flag such as `--version`.
    case none
    /// A string.
    case string
    /// A file name, in the file system's encoding.
    case filename

    var cValue: GOptionArg {
        switch self {
        case .none: G_OPTION_ARG_NONE
        case .string: G_OPTION_ARG_STRING
        case .filename: G_OPTION_ARG_FILENAME
        }
    }
}
