import ControlState

/// The state engine of one form input: focused and disabled come from GTK, `invalidInput`
/// from the form's validation; the field's look (indicator, error line, error style) is bound
/// to these states with `setValue`.
///
/// ```swift
/// field.control.setValue(1.0, for: indicator, \.opacity, for: .intersected(.focused))
/// field.control.isInvalid = true   // the error line shows, the entry turns red
/// ```
public final class InputFieldControl: StatefulControl {
    /// Whether the field's content was found invalid; sets `ControlState.invalidInput`.
    public var isInvalid = false {
        didSet { if oldValue != isInvalid { setNeedsStateUpdate() } }
    }


    /// A control in the normal state.
    public override init() {
        super.init()
        register(.invalidInput, forBoolKeyPath: \InputFieldControl.isInvalid)
    }
}
