import Gtk
import Localization
import Storage

// A new recovery key from the menu: asked, then the PIN (the PIN check dialog), then made off the
// main thread and shown once.
extension PinformApplication {
    /// Asks, then the PIN, then replaces the recovery key with a new one and shows it once; the
    /// old one stops working. Nothing is focused by default: Enter does not make a key.
    func askForNewRecoveryKey() {
        guard let form = formWindow, unlockedKey != nil else { return }
        let confirm = AlertDialog(
            parent: form.window, heading: tr("Make a New Recovery Key?"),
            body: tr("The current recovery key will stop working. The new one is shown once; keep it somewhere safe. Your PIN is asked first.\n\nIf someone may know the old key, or has a copy of your data or a backup, lock out old keys instead: the records get a new key too."))
        confirm.addResponse(DialogResponse.cancel, label: tr("Cancel"))
        confirm.addResponse(DialogResponse.lockOut, label: tr("Lock Out Old Keys"))
        confirm.addResponse(DialogResponse.make, label: tr("Make New Key"), appearance: .suggested)
        confirm.setResponses(default: nil, close: .cancel)
        confirm.onResponse { [unowned self] (response: DialogResponse?) in
            // After the question has closed itself.
            switch response {
            case .make?: _ = MainContext.idle { [weak self] in self?.showPinDialog(mode: .check) }
            case .lockOut?: _ = MainContext.idle { [weak self] in self?.showPinDialog(mode: .checkToLockOut) }
            default: break
            }
        }
        confirm.present()
        _ = confirm.responseButton(labelled: tr("Cancel"))?.grabFocus()
    }

    /// The PIN was checked for a new recovery key: the key it unwrapped gets a new recovery key.
    func makeNewRecoveryKey(wrapping key: SecretBytes) {
        returnToForms()
        guard let window = formWindow?.window else { return }
        let vault = KeyVault(paths: paths)
        // From here the old key stops working: an idle or session lock waits for the new one.
        RecoveryKeyDialog.expectKey()
        Task { @MainActor [weak self] in
            // argon2id takes a moment: off the main thread.
            let result = await Task.detached {
                Result { () throws(VaultError) in try vault.addRecoveryKey(dataKey: key) }
            }.value
            guard self?.formWindow?.window === window else { return RecoveryKeyDialog.giveUpExpectedKey() }
            switch result {
            case .success(let recoveryKey):
                RecoveryKeyDialog.present(recoveryKey, over: window, sealedInTPM: vault.protection == .tpm2,
                                          replacing: true) {}
            case .failure(let error):
                RecoveryKeyDialog.giveUpExpectedKey()
                // Translators: {reason} says what went wrong.
                let failure = AlertDialog(parent: window, heading: tr("No New Recovery Key"),
                                            body: tr("{reason} The current recovery key still works.",
                                                     ["reason": error.message]))
                failure.addResponse(DialogResponse.close, label: tr("Close"))
                failure.setResponses(default: nil, close: .close)
                failure.present()
            }
        }
    }
}
