import Localization

/// Words shared by several places of the module.
enum DefinitionText {
    /// A yes/no field that is on.
    static var yes: String { tr("Yes") }
    /// A yes/no field that is off.
    static var no: String { tr("No") }
    /// How many line items there are.
    static func lineCount(_ count: Int) -> String {
        // Translators: the value of a line-items field shown in one line, e.g. "3 lines".
        trn("%d line", "%d lines", count)
    }
}

extension DefinitionText {
    /// A required line-items field without lines.
    static var addALine: String { tr("Add at least one line") }
}
