import Foundation
import PinCode
import Storage

/// The PIN window's logic, with no widgets: choose and confirm a PIN, unlock with it, change
/// it, and count failures into lockouts that survive restarts.
///
/// The window feeds it each complete PIN through `submit(_:)` and shows `prompt`.
@MainActor
final class PinFlow {
    /// What the user is asked for.
    enum Step: Equatable {
        /// A new PIN (first run, or after the current one was checked in a change).
        case choose
        /// The new PIN again.
        case confirm
        /// The stored PIN, to unlock.
        case unlock
        /// The stored PIN, before changing it.
        case current
    }

    /// What a submitted PIN led to.
    enum Outcome: Equatable {
        /// A weak new PIN: shown as invalid with the reason, not kept.
        case weak(PinRejection)
        /// The new PIN was accepted; it must be typed again.
        case confirmNext
        /// The confirmation differed; choosing starts over.
        case mismatch
        /// The new PIN is stored.
        case stored
        /// The right PIN: unlocked (or, in a change, go on to choose the new one).
        case accepted
        /// A wrong PIN; attempts remain before a lockout.
        case wrong(attemptsLeft: Int)
        /// Too many wrong PINs: locked until the date.
        case locked(until: Date)
        /// The PIN could not be checked or stored; nothing changed.
        case failed(String)
    }

    /// The heading and the line under it.
    struct Prompt: Equatable {
        var title: String
        var message: String
        var isError: Bool
    }

    private(set) var step: Step
    private(set) var prompt: Prompt
    /// How many digits the current step takes.
    private(set) var length: Int
    private(set) var policy: AttemptPolicy
    private(set) var isChecking = false

    private let vault: PinVault
    private let attempts: AttemptStore
    private let newPINLength: Int
    private var firstChoice: PinSecret?

    /// - Parameters:
    ///   - changing: Ask for the current PIN, then a new one.
    ///   - newPINLength: The length of a new PIN (4 or 6, from the settings).
    init(changing: Bool, vault: PinVault, attempts: AttemptStore, newPINLength: Int,
         now: @escaping @Sendable () -> Date = { Date() }) {
        self.vault = vault
        self.attempts = attempts
        self.newPINLength = newPINLength
        let loaded = attempts.load(now: now())
        policy = AttemptPolicy(failures: loaded.record.failures, lockouts: loaded.record.lockouts,
                               lockedUntil: loaded.record.lockedUntil, now: now)
        if loaded.problem != nil {
            // Keep the conservative state recovered from a damaged file, so it is not renewed at every start.
            try? attempts.save(loaded.record)
        }
        if vault.hasPIN {
            step = changing ? .current : .unlock
            length = vault.storedLength ?? newPINLength
        } else {
            step = .choose
            length = newPINLength
        }
        prompt = Prompt(title: "", message: "", isError: false)
        prompt = basePrompt
        if policy.isLocked { prompt = lockedPrompt }
    }

    /// Whether the current step checks typed digits against the weak-PIN rules.
    var validatesNewPIN: Bool { step == .choose }

    /// Whether input is refused for now.
    var isLocked: Bool { (step == .unlock || step == .current) && policy.isLocked }

    private var basePrompt: Prompt {
        switch step {
        case .choose: Prompt(title: "Choose a PIN", message: "Use \(length) digits that are hard to guess.", isError: false)
        case .confirm: Prompt(title: "Confirm PIN", message: "Enter the same \(length) digits again.", isError: false)
        case .unlock: Prompt(title: "Enter PIN", message: "Enter your \(length)-digit PIN to unlock.", isError: false)
        case .current: Prompt(title: "Enter current PIN", message: "Enter your PIN before choosing a new one.", isError: false)
        }
    }

    private var lockedPrompt: Prompt {
        Prompt(title: basePrompt.title,
               message: "Too many wrong PINs. Try again in \(PinFlow.countdown(policy.remainingLockout)).",
               isError: true)
    }

    /// "0:30", "1:00", "59:59" — the time left, rounded up to the second.
    nonisolated static func countdown(_ seconds: TimeInterval) -> String {
        let whole = Int(seconds.rounded(.up))
        return String(format: "%d:%02d", whole / 60, whole % 60)
    }

