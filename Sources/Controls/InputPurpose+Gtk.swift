import CGtk
import Forms

extension InputPurpose {
    /// The GTK input purpose that tells input methods and on-screen keyboards what to offer.
    var gtkPurpose: GtkInputPurpose {
        switch self {
        case .freeForm, .date: GTK_INPUT_PURPOSE_FREE_FORM
        case .digits: GTK_INPUT_PURPOSE_DIGITS
        case .number: GTK_INPUT_PURPOSE_NUMBER
        case .phone: GTK_INPUT_PURPOSE_PHONE
        case .email: GTK_INPUT_PURPOSE_EMAIL
        case .url: GTK_INPUT_PURPOSE_URL
        case .name: GTK_INPUT_PURPOSE_NAME
        case .pin: GTK_INPUT_PURPOSE_PIN
        }
    }

    /// The GTK input hints that go with the purpose: capitals for names, no spell checking
    /// for addresses, and a PIN kept out of input-method history.
    var gtkHints: GtkInputHints {
        switch self {
        case .name: GTK_INPUT_HINT_UPPERCASE_WORDS
        case .email, .url: GTK_INPUT_HINT_NO_SPELLCHECK
        case .pin: GtkInputHints(GTK_INPUT_HINT_PRIVATE.rawValue | GTK_INPUT_HINT_NO_SPELLCHECK.rawValue)
        case .freeForm, .digits, .number, .phone, .date: GTK_INPUT_HINT_NONE
        }
    }
}
