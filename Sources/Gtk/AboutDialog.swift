import CGtk

/// The standard About window: name, version, licence, website.
@MainActor
public final class AboutDialog: Window {
    /// Builds the About window for the application.
    public init(programName: String, version: String, comments: String, website: String,
                license: GtkLicense, logoIconName: String, authors: [String], copyright: String) {
        super.init(existing: gtk_about_dialog_new())
        let about = OpaquePointer(raw)
        gtk_about_dialog_set_program_name(about, programName)
        gtk_about_dialog_set_version(about, version)
        gtk_about_dialog_set_comments(about, comments)
        gtk_about_dialog_set_website(about, website)
        gtk_about_dialog_set_website_label(about, "Website")
        gtk_about_dialog_set_license_type(about, license)
        gtk_about_dialog_set_logo_icon_name(about, logoIconName)
        gtk_about_dialog_set_copyright(about, copyright)
        var names: [UnsafeMutablePointer<CChar>?] = authors.map { strdup($0) }
        names.append(nil)
        defer { names.forEach { free($0) } }
        names.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                gtk_about_dialog_set_authors(about, $0)
            }
        }
    }
}
