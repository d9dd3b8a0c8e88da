import Controls
import PinControls
import ControlState
import Gtk
import Localization
import PinCode
import PinformCore
import Storage

// What a submitted PIN led to, shown: the shake, the confirmation, the recovery key, the
// lockout's countdown, and the end (unlocked, changed, checked).
extension PinWindow {
    func submit(_ pin: SecretBytes) async {
        // The flow's prompt changes ("Checking…") re-render through onPromptChange, and input
        // is refused while the PIN is checked off the main thread.
        let outcome = await flow.submit(pin)
        switch outcome {
        case .weak:
            pinView.shake()
        case .confirmNext:
            // The valid styling shows a moment before the code is asked again; typing on
            // meanwhile starts the confirmation at once (see PinCodeView.type).
            pinView.control.accept()
            pinView.control.showsValidity = flow.validatesNewPIN
            render()
            await pause(milliseconds: 350)
            if pinView.control.pinCode.isFilled { pinView.control.clear() }
        case .mismatch:
            pinView.control.clear()
            pinView.control.showsValidity = flow.validatesNewPIN
            pinView.shake()
        case .stored:
            pinView.control.accept()
            // A change ends in the form window, which says "PIN changed".
            if mode != .change { announcer.announce(tr("PIN saved"), .polite) }
            await pause(milliseconds: 300)
            showRecoveryKeyIfNew { [weak self] in self?.finish() }
            return
        case .accepted:
            pinView.control.accept()
            // Decided now: typing on during the pause below may move the flow on.
            let choosesNext = flow.step == .choose
            if mode == .unlockOrChoose, !choosesNext { announcer.announce(tr("Unlocked"), .polite) }
            let judged = pinView
            // Changing: the title already asks for the new PIN. Typing on during the pause
            // starts it in this view, as after "Choose a PIN"; a view of another length takes
            // no digits until it is replaced.
            let typesOn = choosesNext && judged.control.parameters.length == flow.length
            if typesOn {
                judged.control.showsValidity = flow.validatesNewPIN
            } else if choosesNext {
                judged.widget.isSensitive = false
                pad.isEnabled = false
            }
            await pause(milliseconds: 300)
            if flow.recoveryKeyToShow != nil {
                // An installation without a recovery key (upgraded from pin.hash) got one.
                await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                    showRecoveryKeyIfNew { done.resume() }
                }
            }
            guard choosesNext else {
                finish()
                return
            }
            // Digits typed meanwhile are the new PIN's: kept, and their own submit goes on.
            if typesOn && (flow.step != .choose || judged !== pinView || !judged.isJudged) { return }
            attach(PinCodeView(control: PinWindow.makeControl(length: flow.length)))
        case .wrong:
            pinView.control.reject()
            pinView.shake()
            await wipeJudgedPIN()
        case .locked:
            pinView.control.reject()
            pinView.shake()
            startCountdown()
            await wipeJudgedPIN()
        case .notCounted, .failed, .wrongRecoveryKey:
            pinView.control.clear()
        }
        render()
        if pinView.widget.isSensitive { pinView.grabFocus() }
        announcePrompt()
    }

    /// Lets the rejected styling and the shake show a moment, then wipes the wrong digits
    /// (typing meanwhile has already started a new PIN, which is then kept).
    func wipeJudgedPIN() async {
        let judged = pinView
        await pause(milliseconds: 400)
        if judged === pinView, judged.control.pinCode.isFilled { judged.control.clear() }
    }

    /// Waits on the GLib loop without blocking it.
    func pause(milliseconds: UInt32) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            MainContext.timeout(milliseconds: milliseconds) {
                continuation.resume()
                return false
            }
        }
    }

    /// Shows a recovery key the flow just made, once, then calls `then`.
    func showRecoveryKeyIfNew(then: @escaping @MainActor () -> Void) {
        guard let key = flow.recoveryKeyToShow else { return then() }
        flow.forgetRecoveryKey()
        RecoveryKeyDialog.present(key, over: window, sealedInTPM: flow.protection == .tpm2, onContinue: then)
    }

    func finish() {
        switch mode {
        case .change:
            delegate?.pinWindowDidChangePIN(self)
        case .check:
            guard let key = flow.dataKey else { return }
            flow.forgetDataKey()
            delegate?.pinWindow(self, didCheckPINWith: key)
        case .checkToLockOut:
            guard let key = flow.dataKey, let pin = flow.checkedPIN else { return }
            flow.forgetDataKey()
            flow.forgetCheckedPIN()
            delegate?.pinWindow(self, didCheckPINToLockOutWith: key, pin: pin)
        case .unlockOrChoose:
            guard let key = flow.dataKey else { return }
            flow.forgetDataKey()
            delegate?.pinWindow(self, didUnlockWith: key)
        }
    }

    func startCountdown() {
        guard countdown == 0 else { return }
        render()
        countdown = MainContext.timeout(milliseconds: 1000) { [weak self] in
            guard let self else { return false }
            let locked = flow.tick()
            if !locked {
                countdown = 0
                pinView.control.clear()
            }
            render()
            if !locked, flow.step != .recoveryKey {
                pinView.grabFocus()
                spokenTitle = nil
                announcePrompt()
            }
            return locked
        }
    }
}
