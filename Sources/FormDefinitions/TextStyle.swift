import Forms

/// What a one-line text field holds: plain text, an e-mail address, a phone number or a web
/// address. It chooses the input's purpose (the keyboard offered) and, for e-mail, a check.
public enum TextStyle: String, CaseIterable, Hashable, Sendable, Codable {
    /// Any text.
    case plain
    /// An e-mail address, checked as the typed API's `.email` rule checks it.
    case email
    /// A telephone number.
    case phone
    /// A web address.
    case url

    /// The input purpose a field of this style gets.
    public var purpose: InputPurpose {
        switch self {
        case .plain: .freeForm
        case .email: .email
        case .phone: .phone
        case .url: .url
        }
    }
}
