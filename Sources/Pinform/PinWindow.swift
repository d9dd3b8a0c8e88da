import Controls
import PinControls
import ControlState
import Gtk
import Localization
import PinCode
import PinformCore
import Storage

/// The PIN window: choose and confirm a PIN on first run, enter it later, or change it.
/// It composes the PIN view and the keypad and shows what `PinFlow` says.
///
/// Changing the PIN, it is a dialog over the form window: modal, a Cancel button and no app
/// menu in its header bar, Escape cancels (not while the new PIN is being saved).
@MainActor
final class PinWindow {
    /// What the window is for.
    enum Mode {
        /// Unlock with the stored PIN, or choose one when there is none.
        case unlockOrChoose
        /// Check the current PIN, then choose a new one (from the form window's menu).
        case change
    }

    /// A window size to keep: the form window's, when Lock replaced it with this window.
    struct KeptSize: Equatable {
        var width: Int32
        var height: Int32
        var isMaximized: Bool
    }

    let window: Window
    /// Hears what the window has to report (unlocked, changed, cancelled, a length chosen).
    weak var delegate: PinWindowDelegate?
    private let mode: Mode
    private let flow: PinFlow
    private let title = Label()
    private let message = Label()
    private let pad = PinPad()
    private let pinSlot = Box(.vertical)
    /// "4 digits" / "6 digits (recommended)", shown while a new PIN is chosen.
    private let lengthChoice = Box(.horizontal)
    private var lengthButtons: [Int: ToggleButton] = [:]
    /// "Use Recovery Key", under the keypad while unlocking.
    private let recoveryButton = Button(label: tr("Use Recovery Key"))
    /// "Choose Another PIN", under the keypad while confirming: the way back to choosing.
    private let chooseAgainButton = Button(label: tr("Choose Another PIN"))
    /// The recovery key's entry with "Unlock" and "Use PIN", instead of the PIN and keypad.
    private let recoveryForm = Box(.vertical, spacing: 12)
    private let recoveryEntry = Entry()
    private let recoveryUnlock = Button(label: tr("Unlock"))
    /// "Cancel" in the Change PIN dialog's header bar.
    private var cancelButton: Button?
    /// The size this window took over from the form window (after Lock), to hand back.
    private(set) var keptSize: KeptSize?
    private(set) var pinView: PinCodeView
    private var completion: Subscription?
    private var countdown: UInt32 = 0
    /// The heading last spoken to screen reader users: a new one is spoken with the message.
    private var spokenTitle: String?

    /// - Parameters:
    ///   - flow: The logic it shows, made for `mode` (changing when `.change`).
    ///   - application: The application the window belongs to.
    ///   - keeping: the size of the form window this one replaces (after Lock).
    init(flow: PinFlow, mode: Mode, application: Application, keeping size: KeptSize? = nil) {
        self.mode = mode
        self.flow = flow
        pinView = PinCodeView(control: PinWindow.makeControl(length: flow.length))
        window = Window(application: application)
        window.title = mode == .change ? tr("Change PIN") : AppInfo.name
        keptSize = size
        if let size {
            // Lock keeps the window as large as it was (or maximized).
            window.setDefaultSize(width: size.width, height: size.height)
            if size.isMaximized { window.maximize() }
        } else if mode == .unlockOrChoose {
            window.setDefaultSize(width: 400, height: 600)
        } else {
            // Room for Cancel and the title side by side; as tall as the keypad needs.
            window.setDefaultSize(width: 360, height: -1)
        }
        let header = HeaderBar()
        if mode == .change {
            let cancel = Button(label: tr("Cancel"))
            cancel.onClicked { [weak self] in self?.cancel() }
            header.packStart(cancel)
            // A dialog: Cancel, and no close button or app menu beside it.
            header.showsTitleButtons = false
            cancelButton = cancel
        } else {
            header.packEnd(PrimaryMenu.button(unlocked: false))
        }
        window.titlebar = header
        window.child = layout()

        pad.onKey = { [weak self] key in
            guard let self else { return }
            let count = pinView.accessibleDescription
            switch key {
            case .digit(let digit): pinView.type(digit)
            case .clear: pinView.clear()
            case .backspace: pinView.deleteBackward()
            }
            // The PIN view speaks its count itself when it changes while it has the focus.
            if !pinView.hasFocus || pinView.accessibleDescription == count {
                announcer.announce(pinView.accessibleDescription)
            }
        }
        if mode == .change {
            window.onCloseRequest { [weak self] in
                self?.cancel()
                return true
            }
            // Before the PIN view, which takes Escape to clear its digits.
            let keys = KeyController()
            keys.propagationPhase = .capture
            keys.onKeyPressed { [weak self] keyval, _, _ in
                guard keyval == Key.escape, let self else { return false }
                cancel()
                return true
            }
            window.add(keys)
        }
        attach(pinView)
        flow.onPromptChange = { [weak self] in self?.render() }
        render()
        announcePrompt()
        if flow.isLocked { startCountdown() }
    }

