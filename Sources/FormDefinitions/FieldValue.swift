import Foundation
import Forms

/// A typed value of a defined field: what a record keeps and expressions compute, never text
/// reparsed at each use.
///
/// In JSON a value is `null` or an object of one key naming its type:
/// `{"integer": 42}`, `{"decimal": "12.50"}` (text, so it stays exact), `{"date": "2026-11-30"}`,
/// `{"yesNo": true}`, `{"choice": "Gold"}`, `{"text": "…"}`, `{"link": "record id"}`,
/// `{"lines": [record, …]}`.
public enum FieldValue: Hashable, Sendable {
    /// No value: an empty field.
    case none
    /// Text (one line, notes).
    case text(String)
    /// A whole number.
    case integer(Int64)
    /// A decimal number or an amount of money.
    case decimal(Decimal)
    /// A day.
    case date(CalendarDate)
    /// Yes (true) or no.
    case yesNo(Bool)
    /// The option chosen, as the definition spells it.
    case choice(String)
    /// Line items: one record per row, keyed by the columns' ids.
    case lines([DefinedRecord])
    /// The id of a linked record (of the form the field links to).
    case link(String)

    /// Whether the value is `.none`.
    public var isNone: Bool { self == .none }

    /// The value as a number, when it is one.
    public var number: Decimal? {
        switch self {
        case .integer(let value): Decimal(value)
        case .decimal(let value): value
        default: nil
        }
    }

    /// The value as people read it in `parsing`'s locale ("12,5", "30.11.2026"); yes/no as
    /// "Yes"/"No" (translated); "" for none; line items as their count.
    public func formatted(using parsing: NumberParsing = .current) -> String {
        switch self {
        case .none: ""
        case .text(let text), .choice(let text), .link(let text): text
        case .integer(let value): value.formatted(using: parsing)
        case .decimal(let value): value.formatted(using: parsing)
        case .date(let date): date.formatted(using: parsing)
        case .yesNo(let value): value ? DefinitionText.yes : DefinitionText.no
        case .lines(let rows): DefinitionText.lineCount(rows.count)
        }
    }

    /// The value in canonical text, locale-free ("12.5", "2026-11-30", "true"): what a kind
    /// change converts from and CSV writes.
    public var canonicalText: String {
        switch self {
        case .none: ""
        case .text(let text), .choice(let text), .link(let text): text
        case .integer(let value): value.description
        case .decimal(let value): value.description
        case .date(let date): date.description
        case .yesNo(let value): value.description
        case .lines(let rows): String(rows.count)
        }
    }
}

extension FieldValue: Codable {
    private enum Keys: String, CodingKey {
        case text, integer, decimal, date, yesNo, choice, lines, link
    }

    /// Reads `null` or an object of one key.
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), single.decodeNil() {
            self = .none
            return
        }
        let container = try decoder.container(keyedBy: Keys.self)
        guard let key = container.allKeys.first, container.allKeys.count == 1 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "a value is an object of one key"))
        }
        switch key {
        case .text: self = .text(try container.decode(String.self, forKey: key))
        case .integer: self = .integer(try container.decode(Int64.self, forKey: key))
        case .decimal: self = .decimal(try DecimalText.decode(container, key))
        case .date: self = .date(try container.decode(CalendarDate.self, forKey: key))
        case .yesNo: self = .yesNo(try container.decode(Bool.self, forKey: key))
        case .choice: self = .choice(try container.decode(String.self, forKey: key))
        case .lines: self = .lines(try container.decode([DefinedRecord].self, forKey: key))
        case .link: self = .link(try container.decode(String.self, forKey: key))
        }
    }

    /// Writes `null` or an object of one key.
    public func encode(to encoder: any Encoder) throws {
        if case .none = self {
            var single = encoder.singleValueContainer()
            try single.encodeNil()
            return
        }
        var container = encoder.container(keyedBy: Keys.self)
        switch self {
        case .none: break
        case .text(let text): try container.encode(text, forKey: .text)
        case .integer(let value): try container.encode(value, forKey: .integer)
        case .decimal(let value): try container.encode(value.description, forKey: .decimal)
        case .date(let date): try container.encode(date, forKey: .date)
        case .yesNo(let value): try container.encode(value, forKey: .yesNo)
        case .choice(let text): try container.encode(text, forKey: .choice)
        case .lines(let rows): try container.encode(rows, forKey: .lines)
        case .link(let id): try container.encode(id, forKey: .link)
        }
    }
}
