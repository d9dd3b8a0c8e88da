/// A control that keeps what it looks like in a value-typed `style`, whose fields are bound per
/// state through `WritableKeyPath`: the engine writes them in place, with no allocation per
/// state change.
///
/// ```swift
/// struct KeyStyle {
///     var fill = Color.clear
///     var border = Color.gray
/// }
///
/// final class Key: StyledControl<KeyStyle> {
///     init() {
///         super.init(style: KeyStyle())
///         setValue(Color.blue, for: \KeyStyle.border, for: .intersected(.focused))
///     }
/// }
/// ```
///
/// A field written by hand keeps its value until its winner changes, as on any target. The
/// style's fields should be stored properties (or computed ones that do not touch the control):
/// the engine has exclusive access to `style` while it writes.
open class StyledControl<Style>: StatefulControl {
    /// What the control looks like in the applied state.
    public var style: Style
    private var styleBindings: [StyleBinding<Style>] = []
    private var styleBindingsByKeyPath: [AnyKeyPath: StyleBinding<Style>] = [:]

    /// Creates a control in the normal state that looks like `style` until values are bound.
    public init(style: Style) {
        self.style = style
        super.init()
    }

    /// Binds `value` to the field `keyPath` of the style for the states `descriptor` matches,
    /// replacing the value of an equal descriptor, and shows the winner of the current state.
    /// The first value bound to a field captures the style's value there as its default.
    ///
    /// ```swift
    /// control.setValue(Color.red, for: \PinCodeStyle.fillColor, for: .intersected(.invalid))
    /// ```
    public func setValue<Value>(
        _ value: Value,
        for keyPath: WritableKeyPath<Style, Value>,
        for descriptor: StateDescriptor
    ) {
        let binding: StyleKeyBinding<Style, Value>
        if let existing = styleBindingsByKeyPath[keyPath] as? StyleKeyBinding<Style, Value> {
            binding = existing
        } else {
            binding = StyleKeyBinding(keyPath: keyPath, defaultValue: style[keyPath: keyPath])
            styleBindings.append(binding)
            styleBindingsByKeyPath[keyPath] = binding
        }
        binding.values.insert(value, for: descriptor, sequence: takeSequence())
        binding.apply(in: appliedState, to: &style)
    }

    /// The value the engine would write to the field `keyPath` of the style in `state`: the
    /// winning bound value, or the captured default; `nil` when nothing was bound there.
    public func value<Value>(for keyPath: KeyPath<Style, Value>, in state: ControlState) -> Value? {
        guard let value = styleBindingsByKeyPath[keyPath]?.value(in: state) else { return nil }
        return value as? Value
    }

    /// Removes the values of the field `keyPath` whose descriptor matches `state` (every value
    /// when `state` is `nil`); the default stays, and nothing is written until the state changes.
    public func removeValues<Value>(for keyPath: KeyPath<Style, Value>, forState state: ControlState? = nil) {
        styleBindingsByKeyPath[keyPath]?.removeEntries { state.map($0.matches) ?? true }
    }

    override func applyOwnValues(in state: ControlState) {
        guard !styleBindings.isEmpty else { return }
        Self.apply(styleBindings, in: state, to: &style)
    }

    /// One exclusive access to `style` for all the fields.
    private static func apply(_ bindings: [StyleBinding<Style>], in state: ControlState, to style: inout Style) {
        for binding in bindings {
            binding.apply(in: state, to: &style)
        }
    }
}

/// The values bound to one field of a style. Subclassed once per field type.
class StyleBinding<Style> {
    func apply(in state: ControlState, to style: inout Style) { fatalError("subclass") }
    func value(in state: ControlState) -> Any { fatalError("subclass") }
    func removeEntries(where shouldRemove: (StateDescriptor) -> Bool) { fatalError("subclass") }
}

/// The values bound to the field `keyPath` of a style.
final class StyleKeyBinding<Style, Value>: StyleBinding<Style> {
    let keyPath: WritableKeyPath<Style, Value>
    var values: BoundValues<Value>

    init(keyPath: WritableKeyPath<Style, Value>, defaultValue: Value) {
        self.keyPath = keyPath
        values = BoundValues(defaultValue: defaultValue)
    }

    override func apply(in state: ControlState, to style: inout Style) {
        if let value = values.change(for: state) {
            style[keyPath: keyPath] = value
        }
    }

    override func value(in state: ControlState) -> Any {
        values.value(in: state)
    }

    override func removeEntries(where shouldRemove: (StateDescriptor) -> Bool) {
        values.removeEntries(where: shouldRemove)
    }
}
