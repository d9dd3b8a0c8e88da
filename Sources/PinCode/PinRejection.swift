import Localization

/// Why a PIN was refused as too easy to guess.
///
/// ```swift
/// if let rejection = pin.validate() { errorLabel.text = rejection.message }
/// ```
public enum PinRejection: Error, Equatable, Sendable {
    /// Every digit is the same, as in `1111`.
    case repeatedDigits
    /// The digits climb or fall by one each step, as in `1234` or `9876`.
    case sequence
    /// The PIN is on the list of the most common PINs and keypad patterns, as in `2580`.
    case tooCommon
    /// A custom validator refused the PIN; the text is shown to the person as it is.
    case custom(String)

    /// A short sentence to show the person next to the PIN: what to avoid, with an example
    /// that is never the PIN itself, and what to do instead.
    public var message: String {
        switch self {
        // Translators: a new PIN was refused; 1111 is an example, not the PIN that was typed.
        case .repeatedDigits: tr("Avoid repeating one digit like 1111 — choose different digits")
        // Translators: a new PIN was refused; 1234 is an example, not the PIN that was typed.
        case .sequence: tr("Avoid runs like 1234 — choose digits that don’t follow each other")
        // Translators: a new PIN was refused; 2580 (a keypad column) is an example.
        case .tooCommon: tr("Avoid common PINs like 2580 — choose one that is hard to guess")
        case .custom(let text): text
        }
    }
}
