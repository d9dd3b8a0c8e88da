import Foundation

/// The backups in a folder: how they are named, which automatic one is newest, and which are
/// removed to keep the last few.
///
/// A backup made with Back Up Now is `pinform-<UTC time>.pinform-backup`; an automatic one is
/// `pinform-auto-<UTC time>.pinform-backup`. Only automatic backups are ever removed.
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

    /// The time in a name made by `fileName(at:automatic:)`.
    static func date(ofStamp stamp: Substring) -> Date? {
        let digits = stamp.filter(\.isNumber)
        guard stamp.count == 16, digits.count == 14 else { return nil }
        var parts = tm()
        let number = { (from: Int, count: Int) -> Int32 in
            Int32(digits.dropFirst(from).prefix(count)) ?? 0
        }
        parts.tm_year = number(0, 4) - 1900
        parts.tm_mon = number(4, 2) - 1
        parts.tm_mday = number(6, 2)
        parts.tm_hour = number(8, 2)
        parts.tm_min = number(10, 2)
        parts.tm_sec = number(12, 2)
        return Date(timeIntervalSince1970: TimeInterval(timegm(&parts)))
    }

    /// The automatic backups, oldest first, with their times.
    public func automaticBackups() -> [(url: URL, date: Date)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        let suffix = "." + BackupFolder.fileExtension
        return names.sorted().compactMap { name in
            guard name.hasPrefix(BackupFolder.automaticPrefix), name.hasSuffix(suffix) else { return nil }
            let stamp = name.dropFirst(BackupFolder.automaticPrefix.count).dropLast(suffix.count)
            guard let date = BackupFolder.date(ofStamp: stamp) else { return nil }
            return (url.appendingPathComponent(name, isDirectory: false), date)
        }
    }

    /// Whether an automatic backup is due at `now`: none in the folder, or the newest is a day
    /// old (or from the future: a clock set back must not stop the backups).
    public func isAutomaticBackupDue(now: Date, interval: TimeInterval = 86_400) -> Bool {
        guard let newest = automaticBackups().last?.date else { return true }
        return now.timeIntervalSince(newest) >= interval || newest.timeIntervalSince(now) > interval
    }

    /// Removes the oldest automatic backups so that `keeping` remain; the others are never touched.
    ///
    /// - Returns: the files removed.
    @discardableResult
    public func removeOldAutomaticBackups(keeping: Int) -> [URL] {
        let backups = automaticBackups()
        let removed = backups.dropLast(max(1, keeping)).map(\.url)
        for file in removed { try? FileManager.default.removeItem(at: file) }
        return removed
    }
}
