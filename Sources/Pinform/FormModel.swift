import Controls
import Forms

/// A model the form window can edit: how its form looks and how a saved value reads.
@MainActor
protocol FormModel: Codable, Equatable {
    /// The name on the window's switcher, such as "Person".
    static var title: String { get }
    /// The value kept in settings to reopen this model ("person").
    static var settingsKey: String { get }
    /// The value a form resolves into: what a new record starts from.
    static var blank: Self { get }
    /// A new form with its inputs bound and laid out.
    static func makeForm() -> FormView<Self>
    /// The value in one readable line, such as "John Smith, 26, john@example.com, 1.80 m".
    var summary: String { get }
}
