import Foundation

/// The backups in a folder: how they are named.
///
/// A backup made with Back Up Now is `pinform-<UTC time>.pinform-backup`; an automatic one is
/// `pinform-auto-<UTC time>.pinform-backup`. A name is for people only: which backups are
/// the newest, and which daily ones are removed, is `BackupIndex`'s — anyone who can write the
/// folder can give a file any name.
public struct BackupFolder: Sendable {
    /// The folder.
    public let url: URL

    /// The extension of every backup file.
    public static let fileExtension = "pinform-backup"
    static let manualPrefix = "pinform-"
    static let automaticPrefix = "pinform-auto-"

    /// The backups of `url`.
    public init(url: URL) {
        self.url = url
    }

    /// The name of a backup made at `date`.
    public static func fileName(at date: Date, automatic: Bool) -> String {
        (automatic ? automaticPrefix : manualPrefix) + stamp(date) + "." + fileExtension
    }

    /// `20261201T202000Z`: sorts as the times do.
    static func stamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }
}
