import Foundation
import Localization

// What each step of the flow says: apart from the flow's logic.
extension PinFlow {
    /// What the current step asks, before anything was typed.
    var basePrompt: Prompt {
        switch step {
        case .choose:
            let advice = length < PinFlow.recommendedLength
                // Translators: {recommended} is the safer length, 6.
                ? trn("Use %d digit that is hard to guess. {recommended} digits are safer.",
                      "Use %d digits that are hard to guess. {recommended} digits are safer.", length,
                      ["recommended": String(PinFlow.recommendedLength)])
                : trn("Use %d digit that is hard to guess.", "Use %d digits that are hard to guess.", length)
            return Prompt(title: isRecovering ? tr("Choose a New PIN") : tr("Choose a PIN"), message: advice, kind: .instruction)
        case .confirm:
            return Prompt(title: tr("Confirm PIN"),
                          message: trn("Enter the same %d digit again.", "Enter the same %d digits again.", length),
                          kind: .instruction)
        case .unlock:
            return Prompt(title: tr("Enter PIN"),
                          message: trn("Enter your %d-digit PIN to unlock.", "Enter your %d-digit PIN to unlock.", length),
                          kind: .instruction)
        case .current:
            return checksOnly
                ? Prompt(title: tr("Enter Your PIN"), message: tr("Enter your PIN to make a new recovery key."), kind: .instruction)
                : Prompt(title: tr("Enter Current PIN"), message: tr("Enter your PIN before choosing a new one."),
                         kind: .instruction)
        case .recoveryKey:
            return Prompt(title: tr("Enter Recovery Key"),
                          message: trn("Type the %d digit of your recovery key. Dashes and spaces do not matter.",
                                       "Type the %d digits of your recovery key. Dashes and spaces do not matter.",
                                       PinFlow.recoveryKeyDigits),
                          kind: .instruction)
        }
    }

    /// The lockout's countdown.
    var lockedPrompt: Prompt {
        Prompt(title: basePrompt.title,
               // Translators: {time} is minutes and seconds left, as in 0:30 or 2:00.
               message: tr("Too many wrong PINs. Try again in {time}.", ["time": PinFlow.countdown(policy.remainingLockout)]),
               kind: .locked)
    }
}
