import Controls
import PinControls
import ControlState
import Gtk
import Localization
import PinCode
import PinformCore
import Storage

// The recovery key instead of the PIN: its entry (never echoed), Unlock and Use PIN.
extension PinWindow {
    /// "Use Recovery Key"; the form it opens is made when it is first needed (`makeRecoveryForm`).
    func makeRecoveryControls() -> Widget {
        recoveryButton.hasFrame = false
        recoveryButton.horizontalAlignment = .center
        recoveryButton.setMargins(top: 6, bottom: 0, start: 0, end: 0)
        recoveryButton.onClicked { [weak self] in
            guard let self else { return }
            flow.useRecoveryKey()
            render()
            _ = recoveryEntry.grabFocus()
        }
        return recoveryButton
    }

    /// Fills `recoveryForm` (shown by `render()` for the recovery key step), and grows the hold
    /// of the steps' part if the form is larger than `holdSizes` expected.
    func makeRecoveryForm() {
        hasRecoveryForm = true
        // Installed before anything can be typed: the key never goes into the entry itself.
        _ = recoveryMask
        recoveryEntry.setAccessibleLabel(tr("Recovery key"))
        // Translators: the shape of a recovery key, as a hint in its empty entry.
        recoveryEntry.placeholder = tr("12345-67890-…")
        // Dots unless the person turns on the eye: never echoed, never read out.
        recoveryEntry.showsPeekIcon = true
        recoveryEntry.addCSSClass("monospace")
        recoveryEntry.setSizeRequest(width: PinWindow.recoveryEntryWidth, height: -1)
        recoveryEntry.onActivate { [weak self] in self?.submitRecoveryKey() }
        recoveryEntry.onChanged { [weak self] in
            guard let self else { return }
            recoveryUnlock.isSensitive = !recoveryMask.isEmpty && !flow.isChecking
        }
        recoveryUnlock.addCSSClass("suggested-action")
        recoveryUnlock.addCSSClass("pill")
        recoveryUnlock.horizontalAlignment = .center
        recoveryUnlock.isSensitive = false
        recoveryUnlock.onClicked { [weak self] in self?.submitRecoveryKey() }
        let back = Button(label: tr("Use PIN"))
        back.hasFrame = false
        back.horizontalAlignment = .center
        back.onClicked { [weak self] in
            guard let self else { return }
            recoveryMask.clear()
            flow.usePIN()
            // A lockout that went on meanwhile counts down again.
            if flow.isLocked { startCountdown() }
            render()
            _ = pinView.widget.grabFocus()
        }
        recoveryForm.setMargins(top: 12, bottom: 0, start: 0, end: 0)
        recoveryForm.append(recoveryEntry)
        recoveryForm.append(recoveryUnlock)
        recoveryForm.append(back)
        let form = recoveryForm.naturalSize
        if form.width > heldStepsSize.width || form.height > heldStepsSize.height {
            heldStepsSize = (max(form.width, heldStepsSize.width), max(form.height, heldStepsSize.height))
            stepsHolder.setSizeRequest(width: heldStepsSize.width, height: heldStepsSize.height)
        }
    }

    func submitRecoveryKey() {
        guard flow.step == .recoveryKey, !flow.isChecking, !recoveryMask.isEmpty else { return }
        // From the mask's locked buffer into locked memory; the flow drops (and so wipes) it
        // once judged.
        let key = recoveryMask.withTextBytes { try? SecretBytes(copying: $0) }
        recoveryMask.clear()
        guard let key else { return }
        Task { @MainActor in
            let outcome = await flow.submitRecoveryKey(key)
            if outcome == .accepted {
                // Recovered: a new PIN, of the preferred length, re-wraps the key.
                attach(PinCodeView(control: PinWindow.makeControl(length: flow.length)))
            }
            render()
            if flow.step == .recoveryKey { _ = recoveryEntry.grabFocus() }
        }
    }
}
