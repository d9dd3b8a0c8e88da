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
    /// The PIN is on the list of the most common PINs, as in `5683`.
    case tooCommon
    /// The PIN is a year, as in `1990`.
    case year
    /// The PIN is a date, as in `1225` or `251290`.
    case date
    /// The PIN is a line or shape on the keypad, as in `2580` or `1397`.
    case keypadPattern
    /// The PIN repeats or mirrors a group of digits, as in `1212` or `123321`.
    case pair
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
        // Translators: a new PIN was refused because it reads as a year; the PIN is not shown.
        case .year: tr("That is a year, one of the first things tried — choose digits that mean nothing")
        // Translators: a new PIN was refused because it reads as a date (a birthday, say).
        case .date: tr("That reads as a date, like a birthday — choose digits that are not a date")
        // Translators: a new PIN was refused because its keys form a line or shape on the keypad.
        case .keypadPattern: tr("That is a line or shape on the keypad — choose keys scattered over it")
        // Translators: a new PIN was refused because it repeats or mirrors a group of digits.
        case .pair: tr("That repeats or mirrors a group of digits — choose digits with no pattern")
        case .custom(let text): text
        }
    }
}
