import Storage

/// The PIN window tells the app what happened in it; the app moves on.
extension PinformApplication: PinWindowDelegate {
    func pinWindow(_ window: PinWindow, didUnlockWith key: SecretBytes) {
        unlocked(key: key)
    }

    func pinWindowDidChangePIN(_ window: PinWindow) {
        pinChanged()
    }

    func pinWindow(_ window: PinWindow, didCheckPINWith key: SecretBytes) {
        makeNewRecoveryKey(wrapping: key)
    }

    func pinWindow(_ window: PinWindow, didCheckPINToLockOutWith key: SecretBytes, pin: SecretBytes) {
        lockOutOldKeys(oldKey: key, pin: pin)
    }

    func pinWindowDidCancel(_ window: PinWindow) {
        returnToForms()
    }

    func pinWindow(_ window: PinWindow, didChooseLength length: Int) {
        settings.pinLength = length
    }
}