    /// Speaks to screen reader users through the focused widget (see `Announcer`).
    private var announcer: Announcer { Announcer.of(window) }

    /// Speaks the prompt: the heading too when it changed since it was last spoken.
    private func announcePrompt() {
        let prompt = flow.prompt
        // Translators: spoken when a new step starts: its heading, then the line under it.
        let text = prompt.title == spokenTitle ? prompt.message : tr("{heading}. {message}", ["heading": prompt.title, "message": prompt.message])
        spokenTitle = prompt.title
        announcer.announce(text)
    }

    private func layout() -> Widget {
        let content = Box(.vertical, spacing: 6)
        content.setMargins(top: 12, bottom: 24, start: 24, end: 24)
        content.verticalAlignment = .center
        content.horizontalAlignment = .center
        title.addCSSClass("pin-title")
        message.addCSSClass("pin-message")
        message.wraps = true
        message.justification = .center
        message.widthChars = 28
        content.append(title)
        content.append(message)
        content.append(makeLengthChoice())
        content.append(pinSlot)
        content.append(pad.widget)
        content.append(makeChooseAgainButton())
        content.append(makeRecoveryControls())
        content.append(recoveryForm)
        return content
    }

    /// Gives up the change (Cancel, Escape, closing the dialog); refused while the new PIN is
    /// being saved, so a re-wrap under way always ends with its result shown.
    private func cancel() {
        guard mode == .change, !flow.isChecking else { return }
        delegate?.pinWindowDidCancel(self)
    }

    private func makeChooseAgainButton() -> Widget {
        chooseAgainButton.hasFrame = false
        chooseAgainButton.horizontalAlignment = .center
        chooseAgainButton.setMargins(top: 6, bottom: 0, start: 0, end: 0)
        chooseAgainButton.onClicked { [weak self] in
            guard let self else { return }
            flow.chooseAnotherPIN()
            pinView.control.clear()
            pinView.control.showsValidity = flow.validatesNewPIN
            render()
            pinView.grabFocus()
            announcePrompt()
        }
        return chooseAgainButton
    }

