import Controls
import Foundation
import Gtk
import Localization
import Storage

/// Shows a recovery key once: when the first PIN is set, when an older installation gets its
/// first one, or when the person makes a new one — and makes it hard to lose.
///
/// The key is a focusable, named element that a screen reader reads group by group (and again
/// on returning to it); Copy puts it on the clipboard for a minute; Save writes it to a text file
/// only its owner can read. "Continue" stays insensitive until "I have saved my recovery key" is
/// checked, and until then nothing closes the dialog (Escape, the window's close). Nothing final
/// has the focus by default: the dialog opens on the key.
@MainActor
final class RecoveryKeyDialog {
    /// The dialog's title, which screen readers announce and tests look for.
    static var title: String { tr("Recovery key") }
    /// How long a copied key stays on the clipboard.
    static let clipboardSeconds: UInt32 = 60

    /// Whether a recovery key dialog is open, or a key is being made to be shown in one (an
    /// idle or session lock waits for it: the key must not be lost).
    static var isShowing: Bool { !open.isEmpty || expected > 0 }

    /// Says that a key is being made and will be shown (`present`), or not (`giveUpExpectedKey`).
    static func expectKey() {
        expected += 1
    }

    /// No key comes after all (making it failed): what waited for the dialog runs.
    static func giveUpExpectedKey() {
        expected = max(0, expected - 1)
        runWaitingIfClosed()
    }

    private static var expected = 0

    private static func runWaitingIfClosed() {
        guard !isShowing else { return }
        let actions = waiting
        waiting = []
        for action in actions { action() }
    }

    /// Runs `action` once no recovery key dialog is open (at once when none is).
    static func afterClosing(_ action: @escaping @MainActor () -> Void) {
        if isShowing { waiting.append(action) } else { action() }
    }

    let dialog: AlertDialog
    /// The key, as shown: two lines of four groups.
    let keyLabel: Label
    let copyButton = Button(label: tr("Copy"))
    let saveButton = Button(label: tr("Save As…"))
    let printButton = Button(label: tr("Print…"))
    let savedCheck = CheckButton(label: tr("I have saved my recovery key"))

    private let key: String
    private let onContinue: @MainActor () -> Void

    private static var open: [RecoveryKeyDialog] = []
    private static var waiting: [@MainActor () -> Void] = []
    private static let continueResponse = DialogResponse.continue.rawValue

    /// Presents the key over `parent`; `onContinue` runs once it is closed.
    ///
    /// - Parameters:
    ///   - sealedInTPM: the PIN is sealed in a TPM, so clearing or replacing it also needs the key.
    ///   - replacing: a new key replaced the previous one.
    @discardableResult
    static func present(_ key: SecretBytes, over parent: Window?, sealedInTPM: Bool, replacing: Bool = false,
                        onContinue: @escaping @MainActor () -> Void) -> RecoveryKeyDialog {
        let shown = RecoveryKeyDialog(key, over: parent, sealedInTPM: sealedInTPM, replacing: replacing, onContinue: onContinue)
        open.append(shown)
        expected = max(0, expected - 1)
        shown.dialog.present()
        // The key first: a screen reader reads the dialog, then the key group by group.
        _ = shown.keyLabel.grabFocus()
        shown.keyLabel.selectRegion(start: 0, end: 0)
        return shown
    }

    private init(_ secret: SecretBytes, over parent: Window?, sealedInTPM: Bool, replacing: Bool,
                 onContinue: @escaping @MainActor () -> Void) {
        self.onContinue = onContinue
        key = String(decoding: secret.withBytes { Array($0) }, as: UTF8.self)
        let advice = sealedInTPM
            ? tr("If you forget your PIN, or this computer’s TPM is cleared or replaced, this key is the only way to open your records. Write it down or store it somewhere safe, away from this computer. It is not shown again.")
            : tr("If you forget your PIN, this key is the only way to open your records. Write it down or store it somewhere safe, away from this computer. It is not shown again.")
        dialog = AlertDialog(
            parent: parent, heading: replacing ? tr("Your New Recovery Key") : tr("Save Your Recovery Key"),
            // Translators: {advice} is the paragraph about keeping the recovery key safe.
            body: replacing ? tr("The previous recovery key no longer works. {advice}", ["advice": advice]) : advice)
        dialog.title = Self.title
        let groups = key.split(separator: "-").map(String.init)
        // Two lines of four groups, so the dialog fits a narrow (360 px) window.
        let half = groups.count / 2
        keyLabel = Label(groups[..<half].joined(separator: "-") + "\n" + groups[half...].joined(separator: "-"))
        keyLabel.isSelectable = true
        keyLabel.justification = .center
        keyLabel.addCSSClass("recovery-key")
        keyLabel.addCSSClass("monospace")
        keyLabel.addCSSClass("title-4")
        keyLabel.setAccessibleLabel(Self.spoken(groups))
        // Read after the key: what it is for (the dialog's heading and body are not, as the
        // focus opens on the key).
        keyLabel.setAccessibleDescription(advice)
        dialog.extraChild = layout()
        dialog.addResponse(DialogResponse.continue, label: tr("Continue"), appearance: .suggested)
        dialog.setResponse(Self.continueResponse, isEnabled: false)
        // No default: one Enter must not dismiss the only copy of the key.
        dialog.setResponses(default: nil, close: .continue)
        // Escape and the window's close are refused until the key is saved.
        dialog.canClose = false
        dialog.onResponse { [weak self] (_: DialogResponse?) in self?.finish() }
        wire()
    }

