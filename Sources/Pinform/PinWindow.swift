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
        /// Check the PIN only, before a new recovery key is made (a dialog, as `.change`).
        case check
        /// Check the PIN only, before old keys are locked out (a new data key wrapped under it).
        case checkToLockOut

        /// Whether it checks the PIN and ends there.
        var checksOnly: Bool { self == .check || self == .checkToLockOut }

        /// Whether it is a dialog over the form window (Cancel, no app menu).
        var isDialog: Bool { self != .unlockOrChoose }
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
    let mode: Mode
    let flow: PinFlow
    let title = Label()
    let message = Label()
    let pad = PinPad()
    let pinSlot = Box(.vertical)
    /// Shown in the PIN's place during a lockout, so that it looks locked, not filled.
    let lockedImage = Image(iconName: "changes-prevent-symbolic", pixelSize: 32)
    /// Shown in the PIN's place while it is checked or saved (argon2id, the TPM: about a second).
    let checkingSpinner = Spinner()
    /// The parts whose content changes between steps, each holding the largest size its content
    /// takes, so that the keypad and the window never move (see `holdSizes()`).
    let messageHolder = Box(.vertical)
    let lengthHolder = Box(.vertical)
    let pinHolder = Box(.vertical)
    let buttonHolder = Box(.vertical)
    let stepsHolder = Box(.vertical)
    /// "4 digits" / "6 digits (recommended)", shown while a new PIN is chosen.
    let lengthChoice = Box(.horizontal)
    var lengthButtons: [Int: ToggleButton] = [:]
    /// "Use Recovery Key", under the keypad while unlocking.
    let recoveryButton = Button(label: tr("Use Recovery Key"))
    /// "Choose Another PIN", under the keypad while confirming: the way back to choosing.
    let chooseAgainButton = Button(label: tr("Choose Another PIN"))
    /// The recovery key's entry with "Unlock" and "Use PIN", instead of the PIN and keypad: empty
    /// until the recovery key is first asked for (`makeRecoveryForm`), so that these widgets, and
    /// the monospace font the entry is measured with, are not made before the first frame.
    let recoveryForm = Box(.vertical, spacing: 12)
    /// Whether `recoveryForm` has its widgets.
    var hasRecoveryForm = false
    /// A password entry: the only role screen readers never echo; its eye shows the text.
    private(set) lazy var recoveryEntry = PasswordEntry()
    /// What is typed into `recoveryEntry`: the entry itself holds only dots, as GTK 4.8 sends
    /// whatever an entry holds to the accessibility bus, where Orca echoed it (see PasswordMask).
    lazy var recoveryMask = PasswordMask(entry: recoveryEntry)
    private(set) lazy var recoveryUnlock = Button(label: tr("Unlock"))
    /// The width the recovery key's entry asks for, the widest part of the recovery form.
    static let recoveryEntryWidth: Int32 = 300
    /// The size `stepsHolder` holds (`holdSizes`), grown if the recovery form needs more.
    var heldStepsSize: (width: Int32, height: Int32) = (-1, -1)
    /// "Cancel" in the Change PIN dialog's header bar.
    var cancelButton: Button?
    /// The size this window took over from the form window (after Lock), to hand back.
    private(set) var keptSize: KeptSize?
    private(set) var pinView: PinCodeView
    var completion: Subscription?
    var countdown: UInt32 = 0
    /// The heading last spoken to screen reader users: a new one is spoken with the message.
    var spokenTitle: String?

    /// - Parameters:
    ///   - flow: The logic it shows, made for `mode` (changing when `.change`).
    ///   - application: The application the window belongs to.
    ///   - keeping: the size of the form window this one replaces (after Lock).
    init(flow: PinFlow, mode: Mode, application: Application, keeping size: KeptSize? = nil) {
        self.mode = mode
        self.flow = flow
        pinView = PinCodeView(control: PinWindow.makeControl(length: flow.length))
        window = Window(application: application)
        window.title = switch mode {
        case .unlockOrChoose: AppInfo.name
        case .change: tr("Change PIN")
        // Translators: the title of the dialog that asks for the PIN before a new recovery key.
        case .check: tr("New Recovery Key")
        // Translators: the title of the dialog that asks for the PIN before old keys are locked out.
        case .checkToLockOut: tr("Lock Out Old Keys")
        }
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
        if mode.isDialog {
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
        installTypingAnywhere()

        // The PIN view says its count after each of them.
        pad.onKey = { [weak self] key in
            guard let self else { return }
            switch key {
            case .digit(let digit): pinView.type(digit)
            case .clear: pinView.clear()
            case .backspace: pinView.deleteBackward()
            }
        }
        if mode.isDialog {
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
        holdSizes()
        flow.onPromptChange = { [weak self] in self?.render() }
        render()
        // The prompt, heading and all, each time the window comes to the front: a screen reader
        // takes in no announcement from a window before it is active (a description would have
        // waited for it, an announcement is gone), and whoever comes back hears what to do.
        window.onNotify("is-active") { [weak self] in
            guard let self, window.isActive else { return }
            spokenTitle = nil
            announcePrompt()
        }
        if window.isActive { announcePrompt() }
        if flow.isLocked { startCountdown() }
    }

    /// Speaks to screen reader users (see `Announcer`).
    var announcer: Announcer { Announcer.of(window) }

    /// Speaks the prompt: the heading too when it changed since it was last spoken. Assertive
    /// when it says why a PIN was refused (weak, not matching, wrong, a lockout): the person
    /// must hear it before typing on; polite when it is the next step.
    func announcePrompt() {
        let prompt = flow.prompt
        // Translators: spoken when a new step starts: its heading, then the line under it.
        let text = prompt.title == spokenTitle ? prompt.message : tr("{heading}. {message}", ["heading": prompt.title, "message": prompt.message])
        spokenTitle = prompt.title
        announcer.announce(text, prompt.isError ? .assertive : .polite)
    }

    func layout() -> Widget {
        let content = Box(.vertical, spacing: 6)
        content.setMargins(top: 12, bottom: 24, start: 24, end: 24)
        content.verticalAlignment = .center
        content.horizontalAlignment = .center
        title.addCSSClass("pin-title")
        message.addCSSClass("pin-message")
        message.wraps = true
        message.justification = .center
        message.widthChars = 28
        // As wide whatever it says: a longer message wraps instead of widening the column,
        // which would move the centred keypad.
        message.maximumWidthChars = 28
        message.verticalAlignment = .center
        messageHolder.append(message)
        lengthHolder.append(makeLengthChoice())
        pinSlot.verticalAlignment = .center
        lockedImage.setAccessibleLabel(tr("Locked"))
        lockedImage.addCSSClass("dim-label")
        lockedImage.verticalAlignment = .center
        // The lock over the PIN, which stays in place (insensitive) for screen readers.
        let pinOverlay = Overlay(child: pinSlot, role: .generic)
        pinOverlay.addOverlay(lockedImage)
        lockedImage.horizontalAlignment = .center
        checkingSpinner.setSizeRequest(width: 32, height: 32)
        checkingSpinner.horizontalAlignment = .center
        checkingSpinner.verticalAlignment = .center
        checkingSpinner.isVisible = false
        pinOverlay.addOverlay(checkingSpinner)
        pinHolder.append(pinOverlay)
        buttonHolder.append(makeChooseAgainButton())
        buttonHolder.append(makeRecoveryControls())
        let pinSteps = Box(.vertical, spacing: 6)
        pinSteps.append(lengthHolder)
        pinSteps.append(pinHolder)
        pinSteps.append(pad.widget)
        pinSteps.append(buttonHolder)
        stepsHolder.append(pinSteps)
        stepsHolder.append(recoveryForm)
        content.append(title)
        content.append(messageHolder)
        content.append(stepsHolder)
        return content
    }

    /// Gives each part whose content changes the largest size that content takes, measured once
    /// with everything shown (before the first `render()` hides what the step does not use): the
    /// length choice or nothing, the PIN or the lock, Choose Another PIN or Use Recovery Key, the
    /// keypad or the recovery key's entry, a message of one line or two.
    func holdSizes() {
        func hold(_ holder: Box, _ parts: [Widget]) {
            let sizes = parts.map(\.naturalSize)
            holder.setSizeRequest(width: sizes.map(\.width).max() ?? -1, height: sizes.map(\.height).max() ?? -1)
        }
        hold(lengthHolder, [lengthChoice])
        hold(pinHolder, [pinSlot])
        hold(buttonHolder, [chooseAgainButton, recoveryButton])
        // The recovery form is not made yet: its width is its entry's, and it is far shorter than
        // the keypad (checked, and the hold grown, when it is made: `makeRecoveryForm`).
        // One of the two buttons shows at a time, in the room held for either: the steps are
        // measured with one, or they would keep a second button's height blank under the keypad.
        let recoveryWasVisible = recoveryButton.isVisible
        recoveryButton.isVisible = false
        let steps = pinSteps?.naturalSize ?? (width: -1, height: -1)
        recoveryButton.isVisible = recoveryWasVisible
        heldStepsSize = (max(steps.width, PinWindow.recoveryEntryWidth), steps.height)
        stepsHolder.setSizeRequest(width: heldStepsSize.width, height: heldStepsSize.height)
        message.text = "X\nX"
        hold(messageHolder, [message])
    }

    /// Gives up the change (Cancel, Escape, closing the dialog); refused while the new PIN is
    /// being saved, so a re-wrap under way always ends with its result shown.
    func cancel() {
        guard mode.isDialog, !flow.isChecking else { return }
        delegate?.pinWindowDidCancel(self)
    }

    func makeChooseAgainButton() -> Widget {
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

    static func makeControl(length: Int) -> PinCodeControl {
        let control = PinCodeControl(parameters: .init(length: length))
        if ThemePreference.prefersDark { control.applyDefaultStyle(darkTheme: true) }
        return control
    }

    /// Puts a PIN view (a new one when the length changes) in place and wires it.
    func attach(_ view: PinCodeView) {
        if pinView !== view { pinSlot.remove(pinView.widget) }
        pinView = view
        pinSlot.append(view.widget)
        view.widget.horizontalAlignment = .center
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
            // Assertive: the key typed no digit, which the person must hear before typing on.
            announcer.announce(text, .assertive)
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

    func render() {
        title.text = flow.prompt.title
        show(flow.prompt.message, isError: flow.prompt.isError)
        let accepting = !flow.isLocked && !flow.isChecking
        pinView.widget.isSensitive = accepting
        pad.isEnabled = accepting
        lengthChoice.isVisible = flow.offersLengthChoice
        let usesRecoveryKey = flow.step == .recoveryKey
        // Locked out: a lock in the PIN's place; grey dots looked like a PIN typed in.
        // Checked: a spinner in the PIN's place (the message says "Checking…").
        pinSlot.opacity = flow.isLocked || flow.isChecking ? 0 : 1
        lockedImage.isVisible = flow.isLocked
        checkingSpinner.isVisible = flow.isChecking && !flow.isLocked
        pinSteps?.isVisible = !usesRecoveryKey
        recoveryForm.isVisible = usesRecoveryKey
        if usesRecoveryKey && !hasRecoveryForm { makeRecoveryForm() }
        recoveryButton.isVisible = flow.offersRecoveryKey
        chooseAgainButton.isVisible = flow.offersChoosingAgain
        cancelButton?.isSensitive = !flow.isChecking
        if hasRecoveryForm {
            recoveryEntry.isSensitive = !flow.isChecking
            recoveryUnlock.isSensitive = usesRecoveryKey && !flow.isChecking && !recoveryMask.isEmpty
        }
        for (length, button) in lengthButtons where button.isActive != (length == flow.length) {
            button.isActive = length == flow.length
        }
    }

    /// The keypad's part of the window (length, PIN, keypad, the button under it).
    var pinSteps: Widget? { stepsHolder.arrangedChildren.first }

    func show(_ text: String, isError: Bool) {
        message.text = text
        message.setCSSClass("error", isError)
    }

    /// After a right PIN: how many wrong PINs were tried since the last unlock, and when.
    var wrongPINsNotice: String? { flow.wrongPINsNotice }


}
