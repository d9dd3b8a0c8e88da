import Foundation

/// Where Pinform keeps its data and settings, following the XDG Base Directory specification.
///
/// `dataDirectory` is `$XDG_DATA_HOME/pinform` (default `~/.local/share/pinform`) and holds the
/// key file, the instance lock and the encrypted records; `configDirectory` is
/// `$XDG_CONFIG_HOME/pinform` (default `~/.config/pinform`) and holds the attempt counter and
/// its lock, so that they can be written even when the data folder can only be read. As the
/// specification says, a variable that is empty or not an absolute path is ignored.
///
/// ```swift
/// let paths = AppPaths(environment: ["XDG_DATA_HOME": "/tmp/test-data", "HOME": "/tmp"])
/// try paths.ensureExists()
/// let vault = KeyVault(paths: paths)
/// ```
public struct AppPaths: Equatable, Sendable {
    /// The name of Pinform's folder inside each XDG base folder.
    public static let folderName = "pinform"

    /// The folder for the key file, the instance lock and the records.
    public let dataDirectory: URL
    /// The folder for settings and the attempt counter.
    public let configDirectory: URL

    /// Reads the folders from an environment, by default the process's own.
    ///
    /// - Parameter environment: variables to read `XDG_DATA_HOME`, `XDG_CONFIG_HOME` and `HOME`
    ///   from; tests pass their own so that nothing touches the real home folder.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = AppPaths.homeDirectory(environment: environment)
        let dataHome = AppPaths.absolutePath(environment["XDG_DATA_HOME"]) ?? home + "/.local/share"
        let configHome = AppPaths.absolutePath(environment["XDG_CONFIG_HOME"]) ?? home + "/.config"
        self.init(
            dataDirectory: URL(fileURLWithPath: dataHome, isDirectory: true)
                .appendingPathComponent(AppPaths.folderName, isDirectory: true),
            configDirectory: URL(fileURLWithPath: configHome, isDirectory: true)
                .appendingPathComponent(AppPaths.folderName, isDirectory: true)
        )
    }

    /// Uses the given folders as they are.
    public init(dataDirectory: URL, configDirectory: URL) {
        self.dataDirectory = dataDirectory
        self.configDirectory = configDirectory
    }

    /// Creates both folders, and any missing parent, readable by their owner only (mode 0700).
    ///
    /// Pinform's own two folders are set to 0700 even when they already exist; existing
    /// parents are left as they are.
    public func ensureExists() throws(AppPathsError) {
        for directory in [dataDirectory, configDirectory] {
            if let failure = FileOperations.makeDirectories(atPath: directory.path) {
                throw .cannotCreate(path: failure.path, reason: failure.reason)
            }
        }
    }

    private static func absolutePath(_ value: String?) -> String? {
        guard let value, value.hasPrefix("/") else { return nil }
        return value
    }

    /// `$HOME` when usable, else the password database, else `/` as a last resort.
    private static func homeDirectory(environment: [String: String]) -> String {
        if let home = absolutePath(environment["HOME"]) { return home }
        if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir {
            let home = String(cString: directory)
            if home.hasPrefix("/") { return home }
        }
        return "/"
    }
}
