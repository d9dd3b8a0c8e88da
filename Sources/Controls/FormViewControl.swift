import ControlState

/// The state engine of a ``FormView``: `resolvable` while every input validates, so that a
/// Save button's sensitivity (or anything else) can be bound to it.
///
/// ```swift
/// form.control.setValue(true, for: saveButton, \.isSensitive, for: .intersected(.resolvable))
/// ```
public final class FormViewControl: StatefulControl {
    /// Whether the form would resolve now; sets `ControlState.resolvable`.
    public internal(set) var isResolvable = false {
        didSet { if oldValue != isResolvable { setNeedsStateUpdate() } }
    }

    /// A control that is not resolvable yet.
    public override init() {
        super.init()
        register(.resolvable, forBoolKeyPath: \FormViewControl.isResolvable)
    }
}
