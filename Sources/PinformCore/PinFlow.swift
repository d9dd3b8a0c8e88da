import Forms
import Foundation
import Localization
import PinCode
import Storage

/// The PIN window's logic, with no widgets: choose and confirm a PIN, unlock with it, change
/// it, and count failures into lockouts that survive restarts and other instances.
///
/// The window feeds it each complete PIN through `submit(_:)` and shows `prompt`. Every check
/// runs off the main thread as one `PinCheck` (Storage's security transaction): under the
/// attempts lock the record is read again, the failure about to be risked is written first,
/// the PIN unwraps the data key (that is the check), and a right PIN clears the failure. When
/// the failure cannot be written, no PIN is checked.
@MainActor
public final class PinFlow {
    /// The length recommended for new PINs.
    public nonisolated static let recommendedLength = 6
    /// The lengths a new PIN may have.
    public nonisolated static let lengths = [4, 6]

    /// What the user is asked for now.
    public private(set) var step: Step
    /// What the window shows; `onPromptChange` hears every change.
    public private(set) var prompt: Prompt {
        didSet { if prompt != oldValue { onPromptChange?() } }
    }
    /// Called whenever `prompt` changes, e.g. to "Checking…" while the PIN is checked off the
    /// main thread: the window renders it (and may announce it).
    public var onPromptChange: (@MainActor () -> Void)?
    /// How many digits the current step takes.
    public private(set) var length: Int
    /// The failures and lockouts counted so far.
    public private(set) var policy: AttemptPolicy
    /// Whether a PIN or recovery key is being checked or saved off the main thread.
    public private(set) var isChecking = false
    /// The data key, once the PIN was set or entered in `.unlockOrChoose`; the window hands
    /// it to the records and drops it.
    public private(set) var dataKey: SecretBytes?
    /// A recovery key just made (with a first PIN, or on the first unlock of a key file that had
    /// none): the window shows it once and calls `forgetRecoveryKey()`.
    public private(set) var recoveryKeyToShow: SecretBytes?
    /// A check-only flow's PIN, once right: what a new data key is wrapped under when old keys
    /// are locked out (`KeyVault.prepareRotation`); `forgetCheckedPIN()` drops it.
    public private(set) var checkedPIN: SecretBytes?
    /// Whether the data key came from the recovery key: the new PIN re-wraps it.
    public private(set) var isRecovering = false
    /// After a right PIN: how many wrong PINs were tried since the last right one and when the
    /// last was, in words ("3 wrong PINs were tried since you last unlocked, the last on
    /// 1.12.2026 at 14:02"); nil when there were none. The window shows it once unlocked.
    public private(set) var wrongPINsNotice: String?

    private let pinCheck: PinCheck
    private var vault: KeyVault { pinCheck.vault }
    private let now: @Sendable () -> Date
    private var firstChoice: SecretBytes?
    /// The wrong PINs counted in this run since the last right one, in secure memory, so that
    /// the same wrong PIN typed again counts once (a typo repeated is not a new guess). Never
    /// written anywhere: the attempts file holds only counts and times, so it tells someone
    /// who copies it nothing about the PIN; a restart forgets them, which only counts more.
    private var wrongThisRun: [SecretBytes] = []
    /// At most this many wrong PINs are remembered; by then each attempt waits an hour.
    private static let rememberedWrongPINs = 32
    private let isChanging: Bool
    /// Only the current PIN is asked (before a new recovery key is made): the flow ends with it.
    let checksOnly: Bool
    private let newPINLength: Int

