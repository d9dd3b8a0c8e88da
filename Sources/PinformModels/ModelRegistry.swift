import PinformCore

/// Every model the form window offers, in the order of its switcher: the Swift models, then
/// the forms defined in the app (`DefinedForms`).
@MainActor
public enum ModelRegistry {
    /// The models written in Swift, in the switcher's order.
    public static let builtIn: [any FormModel.Type] = [Person.self, Size.self, Invoice.self]

    /// The models, in the switcher's order.
    public static var models: [any FormModel.Type] { builtIn + DefinedForms.shared.models }

    /// The model saved under `key` in settings; the first one when there is none.
    public static func model(forSettingsKey key: String) -> any FormModel.Type {
        models.first { $0.settingsKey == key } ?? models[0]
    }
}
