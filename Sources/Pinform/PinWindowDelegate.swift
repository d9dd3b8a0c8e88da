import Storage

/// What the PIN window reports to whoever opened it: the only way it talks back, so that the
/// window knows nothing of the application.
@MainActor
protocol PinWindowDelegate: AnyObject {
    /// The PIN was set or entered; `key` is the data key it unwrapped, handed on once.
    func pinWindow(_ window: PinWindow, didUnlockWith key: SecretBytes)
    /// The Change PIN dialog stored the new PIN.
    func pinWindowDidChangePIN(_ window: PinWindow)
    /// The PIN check asked before a new recovery key was passed; `key` is the data key it
    /// unwrapped, which the new recovery key wraps.
    func pinWindow(_ window: PinWindow, didCheckPINWith key: SecretBytes)
    /// The PIN check asked before old keys are locked out was passed: `key` is the data key it
    /// unwrapped, `pin` the PIN, which the new data key is wrapped under.
    func pinWindow(_ window: PinWindow, didCheckPINToLockOutWith key: SecretBytes, pin: SecretBytes)
    /// The Change PIN or PIN check dialog was cancelled (Cancel, Escape, closing it).
    func pinWindowDidCancel(_ window: PinWindow)
    /// The person chose the length of a new PIN (4 or 6): the next new PIN starts with it.
    func pinWindow(_ window: PinWindow, didChooseLength length: Int)
}
