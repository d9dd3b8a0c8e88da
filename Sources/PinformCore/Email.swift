import Forms
import Localization

/// An email address: the app's own type read from text, to show that forms take any type that
/// converts both ways.
///
/// The check is deliberately simple — one "@", something before it, a dotted domain after it,
/// no spaces — since only sending mail tells whether an address exists.
public struct Email: StringTwoWayConvertible, Codable, Hashable, Sendable {
    /// The address as typed, without surrounding spaces.
    public let address: String

    /// The address, when `text` is one.
    public init?(_ text: String) {
        guard Email.isAddress(text) else { return nil }
        address = text
    }

    /// The address.
    public var description: String { address }

    /// An email entry (the on-screen keyboard shows "@").
    public static var defaultPurpose: InputPurpose { .email }

    /// Trims what was typed; says "Enter a valid email address" when it is not one.
    public static func parse(_ text: String, using parsing: NumberParsing) -> Result<Email, ConversionError> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return .failure(ConversionError(.blank, message: tr("Required"))) }
        guard let email = Email(trimmed) else {
            return .failure(ConversionError(.malformed, message: tr("Enter a valid email address")))
        }
        return .success(email)
    }

    private static func isAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !text.contains(where: \.isWhitespace) else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }

    /// Reads the address as a string; refuses one that is not an address.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let email = Email(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not an email address: \(text)"))
        }
        self = email
    }

    /// Writes the address as a string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(address)
    }
}
