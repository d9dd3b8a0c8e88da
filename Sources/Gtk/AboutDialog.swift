internal import CGtk

/// libadwaita's About dialog (`AdwAboutDialog`): the app's icon, name, version and developer,
/// a line about what it does, links, credits, the licence and details for bug reports.
@MainActor
public final class AboutDialog: Dialog {
    /// What the dialog shows.
    public struct Content: Sendable {
        public var applicationName: String
        public var applicationIcon: String
        public var version: String
        public var developerName: String
        public var comments: String
        public var website: String
        public var issueURL: String
        public var copyright: String
        public var developers: [String]
        public var license: License
        /// Shown under "Troubleshooting", for bug reports.
        public var debugInfo: String

        public init(applicationName: String, applicationIcon: String, version: String, developerName: String,
                    comments: String, website: String, issueURL: String, copyright: String,
                    developers: [String], license: License, debugInfo: String = "") {
            self.applicationName = applicationName
            self.applicationIcon = applicationIcon
            self.version = version
            self.developerName = developerName
            self.comments = comments
            self.website = website
            self.issueURL = issueURL
            self.copyright = copyright
            self.developers = developers
            self.license = license
            self.debugInfo = debugInfo
        }
    }

    /// An About dialog showing `content`.
    public convenience init(_ content: Content) {
        self.init()
        applicationName = content.applicationName
        applicationIcon = content.applicationIcon
        version = content.version
        developerName = content.developerName
        comments = content.comments
        website = content.website
        issueURL = content.issueURL
        copyright = content.copyright
        adw_about_dialog_set_license_type(pf_adw_about_dialog(raw), content.license.cValue)
        if !content.debugInfo.isEmpty { debugInfo = content.debugInfo }
        var names: [UnsafeMutablePointer<CChar>?] = content.developers.map { strdup($0) }
        names.append(nil)
        defer { names.forEach { free($0) } }
        names.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                adw_about_dialog_set_developers(pf_adw_about_dialog(raw), $0)
            }
        }
    }
}
