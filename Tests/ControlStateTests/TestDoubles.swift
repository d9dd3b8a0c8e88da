import ControlState

extension ControlState {
    static let filled = ControlState(rawValue: 1 << 16)
    static let invalid = ControlState(rawValue: 1 << 17)
    static let valid = ControlState(rawValue: (1 << 18) | (1 << 16))
}

extension ControlEvents {
    static let typeComplete = ControlEvents(rawValue: 1 << 24)
}

/// A plain object whose stored properties the engine styles.
final class Swatch {
    var color = "none"
    var width = 0.0
    var label: String? = nil
}

/// A styled object whose property has an observer, so writes must go through its setter.
final class ObservedSwatch {
    var color = "none" {
        didSet { writes.append(color) }
    }
    var writes: [String] = []
}

/// A styled object whose property is computed.
final class ComputedSwatch {
    private var storage = "none"
    var color: String {
        get { storage }
        set { storage = newValue.uppercased() }
    }
}

/// A control with application states, as PinCodeControl will be.
final class TestControl: StatefulControl {
    var isFilled = false {
        didSet { setNeedsStateUpdate() }
    }
    var isInvalid = false {
        didSet { setNeedsStateUpdate() }
    }
    /// A plain stored factor, read in place by the engine.
    var isLocked = false
    var fillColor = "clear"
    var appliedStates: [ControlState] = []

    override init() {
        super.init()
        register(.filled, forBoolKeyPath: \TestControl.isFilled)
        register(.invalid, forBoolKeyPath: \TestControl.isInvalid)
    }

    override func stateDidChange(from previous: ControlState) {
        appliedStates.append(state)
    }
}