    /// What a screen reader says for the key: each group's digits apart, the groups apart
    /// ("Recovery key, 8 groups: 1 2 3 4 5, 6 7 8 9 0, …"), so it can be written down as heard.
    static func spoken(_ groups: [String]) -> String {
        let spelled = groups.map { $0.map(String.init).joined(separator: " ") }.joined(separator: ", ")
        // Translators: read by screen readers; {groups} is the key, digit by digit.
        return trn("Recovery key, %d group: {groups}", "Recovery key, %d groups: {groups}", groups.count,
                   ["groups": spelled])
    }

    private func layout() -> Widget {
        let content = Box(.vertical, spacing: 12)
        content.append(keyLabel)
        let actions = Box(.horizontal, spacing: 6)
        actions.horizontalAlignment = .center
        actions.append(copyButton)
        actions.append(saveButton)
        // GTK's print dialog; its "Print to File" saves a PDF.
        actions.append(printButton)
        content.append(actions)
        savedCheck.horizontalAlignment = .center
        content.append(savedCheck)
        return content
    }

    private func wire() {
        copyButton.onClicked { [weak self] in self?.copy() }
        saveButton.onClicked { [weak self] in self?.save() }
        printButton.onClicked { [weak self] in self?.print() }
        savedCheck.onToggled { [weak self] in
            guard let self else { return }
            dialog.setResponse(Self.continueResponse, isEnabled: savedCheck.isActive)
            dialog.canClose = savedCheck.isActive
        }
    }

    /// The announcer of the window the dialog is shown in (its own, or its parent's).
    private var announcer: Announcer? { Announcer.of(windowContaining: dialog) }

    private func copy() {
        copyButton.copyToClipboard(key, clearingAfter: Self.clipboardSeconds)
        // Translators: shown and spoken after Copy; the clipboard is emptied after a minute.
        let text = tr("Copied. The clipboard is cleared in a minute.")
        copyButton.tooltipText = text
        announcer?.announce(text, .polite)
    }

    private func save() {
        let fileDialog = FileDialog(title: tr("Save Recovery Key"), acceptLabel: tr("_Save"))
        // Translators: the suggested file name of a saved recovery key.
        fileDialog.initialName = tr("Pinform recovery key.txt")
        fileDialog.save(over: dialog.rootWindow) { [weak self] outcome in
            guard let self, let url = outcome.chosen(reportingFailure: tr("Save Recovery Key"), over: dialog) else { return }
            write(to: url)
        }
    }

    /// Prints the key on one page with how to keep it, and says how it went.
    private func print() {
        var text = key
        let secret: SecretBytes
        do {
            secret = try text.withUTF8 { try SecretBytes(copying: $0) }
        } catch let error as VaultError {
            announcer?.announce(error.message, .assertive)
            return
        } catch {
            return
        }
        RecoveryKeyPrinter.printRecoveryKey(secret, parent: dialog.rootWindow) { [weak self] result in
            guard let self else { return }
            let said: String
            let politeness: Announcer.Politeness
            switch result {
            // Translators: said after the recovery key went to the printer or to a PDF file.
            case .printed: (said, politeness) = (tr("The recovery key was printed."), .polite)
            case .cancelled: return
            // Assertive: the key is not on paper, which the person must know before going on.
            case .failed(let reason): (said, politeness) = (reason, .assertive)
            }
            printButton.tooltipText = said
            announcer?.announce(said, politeness)
        }
    }

    /// The file's text: what it is, the key, and what to do with it.
    var fileText: String {
        // Translators: the first line of a saved recovery key file.
        tr("Pinform recovery key") + "\n\n" + key + "\n\n"
            + tr("If you forget your PIN, this key opens your records. Keep this file away from the computer, or print it and delete the file.") + "\n"
    }

    /// Writes the key to `url` (mode 0600) and says where, or why not.
    func write(to url: URL) {
        let text: String
        let politeness: Announcer.Politeness
        do {
            try PrivateTextFile.write(fileText, to: url)
            // Translators: {file} is the name of the file the key was saved to.
            text = tr("Saved to “{file}”. Only you can read the file.", ["file": url.lastPathComponent])
            politeness = .polite
        } catch {
            // Assertive: the key was not saved, which the person must know before going on.
            (text, politeness) = (error.message, .assertive)
        }
        saveButton.tooltipText = text
        announcer?.announce(text, politeness)
    }

    private func finish() {
        RecoveryKeyDialog.open.removeAll { $0 === self }
        // The dialog closes itself once the response is handled: what follows (the PIN window
        // giving way to the records, which would take this dialog with it) waits until then.
        let then = onContinue
        _ = MainContext.idle {
            then()
            RecoveryKeyDialog.runWaitingIfClosed()
        }
    }
}
