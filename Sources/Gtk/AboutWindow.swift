internal import CGtk

/// libadwaita's About window (`AdwAboutWindow`): the app's icon, name, version and developer,
/// a line about what it does, links, credits, the licence and details for bug reports.
@MainActor
public final class AboutWindow: Window {
    /// What the window shows.
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

    /// An About window showing `content`.
    public init(_ content: Content) {
        super.init(existing: adw_about_window_new())
        let about = OpaquePointer(raw)
        adw_about_window_set_application_name(about, content.applicationName)
        adw_about_window_set_application_icon(about, content.applicationIcon)
        adw_about_window_set_version(about, content.version)
        adw_about_window_set_developer_name(about, content.developerName)
        adw_about_window_set_comments(about, content.comments)
        adw_about_window_set_website(about, content.website)
        adw_about_window_set_issue_url(about, content.issueURL)
        adw_about_window_set_copyright(about, content.copyright)
        adw_about_window_set_license_type(about, content.license.cValue)
        if !content.debugInfo.isEmpty { adw_about_window_set_debug_info(about, content.debugInfo) }
        var names: [UnsafeMutablePointer<CChar>?] = content.developers.map { strdup($0) }
        names.append(nil)
        defer { names.forEach { free($0) } }
        names.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                adw_about_window_set_developers(about, $0)
            }
        }
    }

    private var about: OpaquePointer { OpaquePointer(raw) }

    /// The line about what the app does.
    public var comments: String { String(cString: adw_about_window_get_comments(about)) }

    /// The application's name.
    public var applicationName: String { String(cString: adw_about_window_get_application_name(about)) }
}
