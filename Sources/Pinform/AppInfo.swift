import Gtk
import Localization
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
    static let name = "Pinform"
    static let version = "0.2.0"
    static let website = "https://github.com/pinform/pinform"
    /// One line on what the app does (`pinform --help`); read when shown, in the user's language.
    static var summary: String { tr("Enter PINs and typed records on the desktop") }
    static var copyright: String { tr("© 2026 The Pinform developers") }
    static var developers: [String] { [tr("The Pinform developers")] }
    static let issues = "https://github.com/pinform/pinform/issues"

    /// What the About dialog says, in the user's words; `protection` (what the key file uses,
    /// nil before a PIN is set) is said in the comments and the troubleshooting details;
    /// `lockoutWarning` follows "Protected by the TPM." when anyone can reset the TPM's lockout.
    static func about(protection: KeyProtection?,
                      lockoutWarning: String? = KeyProtection.tpmLockoutWarning) -> AboutDialog.Content {
        var comments = tr("Keep small records — people, sizes, invoices — behind a PIN. Enter them in forms that check each field as you type.")
        if let protection { comments += "\n\n" + protection.title }
        if protection == .tpm2, let lockoutWarning { comments += " " + lockoutWarning }
        return AboutDialog.Content(
            applicationName: name, applicationIcon: id, version: version, developerName: developers[0],
            comments: comments,
            website: website, issueURL: issues, copyright: copyright, developers: developers,
            license: .gpl30, debugInfo: protection.map { "\($0.statusLine)\n" } ?? "")
    }
}
