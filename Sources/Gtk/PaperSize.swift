internal import CGtk

/// The paper a printout is laid out for.
public enum PaperSize: Sendable, Hashable, CaseIterable {
    /// ISO A4, 210 × 297 mm: most of the world.
    case a4
    /// US Letter, 8.5 × 11 in: the United States, Canada, Mexico and a few more.
    case letter

    /// The paper of the user's locale, as GTK decides it (`gtk_paper_size_get_default`, from
    /// `LC_PAPER`): Letter in the United States and Canada, A4 elsewhere.
    @MainActor public static var localeDefault: PaperSize {
        String(cString: gtk_paper_size_get_default()) == "na_letter" ? .letter : .a4
    }

    /// GTK's name of the paper.
    var gtkName: String {
        switch self {
        case .a4: "iso_a4"
        case .letter: "na_letter"
        }
    }
}