    /// - Parameters:
    ///   - changing: Ask for the current PIN, then a new one.
    ///   - newPINLength: The length a new PIN starts with (4 or 6, from the settings).
    ///   - vault: The key file the PIN unwraps.
    ///   - attempts: Where failures are counted.
    ///   - checkingOnly: With `changing`, ask for the current PIN and end there (`.accepted` with
    ///     the data key): the proof asked before a new recovery key is made.
    ///   - now: The clock of lockouts.
    public init(changing: Bool, vault: KeyVault, attempts: AttemptStore, newPINLength: Int, checkingOnly: Bool = false,
                now: @escaping @Sendable () -> Date = { Date() }) {
        checksOnly = changing && checkingOnly
        pinCheck = PinCheck(vault: vault, attempts: attempts, now: now)
        self.now = now
        isChanging = changing
        self.newPINLength = PinFlow.lengths.contains(newPINLength) ? newPINLength : PinFlow.recommendedLength
        // A damaged or missing record's assumed state is kept, so it does not start over at
        // every launch.
        policy = pinCheck.currentPolicy()
        if vault.hasPIN {
            step = changing ? .current : .unlock
            length = vault.pinLength ?? newPINLength
        } else {
            step = .choose
            length = PinFlow.lengths.contains(newPINLength) ? newPINLength : PinFlow.recommendedLength
        }
        prompt = Prompt(title: "", message: "", kind: .instruction)
        prompt = basePrompt
        if isLocked { prompt = lockedPrompt }
    }

    /// Whether the current step checks typed digits against the weak-PIN rules.
    public var validatesNewPIN: Bool { step == .choose }

    /// Whether the person may pick the new PIN's length now (4 or 6 digits).
    public var offersLengthChoice: Bool { step == .choose && !isChecking }

    /// Whether input is refused for now.
    public var isLocked: Bool { (step == .unlock || step == .current) && policy.isLocked }

    /// How many digits a recovery key has.
    public nonisolated static let recoveryKeyDigits = 40

    /// "0:30", "1:00", "59:59" — the time left, rounded up to the second.
    public nonisolated static func countdown(_ seconds: TimeInterval) -> String {
        let whole = Int(seconds.rounded(.up))
        return String(format: "%d:%02d", whole / 60, whole % 60)
    }

    /// Sets the new PIN's length (4 or 6) while choosing; a first choice is forgotten.
    public func chooseLength(_ newLength: Int) {
        guard step == .choose || step == .confirm, PinFlow.lengths.contains(newLength), !isChecking else { return }
        firstChoice = nil
        step = .choose
        length = newLength
        prompt = basePrompt
    }

    /// Forgets the first choice while confirming and asks for a new PIN: the way back after a
    /// mismatch, when the person no longer remembers what they chose.
    public func chooseAnotherPIN() {
        guard step == .confirm, !isChecking else { return }
        firstChoice = nil
        step = .choose
        prompt = basePrompt
    }

    /// Whether the window offers "Choose Another PIN" (while confirming).
    public var offersChoosingAgain: Bool { step == .confirm && !isChecking }

    /// Refreshes a lockout's countdown; returns whether it is still locked.
    @discardableResult
    public func tick() -> Bool {
        if isLocked {
            prompt = lockedPrompt
            return true
        }
        if prompt.kind == .locked { prompt = basePrompt }
        return false
    }

    /// Tells that the user started typing again: a message about the previous PIN goes away,
    /// except one that still holds (a lockout, an attempt that cannot be counted).
    public func userEdited() {
        guard !isLocked, prompt != basePrompt else { return }
        switch prompt.kind {
        case .notCounted, .locked, .tpmLocked, .needsRecoveryKey, .checking, .saving: return
        case .weak, .mismatch: prompt = basePrompt
        case .instruction, .wrong, .failed: if step == .choose { prompt = basePrompt }
        }
    }

    /// Forgets the data key once the window handed it on.
    public func forgetDataKey() {
        dataKey = nil
    }

    /// Drops the checked PIN (its locked memory is wiped once nothing holds it).
    public func forgetCheckedPIN() {
        checkedPIN = nil
    }

    /// What the key file's PIN slot uses (read from the file; nil before a PIN is set).
    public var protection: KeyProtection? { vault.protection }

    /// Forgets (and so wipes) the recovery key once it was shown.
    public func forgetRecoveryKey() {
        recoveryKeyToShow = nil
    }

    // MARK: The recovery key

    /// Whether the window offers "Use Recovery Key": while unlocking, also during a lockout
    /// (the key is 133 bits: the lockout guards the PIN, not it).
    public var offersRecoveryKey: Bool { step == .unlock && !isChanging && !isChecking }

    /// Asks for the recovery key instead of the PIN.
    public func useRecoveryKey() {
        guard offersRecoveryKey else { return }
        step = .recoveryKey
        prompt = basePrompt
    }