    /// Refreshes a lockout's countdown; returns whether it is still locked.
    @discardableResult
    func tick() -> Bool {
        if isLocked {
            prompt = lockedPrompt
            return true
        }
        if prompt.isError && prompt.message.hasPrefix("Too many") { prompt = basePrompt }
        return false
    }

    /// Tells that the user started typing again: a message about the previous PIN goes away.
    func userEdited() {
        guard !isLocked, prompt != basePrompt else { return }
        if step == .choose || !prompt.isError { prompt = basePrompt }
    }

    /// Handles a complete PIN. Hashing and checking run off the main thread.
    func submit(_ secret: PinSecret) async -> Outcome {
        guard !isChecking else { return .failed("Already checking") }
        switch step {
        case .choose:
            let rejection = secret.withDigits { digits in
                PinDigits(asciiBytes: digits).flatMap { WeakPinRules.standard.rejection(for: $0) }
            }
            if let rejection {
                prompt = Prompt(title: basePrompt.title, message: rejection.message, isError: true)
                return .weak(rejection)
            }
            firstChoice = secret
            step = .confirm
            prompt = basePrompt
            return .confirmNext
        case .confirm:
            guard let first = firstChoice, first.matches(secret) else {
                firstChoice = nil
                step = .choose
                prompt = Prompt(title: "Choose a PIN", message: "PINs do not match. Choose a PIN again.", isError: true)
                return .mismatch
            }
            return await store(secret)
        case .unlock, .current:
            return await check(secret)
        }
    }

    private func store(_ secret: PinSecret) async -> Outcome {
        isChecking = true
        prompt = Prompt(title: basePrompt.title, message: "Saving…", isError: false)
        let vault = self.vault
        let result = await Task.detached { () -> Result<Void, VaultError> in
            secret.withDigits { digits in Result { () throws(VaultError) in try vault.store(digits: digits) } }
        }.value
        isChecking = false
        firstChoice = nil
        switch result {
        case .success:
            policy.recordSuccess()
            saveAttempts()
            return .stored
        case .failure(let error):
            step = .choose
            prompt = Prompt(title: "Choose a PIN", message: "The PIN was not saved: \(error.message)", isError: true)
            return .failed(error.message)
        }
    }

    private func check(_ secret: PinSecret) async -> Outcome {
        if policy.isLocked {
            prompt = lockedPrompt
            return .locked(until: policy.lockedUntil ?? Date())
        }
        isChecking = true
        prompt = Prompt(title: basePrompt.title, message: "Checking…", isError: false)
        let vault = self.vault
        let result = await Task.detached { () -> Result<Bool, VaultError> in
            secret.withDigits { digits in Result { () throws(VaultError) in try vault.verify(digits: digits) } }
        }.value
        isChecking = false
        switch result {
        case .success(true):
            policy.recordSuccess()
            saveAttempts()
            if step == .current {
                step = .choose
                length = newPINLength
                prompt = basePrompt
            }
            return .accepted
        case .success(false):
            policy.recordFailure()
            saveAttempts()
            if policy.isLocked {
                prompt = lockedPrompt
                return .locked(until: policy.lockedUntil ?? Date())
            }
            let left = policy.attemptsLeftBeforeLockout
            prompt = Prompt(title: basePrompt.title,
                            message: "Wrong PIN — \(left) \(left == 1 ? "attempt" : "attempts") left", isError: true)
            return .wrong(attemptsLeft: left)
        case .failure(let error):
            prompt = Prompt(title: basePrompt.title, message: error.message, isError: true)
            return .failed(error.message)
        }
    }

    private func saveAttempts() {
        let record = AttemptRecord(failures: policy.consecutiveFailures, lockouts: policy.lockouts,
                                   lockedUntil: policy.lockedUntil)
        do { try attempts.save(record) } catch {
            // The count still holds for this run; say so where the user looks.
            prompt.message += " (The attempt count could not be saved: \(error.message))"
        }
    }
}
