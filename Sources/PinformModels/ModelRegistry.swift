import PinformCore

/// Every model the form window offers, in the order of its switcher.
@MainActor
public enum ModelRegistry {
    /// The models, in the switcher's order.
    public static let models: [any FormModel.Type] = [Person.self, Size.self, Invoice.self]

    /// The model saved under `key` in settings; the first one when there is none.
    public static func model(forSettingsKey key: String) -> any FormModel.Type {
        models.first { $0.settingsKey == key } ?? models[0]
    }
}
