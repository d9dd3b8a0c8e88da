extension FormDefinitionID {
    /// The prefix of a link target that is a model written in Swift, not a form made in the app.
    static let modelPrefix = "model:"

    /// A link target that is a model written in Swift (Person, …): "model:" and its settings
    /// key, as a link field's `form` in the JSON: `{"kind": "link", "form": "model:person"}`.
    public static func model(_ settingsKey: String) -> FormDefinitionID {
        FormDefinitionID(modelPrefix + settingsKey)
    }

    /// The settings key of the Swift model this id names ("person"), or nil for a form made in
    /// the app.
    public var modelKey: String? {
        rawValue.hasPrefix(Self.modelPrefix) ? String(rawValue.dropFirst(Self.modelPrefix.count)) : nil
    }
}
