import Foundation
import Localization
import Storage

/// A conflict between two desks as a person reads it: each field both changed, by its title
/// (“Last name”), with this desk's value and the other desk's as the form and the list show them
/// (“1 Mar 1990”, “Yes”), not the stored JSON.
///
/// ```swift
/// let readable = SharedDatabaseConflict(conflict, base: base.model)
/// readable.lines.map { "\($0.title): \($0.mine) / \($0.theirs)" }
/// ```
public struct SharedDatabaseConflict: Equatable, Sendable {
    /// One field both desks changed.
    public struct Line: Equatable, Sendable {
        /// The field's title, translated.
        public let title: String
        /// This desk's value as the list shows it; “(empty)” for none.
        public let mine: String
        /// The other desk's value as the list shows it; “(empty)” for none.
        public let theirs: String
    }

    /// The fields both desks changed, in the model's field order; a changed value no field
    /// shows (an invoice's lines with the same total) comes last, as “Other details”.
    public let lines: [Line]

    /// Reads `conflict` (JSON keys and values) through `Model`'s fields: each conflicting value
    /// is put into `base`, the version both desks started from, and every field whose text it
    /// changes is listed once.
    @MainActor
    public init<Model: RecordModel>(_ conflict: RecordConflict, base: Model) {
        let fields = Model.fields
        let baseObject = Self.object(of: base)
        var shown = Set<String>()
        var lines: [Line] = []
        var unshown: [Line] = []
        for field in conflict.fields {
            let mine = Self.model(base, baseObject, setting: field.name, to: field.mine)
            let theirs = Self.model(base, baseObject, setting: field.name, to: field.theirs)
            let changed = fields.filter { shown.contains($0.title) == false && ($0.text(mine) != $0.text(theirs)) }
            if changed.isEmpty && !fields.contains(where: { $0.text(mine) != $0.text(theirs) }) {
                // Translators: in the conflict dialog, a changed value that no field of the list shows (an invoice's lines).
                unshown.append(Line(title: tr("Other details"), mine: Self.text(ofJSON: field.mine), theirs: Self.text(ofJSON: field.theirs)))
            }
            for shownField in changed {
                shown.insert(shownField.title)
                lines.append(Line(title: shownField.title, mine: Self.readable(shownField.text(mine)),
                                  theirs: Self.readable(shownField.text(theirs))))
            }
        }
        let order = Dictionary(fields.enumerated().map { ($0.element.title, $0.offset) }, uniquingKeysWith: { first, _ in first })
        self.lines = lines.sorted { (order[$0.title] ?? 0) < (order[$1.title] ?? 0) } + unshown
    }

    /// A list text, “(empty)” when there is none.
    static func readable(_ text: String) -> String {
        // Translators: in the conflict dialog, a field that has no value at one desk.
        text.isEmpty ? tr("(empty)") : text
    }

    /// A JSON value as a person reads it: text without quotes, nothing as “(empty)”.
    public static func text(ofJSON json: String) -> String {
        guard json != "null" else { return tr("(empty)") }
        if let value = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed) as? String {
            return readable(value)
        }
        return json
    }

    private static func object<Model: Encodable>(of model: Model) -> [String: Any] {
        guard let data = try? JSONEncoder().encode(model) else { return [:] }
        return ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any]) ?? [:]
    }

    /// `base` with one top-level JSON field replaced by `json` (removed for `null`); `base`
    /// itself when the result does not decode.
    private static func model<Model: Decodable>(_ base: Model, _ object: [String: Any], setting key: String, to json: String) -> Model {
        var object = object
        if json == "null" {
            object[key] = nil
        } else if let value = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed) {
            object[key] = value
        }
        guard let data = try? JSONSerialization.data(withJSONObject: object),
              let model = try? JSONDecoder().decode(Model.self, from: data) else { return base }
        return model
    }
}
