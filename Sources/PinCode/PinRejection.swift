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

    /// A short sentence to show the person next to the PIN.
    public var message: String {
        switch self {
        case .repeatedDigits: "Repeated digits"
        case .sequence: "Digits in sequence"
        case .tooCommon: "Too common"
        case .custom(let text): text
        }
    }
}
