import Foundation

/// Decimals in JSON as canonical text ("12.50" stays exact; a JSON number would pass through
/// `Double` in some decoders).
enum DecimalText {
    static let posix = Locale(identifier: "en_US_POSIX")

    /// The decimal `text` writes, or nil.
    static func decimal(_ text: String) -> Decimal? {
        guard !text.isEmpty, text.count <= 80,
              text.unicodeScalars.allSatisfy({ "0123456789.-+eE".unicodeScalars.contains($0) }),
              let value = Decimal(string: text, locale: posix), !value.isNaN
        else { return nil }
        return value
    }

    /// Decodes a decimal written as text (or, leniently, as a JSON number).
    static func decode<K: CodingKey>(_ container: KeyedDecodingContainer<K>, _ key: K) throws -> Decimal {
        if let text = try? container.decode(String.self, forKey: key) {
            guard let value = decimal(text) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "“\(text)” is not a number")
            }
            return value
        }
        return try container.decode(Decimal.self, forKey: key)
    }

    /// As `decode`, nil when the key is absent or null.
    static func decodeIfPresent<K: CodingKey>(_ container: KeyedDecodingContainer<K>, _ key: K) throws -> Decimal? {
        guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
        return try decode(container, key)
    }
}
