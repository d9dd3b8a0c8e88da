import Foundation

extension AppPaths {
    /// The records database, `records.sqlite` in the data folder.
    public var recordsFile: URL {
        dataDirectory.appendingPathComponent(Database.fileName, isDirectory: false)
    }
}
