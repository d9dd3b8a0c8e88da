import Foundation
import Gtk
import Localization
import PinformCore
import Storage

// "Lock out old keys and backups" (Preferences → Backups): asked, then the PIN (the PIN check
// dialog), then a new data key — the records encrypted again under it, all or nothing, off the
// main thread — and a new recovery key shown once.
extension PinformApplication {
    /// Asks, then the PIN. Nothing is focused by default: Enter does not lock anything out.
    func askToLockOutOldKeys() {
        guard let form = formWindow, unlockedKey != nil else { return }
        let confirm = AlertDialog(
            parent: form.window, heading: tr("Lock Out Old Keys and Backups?"),
            body: tr("The records are encrypted again under a new key, and a new recovery key is shown once. From then on the old recovery key, an old copy of the key file and the backups made until now open none of the records saved after; each backup still opens as it was, with the PIN and recovery key it was made with. Your PIN is asked first."))
        confirm.addResponse(DialogResponse.cancel, label: tr("Cancel"))
        confirm.addResponse(DialogResponse.lockOut, label: tr("Lock Out"), appearance: .destructive)
        confirm.setResponses(default: nil, close: .cancel)
        confirm.onResponse { [unowned self] (response: DialogResponse?) in
            guard response == .lockOut else { return }
            _ = MainContext.idle { [weak self] in self?.showPinDialog(mode: .checkToLockOut) }
        }
        confirm.present()
        _ = confirm.responseButton(labelled: tr("Cancel"))?.grabFocus()
    }

    /// The PIN was checked: unsaved input is kept as drafts (as at Lock), the records close, the
    /// data key is rotated, and the form window comes back on the new key with the new recovery
    /// key over it. A failure leaves the old key and records as they were, and says why.
    func lockOutOldKeys(oldKey: SecretBytes, pin: SecretBytes) {
        returnToForms()
        guard let form = formWindow else { return }
        // From here the old recovery key stops working: an idle or session lock waits.
        RecoveryKeyDialog.expectKey()
        lockPreparation.prepare(form, for: .user) { [weak self] in
            guard let self else { return RecoveryKeyDialog.giveUpExpectedKey() }
            // Held until the form window is back: no window shows meanwhile.
            app.hold()
            guard closeRecords() != nil else {
                app.release()
                return RecoveryKeyDialog.giveUpExpectedKey()
            }
            let paths = paths
            Task { @MainActor [weak self] in
                let result = await Task.detached { PinformApplication.rotate(paths: paths, from: oldKey, pin: pin) }.value
                guard let self else { return }
                defer { app.release() }
                switch result {
                case .success(let rotation):
                    unlocked(key: rotation.dataKey)
                    RecoveryKeyDialog.present(rotation.recoveryKey, over: formWindow?.window,
                                              sealedInTPM: KeyVault(paths: paths).protection == .tpm2, replacing: true) {}
                case .failure(let failure):
                    RecoveryKeyDialog.giveUpExpectedKey()
                    unlocked(key: oldKey)
                    let alert = AlertDialog(parent: formWindow?.window, heading: tr("Old Keys Not Locked Out"),
                                              body: tr("{reason} Your PIN, your recovery key and your records are as they were.",
                                                       ["reason": failure.message]))
                    alert.addResponse(DialogResponse.close, label: tr("Close"))
                    alert.setResponses(default: nil, close: .close)
                    alert.present()
                }
            }
        }
    }

    /// A new data key for the records file at `paths` (see `KeyVault.prepareRotation`,
    /// `Database.rekey`): the rotation, or why not in a sentence.
    nonisolated static func rotate(paths: AppPaths, from oldKey: SecretBytes, pin: SecretBytes) -> Result<KeyVault.Rotation, RotationFailure> {
        let vault = KeyVault(paths: paths)
        let rotation: KeyVault.Rotation
        do throws(VaultError) {
            rotation = try vault.prepareRotation(from: oldKey, pin: pin)
        } catch {
            return .failure(RotationFailure(message: error.message))
        }
        do throws(StoreError) {
            try Database.rekey(fileAt: paths.recordsFile, from: oldKey, to: rotation.dataKey) { () throws(VaultError) in
                try vault.commitRotation(rotation)
            }
        } catch {
            return .failure(RotationFailure(message: error.message))
        }
        return .success(rotation)
    }
}

/// Why a rotation did not happen, in a sentence.
struct RotationFailure: Error {
    let message: String
}
