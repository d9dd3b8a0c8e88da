import CGtk
import Gtk
import Storage

/// What the application says about itself.
enum AppInfo {
    #if PINFORM_DEVEL
    /// The application id (the development profile has its own, so both can be installed).
    static let id = "io.github.pinform.Pinform.Devel"
    #else
    /// The application id.
    static let id = "io.github.pinform.Pinform"
    #endif
    /// The settings schema id; the development profile shares it.
    static let schemaID = "io.github.pinform.Pinform"
    static let name = "Pinform"
    static let version = "0.1.0"
    static let website = "https://github.com/pinform/pinform"
    static let summary = "Enter PINs and typed records on the desktop"
    static let copyright = "© 2026 The Pinform developers"
    static let developers = ["The Pinform developers"]
    static let issues = "https://github.com/pinform/pinform/issues"

    /// What the About window says, in the user's words; `protection` (what the key file uses,
    /// nil before a PIN is set) is said in the comments and the troubleshooting details.
    static func about(protection: KeyProtection?) -> AboutWindow.Content {
        var comments = "Keep small records — people, sizes, invoices — behind a PIN. "
            + "Enter them in forms that check each field as you type."
        if let protection { comments += "\n\n\(protection.title)." }
        return AboutWindow.Content(
            applicationName: name, applicationIcon: id, version: version, developerName: developers[0],
            comments: comments,
            website: website, issueURL: issues, copyright: copyright, developers: developers,
            license: GTK_LICENSE_GPL_3_0, debugInfo: protection.map { "\($0.statusLine)\n" } ?? "")
    }
}