    /// Goes back from the recovery key to the PIN.
    public func usePIN() {
        guard step == .recoveryKey, !isChecking else { return }
        step = .unlock
        prompt = isLocked ? lockedPrompt : basePrompt
    }

    /// Checks a recovery key as typed (in locked memory); when right, the data key is kept and
    /// a new PIN is asked for (`step` becomes `.choose`), which re-wraps it (and re-enrols the
    /// TPM). A recovery key is not counted against the PIN's attempts.
    public func submitRecoveryKey(_ typed: SecretBytes) async -> Outcome {
        guard step == .recoveryKey, !isChecking else { return .failed("Already checking") }
        isChecking = true
        prompt = Prompt(title: basePrompt.title, message: tr("Checking…"), kind: .checking)
        let vault = self.vault
        let result = await Task.detached { Result { () throws(VaultError) in try vault.unlock(recoveryKey: typed) } }.value
        isChecking = false
        switch result {
        case .success(let key?):
            dataKey = key
            isRecovering = true
            step = .choose
            length = newPINLength
            prompt = basePrompt
            return .accepted
        case .success(nil):
            prompt = Prompt(title: basePrompt.title,
                            message: tr("Wrong recovery key. Check each group of digits and try again."), kind: .wrong)
            return .wrongRecoveryKey
        case .failure(let error):
            prompt = Prompt(title: basePrompt.title, message: error.message, kind: .failed)
            return .failed(error.message)
        }
    }

    /// Copies a complete PIN's digits into locked memory, for `submit(_:)`; `nil` (with the
    /// reason in `prompt`) when no locked memory can be had.
    public func lockedCopy(of pinCode: PinCode) -> SecretBytes? {
        switch pinCode.withDigits({ digits in Result { () throws(VaultError) in try SecretBytes(copying: digits) } }) {
        case .success(let copy):
            return copy
        case .failure(let error):
            prompt = Prompt(title: basePrompt.title, message: error.message, kind: .failed)
            return nil
        }
    }

    /// Handles a complete PIN, its digits in locked memory (see `lockedCopy(of:)`). Hashing and
    /// checking run off the main thread; the flow drops the digits as soon as they are judged
    /// (a first choice is kept until confirmed), and dropping them wipes them.
    public func submit(_ pin: SecretBytes) async -> Outcome {
        guard !isChecking else { return .failed("Already checking") }
        switch step {
        case .choose:
            let rejection = pin.withBytes { bytes in
                PinDigits(asciiBytes: bytes.assumingMemoryBound(to: UInt8.self)).flatMap { WeakPinRules.standard.rejection(for: $0) }
            }
            if let rejection {
                prompt = Prompt(title: basePrompt.title, message: rejection.message, kind: .weak)
                return .weak(rejection)
            }
            firstChoice = pin
            step = .confirm
            prompt = basePrompt
            return .confirmNext
        case .confirm:
            guard let first = firstChoice else {
                step = .choose
                prompt = basePrompt
                return .failed("No PIN to confirm")
            }
            guard first.matches(pin) else {
                // The first choice stays: only the confirmation is typed again
                // (`chooseAnotherPIN()` goes back to choosing).
                prompt = Prompt(title: basePrompt.title,
                                message: tr("The PINs don’t match — enter the new PIN again to confirm"), kind: .mismatch)
                return .mismatch
            }
            firstChoice = nil
            return await store(pin)
        case .unlock, .current:
            return await check(pin)
        case .recoveryKey:
            return .failed("A recovery key is expected")
        }
    }

    // MARK: Storing a new PIN

