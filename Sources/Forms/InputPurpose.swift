/// What kind of text an input expects, so that a toolkit can offer the right keyboard and hints.
///
/// This plays the part of iOS's keyboard type in GenericUI. The GTK layer maps each case to a
/// `GtkInputPurpose` (and `GtkInputHints` where useful):
///
/// | case | GtkInputPurpose |
/// |---|---|
/// | `freeForm` | `GTK_INPUT_PURPOSE_FREE_FORM` |
/// | `digits` | `GTK_INPUT_PURPOSE_DIGITS` |
/// | `number` | `GTK_INPUT_PURPOSE_NUMBER` |
/// | `phone` | `GTK_INPUT_PURPOSE_PHONE` |
/// | `email` | `GTK_INPUT_PURPOSE_EMAIL` |
/// | `url` | `GTK_INPUT_PURPOSE_URL` |
/// | `name` | `GTK_INPUT_PURPOSE_NAME` |
/// | `pin` | `GTK_INPUT_PURPOSE_PIN` (with `GTK_INPUT_HINT_PRIVATE`) |
/// | `date` | `GTK_INPUT_PURPOSE_FREE_FORM` (GTK has no date purpose; the input offers a calendar) |
public enum InputPurpose: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    /// Any text.
    case freeForm
    /// Digits only: whole numbers.
    case digits
    /// A number that may have a sign and a decimal separator.
    case number
    /// A telephone number.
    case phone
    /// An email address.
    case email
    /// A web address.
    case url
    /// A person's name.
    case name
    /// A PIN: digits that must stay private.
    case pin
    /// A calendar day.
    case date

    /// A neutral, human-readable name of the purpose, e.g. "whole number".
    public var description: String {
        switch self {
        case .freeForm: "text"
        case .digits: "whole number"
        case .number: "number"
        case .phone: "phone number"
        case .email: "email address"
        case .url: "web address"
        case .name: "name"
        case .pin: "PIN"
        case .date: "date"
        }
    }
}
