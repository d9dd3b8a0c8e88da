import Gtk
import Localization
import Storage

/// Shows a recovery key once: when the first PIN is set, when an older installation gets its
/// first one, or when the person makes a new one. The key is in a selectable label, so it can be
/// copied; "Continue" closes the dialog and the key is not shown again.
@MainActor
enum RecoveryKeyDialog {
    /// The dialog's title, which screen readers announce and tests look for.
    static var title: String { tr("Recovery key") }

    /// Presents the key over `parent`; `onContinue` runs once it is closed.
    ///
    /// - Parameters:
    ///   - sealedInTPM: the PIN is sealed in a TPM, so clearing or replacing it also needs the key.
    ///   - replacing: a new key replaced the previous one.
    static func present(_ key: SecretBytes, over parent: Window?, sealedInTPM: Bool, replacing: Bool = false,
                        onContinue: @escaping @MainActor () -> Void) {
        let advice = sealedInTPM
            ? tr("If you forget your PIN, or this computer’s TPM is cleared or replaced, this key is the only way to open your records. Write it down or store it somewhere safe, away from this computer. It is not shown again.")
            : tr("If you forget your PIN, this key is the only way to open your records. Write it down or store it somewhere safe, away from this computer. It is not shown again.")
        let dialog = MessageDialog(
            parent: parent, heading: replacing ? tr("Your New Recovery Key") : tr("Save Your Recovery Key"),
            // Translators: {advice} is the paragraph about keeping the recovery key safe.
            body: replacing ? tr("The previous recovery key no longer works. {advice}", ["advice": advice]) : advice)
        dialog.title = title
        // Two lines of four groups, so the dialog fits a narrow (360 px) window.
        let groups = String(decoding: key.withBytes { Array($0) }, as: UTF8.self).split(separator: "-")
        let half = groups.count / 2
        let label = Label(groups[..<half].joined(separator: "-") + "\n" + groups[half...].joined(separator: "-"))
        label.isSelectable = true
        label.wraps = true
        label.justification = .center
        label.addCSSClass("recovery-key")
        label.addCSSClass("monospace")
        label.addCSSClass("title-4")
        label.setAccessibleDescription(title)
        dialog.extraChild = label
        dialog.addResponse(DialogResponse.continue, label: tr("Continue"), appearance: .suggested)
        dialog.setResponses(default: .continue, close: .continue)
        // The dialog closes itself once the response is handled: what follows (the PIN window
        // giving way to the records, which would take this dialog with it) waits until then.
        dialog.onResponse { (_: DialogResponse?) in _ = MainContext.idle { onContinue() } }
        dialog.present()
    }
}
