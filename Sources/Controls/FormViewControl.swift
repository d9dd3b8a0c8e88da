import ControlState

/// The state engine of a ``FormView``: `resolvable` while the form resolves and `edited` while
/// it differs from what was loaded, so that a Save button's sensitivity (or anything else) can
/// be bound to them.
///
/// ```swift
/// form.control.setValue(true, for: saveButton, \.isSensitive, for: .intersected([.resolvable, .edited]))
/// ```
public final class FormViewControl: StatefulControl {
    /// Whether the form would resolve now; sets `ControlState.resolvable`.
    public internal(set) var isResolvable = false {
        didSet { if oldValue != isResolvable { setNeedsStateUpdate() } }
    }

    /// Whether the form differs from what was last loaded or saved; sets `ControlState.edited`.
    public internal(set) var isEdited = false {
        didSet { if oldValue != isEdited { setNeedsStateUpdate() } }
    }

    /// A control that is not resolvable yet.
    public override init() {
        super.init()
        register(.resolvable, forBoolKeyPath: \FormViewControl.isResolvable)
        register(.edited, forBoolKeyPath: \FormViewControl.isEdited)
    }
}
