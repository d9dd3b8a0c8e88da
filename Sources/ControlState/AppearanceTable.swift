/// UIControl's four appearances: which of default, highlighted, disabled and selected shows
/// for a state, with an appearance that was never set falling back to the default one.
///
/// On the low three bits of the state (highlighted, disabled, selected): 0 shows default,
/// 1 highlighted, 2 disabled, 3 highlighted, 4 selected, and anything else default.
///
/// ```swift
/// var key = AppearanceTable<String>()
/// key.set("key", for: .default)
/// key.set("key-pressed", for: .highlighted)
/// key.value(for: .highlighted)               // "key-pressed"
/// key.value(for: [.highlighted, .selected])  // "key"
/// ```
public struct AppearanceTable<Value> {
    /// One of the four appearances of a control.
    public enum Appearance: Hashable, Sendable {
        /// The appearance with no state bit, and the fallback of the others.
        case `default`
        /// The appearance while pressed.
        case highlighted
        /// The appearance while disabled.
        case disabled
        /// The appearance while selected.
        case selected
    }

    private var values: [Appearance: Value] = [:]

    /// Creates a table with no appearance set.
    public init() {}

    /// Sets, or with `nil` unsets, the value of one appearance.
    public mutating func set(_ value: Value?, for appearance: Appearance) {
        values[appearance] = value
    }

    /// The value that shows in `state`: its appearance's value, or the default one when that
    /// appearance was never set; `nil` when neither was set.
    public func value(for state: ControlState) -> Value? {
        values[Self.appearance(for: state)] ?? values[.default]
    }

    /// The appearance that shows in `state`, by UIControl's rule on the low three bits.
    public static func appearance(for state: ControlState) -> Appearance {
        switch state.rawValue & 0b111 {
        case 1, 3: .highlighted
        case 2: .disabled
        case 4: .selected
        default: .default
        }
    }
}

extension AppearanceTable: Sendable where Value: Sendable {}
extension AppearanceTable: Equatable where Value: Equatable {}
