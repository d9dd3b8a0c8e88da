/// Where text sits in the width it is given; `start` is the right in a right-to-left language.
public enum PrintAlignment: Sendable, Hashable {
    /// The start of the line: the left in English, the right in Hebrew.
    case start
    /// The middle.
    case center
    /// The end of the line: numbers in a table.
    case end
}
