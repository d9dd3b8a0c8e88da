import Foundation

/// The settings schema's source file, read for its defaults: what the app uses for this run when
/// GSettings cannot find the compiled schema, so that the schema's defaults are the only ones.
///
/// Each default is kept as the schema writes it, an enum's nick turned into its value:
/// `"720"`, `"true"`, `"person"` (quotes removed), `"4"` for `'four'`.
public struct SettingsSchema: Sendable {
    /// The schema's id, also the name of its file (`<id>.gschema.xml`).
    public static let id = "io.github.pinform.Pinform"

    /// The default of every key the schema declares.
    public let defaults: [SettingsKey: String]

    /// What is wrong with a schema file.
    public enum Problem: Error, Equatable {
        /// The file could not be read.
        case unreadable(path: String)
        /// A key of `SettingsKey` has no default in the file.
        case missingDefault(SettingsKey, path: String)
    }

    /// Reads the defaults from the schema's XML.
    ///
    /// - Throws: `Problem` when the file cannot be read or lacks a key's default.
    public init(contentsOf file: URL) throws(Problem) {
        guard let data = FileManager.default.contents(atPath: file.path), let xml = String(data: data, encoding: .utf8) else {
            throw .unreadable(path: file.path)
        }
        let enums = SettingsSchema.enumValues(in: xml)
        var defaults: [SettingsKey: String] = [:]
        for key in SettingsKey.allCases {
            guard let element = SettingsSchema.element("key", named: key.rawValue, in: xml),
                  var value = SettingsSchema.text(of: "default", in: element) else {
                throw .missingDefault(key, path: file.path)
            }
            if value.hasPrefix("'"), value.hasSuffix("'"), value.count >= 2 {
                value = String(value.dropFirst().dropLast())
            }
            if let enumID = SettingsSchema.attribute("enum", of: element), let number = enums[enumID]?[value] {
                value = number
            }
            defaults[key] = value
        }
        self.defaults = defaults
    }

    /// The default of `key` as a whole number.
    public func integer(_ key: SettingsKey) -> Int32 { Int32(defaults[key] ?? "") ?? 0 }

    /// The default of `key` as a Boolean.
    public func bool(_ key: SettingsKey) -> Bool { defaults[key] == "true" }

    /// The default of `key` as text.
    public func string(_ key: SettingsKey) -> String { defaults[key] ?? "" }

    // MARK: Reading the XML

    /// The `<enum id="…">` elements: each nick with its value.
    private static func enumValues(in xml: String) -> [String: [String: String]] {
        var enums: [String: [String: String]] = [:]
        var rest = xml[...]
        while let start = rest.range(of: "<enum "), let end = rest.range(of: "</enum>", range: start.upperBound..<rest.endIndex) {
            let element = String(rest[start.lowerBound..<end.upperBound])
            rest = rest[end.upperBound...]
            guard let id = attribute("id", of: element) else { continue }
            var values: [String: String] = [:]
            for line in element.components(separatedBy: "<value ").dropFirst() {
                if let nick = attribute("nick", of: "<value " + line), let value = attribute("value", of: "<value " + line) {
                    values[nick] = value
                }
            }
            enums[id] = values
        }
        return enums
    }

    /// The `<tag name="name" …>…</tag>` element, or nil.
    private static func element(_ tag: String, named name: String, in xml: String) -> String? {
        guard let start = xml.range(of: "<\(tag) name=\"\(name)\""),
              let end = xml.range(of: "</\(tag)>", range: start.upperBound..<xml.endIndex) else { return nil }
        return String(xml[start.lowerBound..<end.upperBound])
    }

    /// The text inside the first `<tag>…</tag>` of `xml`, trimmed.
    private static func text(of tag: String, in xml: String) -> String? {
        guard let start = xml.range(of: "<\(tag)>"), let end = xml.range(of: "</\(tag)>", range: start.upperBound..<xml.endIndex) else {
            return nil
        }
        return xml[start.upperBound..<end.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The value of the attribute `name` in the opening tag of `element`.
    private static func attribute(_ name: String, of element: String) -> String? {
        let openingTag = element.prefix { $0 != ">" }
        guard let start = openingTag.range(of: " \(name)=\"") else { return nil }
        let value = openingTag[start.upperBound...].prefix { $0 != "\"" }
        return String(value)
    }
}