    private func store(_ pin: SecretBytes) async -> Outcome {
        isChecking = true
        prompt = Prompt(title: basePrompt.title, message: tr("Saving…"), kind: .saving)
        let pinCheck = self.pinCheck
        // Changing, or recovering: the key is re-wrapped under the new PIN.
        let rewrappedKey = isChanging || isRecovering ? dataKey : nil
        let isRecovering = self.isRecovering
        let result = await Task.detached { () -> Result<(SecretBytes, SecretBytes)?, VaultError> in
            Result { () throws(VaultError) -> (SecretBytes, SecretBytes)? in
                if let rewrappedKey {
                    // The recovery key proved the owner: the PIN's attempts start over.
                    try pinCheck.changePIN(dataKey: rewrappedKey, to: pin, resettingAttempts: isRecovering)
                    return nil
                }
                // The counter exists before the key file, so a key file never lacks one.
                let made = try pinCheck.setFirstPIN(pin)
                return (made.dataKey, made.recoveryKey)
            }
        }.value
        isChecking = false
        switch result {
        case .success(let made):
            policy.recordSuccess()
            if let (key, recoveryKey) = made {
                dataKey = key
                recoveryKeyToShow = recoveryKey
            } else if isChanging {
                dataKey = nil
            }
            return .stored
        case .failure(let error):
            step = .choose
            // Translators: {reason} says what went wrong.
            prompt = Prompt(title: basePrompt.title, message: tr("The PIN was not saved: {reason}", ["reason": error.message]),
                            kind: .failed)
            return .failed(error.message)
        }
    }

    // MARK: Checking a PIN

    private func check(_ pin: SecretBytes) async -> Outcome {
        if policy.isLocked {
            prompt = lockedPrompt
            return .locked(until: policy.lockedUntil ?? now())
        }
        if wrongThisRun.contains(where: { $0.matches(pin) }) {
            // Already counted as wrong in this run: said again, not checked or counted again.
            let left = policy.attemptsLeftBeforeLockout
            prompt = Prompt(title: basePrompt.title,
                            message: trn("The same wrong PIN again, counted once — %d attempt left",
                                         "The same wrong PIN again, counted once — %d attempts left", left),
                            kind: .wrong)
            return .wrong(attemptsLeft: left)
        }
        isChecking = true
        prompt = Prompt(title: basePrompt.title, message: tr("Checking…"), kind: .checking)
        let pinCheck = self.pinCheck
        let failuresBefore = policy.consecutiveFailures
        let result = await Task.detached { pinCheck.check(pin) }.value
        isChecking = false
        switch result {
        case .right(let key, let newPolicy, let saveProblem, let recoveryKey, let earlier):
            policy = newPolicy
            dataKey = key
            wrongThisRun.removeAll()
            wrongPINsNotice = earlier.map { PinFlow.notice(of: $0) }
            recoveryKeyToShow = recoveryKey
            if checksOnly { checkedPIN = pin }
            if step == .current, !checksOnly {
                step = .choose
                length = PinFlow.lengths.contains(length) ? length : PinFlow.recommendedLength
                prompt = basePrompt
            }
            if let saveProblem {
                // Translators: added after the message; {reason} says what went wrong.
                prompt.message += tr(" (The attempt count could not be reset: {reason})", ["reason": saveProblem.message])
            }
            return .accepted
        case .wrong(let newPolicy):
            policy = newPolicy
            remember(wrong: pin)
            let left = policy.attemptsLeftBeforeLockout
            prompt = Prompt(title: basePrompt.title,
                            message: trn("Wrong PIN — %d attempt left", "Wrong PIN — %d attempts left", left), kind: .wrong)
            return .wrong(attemptsLeft: left)
        case .locked(let newPolicy):
            // Locked by this wrong PIN (counted), or before it was tried (not remembered then).
            if newPolicy.consecutiveFailures > failuresBefore { remember(wrong: pin) }
            policy = newPolicy
            prompt = lockedPrompt
            return .locked(until: policy.lockedUntil ?? now())
        case .notCounted(let error):
            // Translators: {reason} says why the attempt could not be counted.
            let message = tr("The PIN was not checked, because the attempt could not be counted. {reason}",
                             ["reason": error.message])
            prompt = Prompt(title: basePrompt.title, message: message, kind: .notCounted)
            return .notCounted(message)
        case .failed(let error, let newPolicy):
            policy = newPolicy
            let kind: Prompt.Kind = switch error {
            case .tpm(.lockedOut): .tpmLocked
            case .tpm(.sealedByAnotherTPM), .tpm(.attemptCountMissing), .tpm(.noTPM): .needsRecoveryKey
            default: .failed
            }
            prompt = Prompt(title: basePrompt.title, message: error.message, kind: kind)
            return .failed(error.message)
        }
    }

    private func remember(wrong pin: SecretBytes) {
        guard wrongThisRun.count < PinFlow.rememberedWrongPINs, let copy = try? pin.copy() else { return }
        wrongThisRun.append(copy)
    }
}
