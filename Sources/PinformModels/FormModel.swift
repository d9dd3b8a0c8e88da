import Controls
import Forms
import Localization
import PinformCore
import Storage

/// A record model the form window can edit: `RecordModel` and the form that edits it.
///
/// A model is one file in this module conforming to it, and one line in `ModelRegistry`.
@MainActor
public protocol FormModel: RecordModel {
    /// A new form with its inputs bound and laid out; `context` gives it the other models'
    /// records (for references) and today's date.
    static func makeForm(_ context: ModelContext) -> FormView<Self>
    /// The columns the records list shows; the stored fields unless the model shows more
    /// (a referenced record's current summary, an age from a birth date).
    static func listColumns(_ context: ModelContext) -> [RecordColumn<Self>]
    /// Why the records `ids` cannot be deleted (other records refer to them), or nil.
    static func deletionRefusal(of ids: [RecordID], _ context: ModelContext) -> String?
    /// What a draft left by a crash, a kill or Lock is offered back with: "Restore the unsaved
    /// invoice?"
    static var restoreDraftQuestion: String { get }
    /// An imported record once its form resolved, given the row's cells (by field index):
    /// what the form cannot read (an invoice's lines) written in, or why it cannot be.
    static func finishImport(_ model: Self, cells: [Int: String]) -> Result<Self, ImportRejection>
}

extension FormModel {
    /// The stored fields' columns.
    public static func listColumns(_ context: ModelContext) -> [RecordColumn<Self>] { listColumns }

    /// Nothing refers to this model's records.
    public static func deletionRefusal(of ids: [RecordID], _ context: ModelContext) -> String? { nil }

    /// The form reads every imported cell.
    public static func finishImport(_ model: Self, cells: [Int: String]) -> Result<Self, ImportRejection> { .success(model) }

    /// "Restore the unsaved record?"
    public static var restoreDraftQuestion: String {
        // Translators: asked after a crash or Lock when a form held typed changes.
        tr("Restore the unsaved record?")
    }
}
