import Localization

/// The stated limits on text fields: an insertion that would pass one is refused whole, with a
/// message at the field, never cut (GTK alone cuts a paste silently at 65,535 characters).
public enum TextLimit {
    /// The most characters a one-line field (`InputField`) holds.
    public static let lineCharacters = 10_000

    /// What the field says when an insertion was refused: the limit, and how long it would have been.
    public static func refusal(limit: Int, length: Int) -> String {
        // Translators: {limit} and {length} are numbers of characters.
        tr("Not inserted: this field holds at most {limit} characters, and the text would have had {length}.",
           ["limit": limit.formatted(), "length": length.formatted()])
    }
}
