import Controls
import Forms
import PinformCore

/// A record model the form window can edit: `RecordModel` and the form that edits it.
@MainActor
protocol FormModel: RecordModel {
    /// A new form with its inputs bound and laid out.
    static func makeForm() -> FormView<Self>
}
