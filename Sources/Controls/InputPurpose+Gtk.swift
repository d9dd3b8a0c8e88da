import Forms
import Gtk

extension InputPurpose {
    /// The GTK input purpose that tells input methods and on-screen keyboards what to offer.
    var gtkPurpose: InputMethodPurpose {
        switch self {
        case .freeForm, .date: .freeForm
        case .digits: .digits
        case .number: .number
        case .phone: .phone
        case .email: .email
        case .url: .url
        case .name: .name
        case .pin: .pin
        }
    }

    /// The GTK input hints that go with the purpose: capitals for names, no spell checking
    /// for addresses, and a PIN kept out of input-method history.
    var gtkHints: InputMethodHints {
        switch self {
        case .name: .uppercaseWords
        case .email, .url: .noSpellcheck
        case .pin: [.private, .noSpellcheck]
        case .freeForm, .digits, .number, .phone, .date: []
        }
    }
}