    private func makeRecoveryControls() -> Widget {
        recoveryButton.hasFrame = false
        recoveryButton.horizontalAlignment = .center
        recoveryButton.setMargins(top: 6, bottom: 0, start: 0, end: 0)
        recoveryButton.onClicked { [weak self] in
            guard let self else { return }
            flow.useRecoveryKey()
            render()
            _ = recoveryEntry.grabFocus()
        }

        recoveryEntry.setAccessibleLabel(tr("Recovery key"))
        // Translators: the shape of a recovery key, as a hint in its empty entry.
        recoveryEntry.placeholder = tr("12345-67890-…")
        recoveryEntry.inputPurpose = .digits
        recoveryEntry.inputHints = .noSpellcheck
        recoveryEntry.maxLength = 64
        recoveryEntry.addCSSClass("monospace")
        recoveryEntry.setSizeRequest(width: 300, height: -1)
        recoveryEntry.onActivate { [weak self] in self?.submitRecoveryKey() }
        recoveryEntry.onChanged { [weak self] in
            guard let self else { return }
            recoveryUnlock.isSensitive = !recoveryEntry.text.isEmpty && !flow.isChecking
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
            recoveryEntry.text = ""
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
        return recoveryButton
    }

    private func submitRecoveryKey() {
        guard flow.step == .recoveryKey, !flow.isChecking, !recoveryEntry.text.isEmpty else { return }
        var typed = recoveryEntry.text
        recoveryEntry.text = ""
        // Into locked memory at once; the flow drops (and so wipes) it once judged.
        let key = typed.withUTF8 { try? SecretBytes(copying: $0) }
        typed = ""
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

    private func makeLengthChoice() -> Widget {
        lengthChoice.addCSSClass("linked")
        lengthChoice.horizontalAlignment = .center
        lengthChoice.setMargins(top: 6, bottom: 6, start: 0, end: 0)
        for length in PinFlow.lengths {
            let label = length == PinFlow.recommendedLength
                // Translators: a choice of the new PIN's length.
                ? trn("%d digit (recommended)", "%d digits (recommended)", length)
                // Translators: a choice of the new PIN's length.
                : trn("%d digit", "%d digits", length)
            let button = ToggleButton(label: label)
            if let first = lengthButtons.values.first { button.joinGroup(of: first) }
            button.isActive = length == flow.length
            button.onToggled { [weak self, unowned button] in
                guard let self, button.isActive, flow.length != length else { return }
                flow.chooseLength(length)
                delegate?.pinWindow(self, didChooseLength: length)
                attach(PinCodeView(control: PinWindow.makeControl(length: length)))
                render()
            }
            lengthButtons[length] = button
            lengthChoice.append(button)
        }
        return lengthChoice
    }

    private static func makeControl(length: Int) -> PinCodeControl {
        let control = PinCodeControl(parameters: .init(length: length))
        if ThemePreference.prefersDark { control.applyDefaultStyle(darkTheme: true) }
        return control
    }

    /// Puts a PIN view (a new one when the length changes) in place and wires it.
    private func attach(_ view: PinCodeView) {
        if pinView !== view { pinSlot.remove(pinView.widget) }
        pinView = view
        pinSlot.append(view.widget)
        view.widget.horizontalAlignment = .center
        announcer.fallback = view.entry
        view.control.showsValidity = flow.validatesNewPIN
        view.onEdit = { [weak self] in
            self?.flow.userEdited()
            self?.render()
        }
        view.onMessage = { [weak self] text in self?.show(text, isError: true) }
        view.onNumLockOff = { [weak self] in
            guard let self else { return }
            // Shown on the message line, where the person looks while typing, and spoken.
            let text = tr("Num Lock is off")
            show(text, isError: true)
            announcer.announce(text)
        }
        pad.follow(view)
        completion = view.control.subscribe(on: .typeComplete) { [weak self] _ in
            guard let self else { return }
            // Into locked memory at once; the flow drops (and so wipes) it once judged.
            guard let pin = flow.lockedCopy(of: pinView.control.pinCode) else { return render() }
            Task { @MainActor in await submit(pin) }
        }
        view.grabFocus()
    }

    private func render() {
        title.text = flow.prompt.title
        show(flow.prompt.message, isError: flow.prompt.isError)
        let accepting = !flow.isLocked && !flow.isChecking
        pinView.widget.isSensitive = accepting
        pad.isEnabled = accepting
        lengthChoice.isVisible = flow.offersLengthChoice
        let usesRecoveryKey = flow.step == .recoveryKey
        pinSlot.isVisible = !usesRecoveryKey
        pad.widget.isVisible = !usesRecoveryKey
        recoveryForm.isVisible = usesRecoveryKey
        recoveryButton.isVisible = flow.offersRecoveryKey
        chooseAgainButton.isVisible = flow.offersChoosingAgain
        cancelButton?.isSensitive = !flow.isChecking
        recoveryEntry.isSensitive = !flow.isChecking
        recoveryUnlock.isSensitive = usesRecoveryKey && !flow.isChecking && !recoveryEntry.text.isEmpty
        for (length, button) in lengthButtons where button.isActive != (length == flow.length) {
            button.isActive = length == flow.length
        }
    }

    private func show(_ text: String, isError: Bool) {
        message.text = text
        message.setCSSClass("error", isError)
    }

    private func submit(_ pin: SecretBytes) async {
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
            if mode != .change { announcer.announce(tr("PIN saved")) }
            await pause(milliseconds: 300)
            showRecoveryKeyIfNew { [weak self] in self?.finish() }
            return
        case .accepted:
            pinView.control.accept()
            if flow.step != .choose { announcer.announce(tr("Unlocked")) }
            await pause(milliseconds: 300)
            if flow.recoveryKeyToShow != nil {
                // An installation without a recovery key (upgraded from pin.hash) got one.
                await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                    showRecoveryKeyIfNew { done.resume() }
                }
            }
            if flow.step == .choose {
                // Changing: the current PIN was right; now a new one, maybe of another length.
                let view = PinCodeView(control: PinWindow.makeControl(length: flow.length))
                attach(view)
            } else {
                finish()
                return
            }
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
    private func wipeJudgedPIN() async {
        let judged = pinView
        await pause(milliseconds: 400)
        if judged === pinView, judged.control.pinCode.isFilled { judged.control.clear() }
    }

    /// Waits on the GLib loop without blocking it.
    private func pause(milliseconds: UInt32) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            MainContext.timeout(milliseconds: milliseconds) {
                continuation.resume()
                return false
            }
        }
    }

    /// Shows a recovery key the flow just made, once, then calls `then`.
    private func showRecoveryKeyIfNew(then: @escaping @MainActor () -> Void) {
        guard let key = flow.recoveryKeyToShow else { return then() }
        flow.forgetRecoveryKey()
        RecoveryKeyDialog.present(key, over: window, sealedInTPM: flow.protection == .tpm2, onContinue: then)
    }

    /// After a right PIN: how many wrong PINs were tried since the last unlock, and when.
    var wrongPINsNotice: String? { flow.wrongPINsNotice }

    private func finish() {
        if mode == .change {
            delegate?.pinWindowDidChangePIN(self)
        } else if let key = flow.dataKey {
            flow.forgetDataKey()
            delegate?.pinWindow(self, didUnlockWith: key)
        }
    }

    private func startCountdown() {
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
