import Controls
import Foundation
import Forms
import Gtk
import PinformCore
import Storage

/// Keeps what is typed in one form as an encrypted draft in the records database
/// (`DraftStore`: the same sealed file, never plaintext), within `delay` of each change, so
/// that a crash, a kill or Lock loses nothing; offers it back with `stored()` and `restore(_:)`.
///
/// One keeper per form: the page's form of new records ("invoice.new") and each edit dialog
/// ("invoice.edit.42", which also keeps the record as it was loaded). A form that is back to
/// what was loaded has no draft. Saving the record or discarding the changes ends the draft
/// (`discard()`).
@MainActor
public final class DraftKeeper<Model: FormModel> {
    /// What is stored: what is typed, and for an edit the record it was typed on.
    public struct Stored: Codable {
        /// The inputs' texts and the lists' rows.
        public var draft: FormDraft
        /// The record as loaded into the edit dialog; nil for a new record.
        public var base: Model?
        /// The edited record's id; nil for a new record.
        public var record: Int64?
    }

    /// The draft's key in the store.
    public let key: String
    /// How long after a change the draft is written: well within a second.
    public static var delay: UInt32 { 400 }
    private let form: FormView<Model>
    private let context: ModelContext
    private let base: Model?
    private let record: RecordID?
    private var pending: UInt32 = 0
    /// The draft last written, not to write the same one again.
    private var written: FormDraft?

    /// The key of the page's form of new `Model` records.
    public static var newRecordKey: String { Model.settingsKey + ".new" }

    /// The key of the edit dialog's form of the record `id`.
    public static func editKey(_ id: RecordID) -> String { Model.settingsKey + ".edit." + id.description }

    /// The key of the "Add new…" dialog's form of a new `Model` record, opened from another
    /// model's form (a customer made from the invoice).
    public static var addNewKey: String { Model.settingsKey + ".addnew" }

    /// A keeper of `form`'s draft: of a new record, or of an edit of `record` loaded as `base`.
    /// - Parameter key: the draft's key when it is neither the page's nor an edit's (``addNewKey``).
    public init(form: FormView<Model>, context: ModelContext, editing record: RecordID? = nil, base: Model? = nil,
                key: String? = nil) {
        self.form = form
        self.context = context
        self.record = record
        self.base = base
        self.key = key ?? record.map(Self.editKey) ?? Self.newRecordKey
        form.form.whenChanged { [weak self] _ in self?.changed() }
        context.keep(self)
    }

    /// The draft stored under this keeper's key, if any (and readable).
    public func stored() -> Stored? {
        guard let data = try? context.drafts?.draft(for: key) else { return nil }
        return try? JSONDecoder().decode(Stored.self, from: data)
    }

    /// Puts `stored` back into the form (loading the record it was typed on first, for an
    /// edit). A draft that no longer fits the form is dropped.
    /// - Returns: whether it was restored.
    @discardableResult
    public func restore(_ stored: Stored) -> Bool {
        if let base = stored.base { form.load(base) }
        do {
            try form.restore(stored.draft)
            written = stored.draft
            return true
        } catch {
            discard()
            return false
        }
    }

    /// Writes the draft now (before Lock), or removes it when the form holds no changes.
    /// - Returns: whether what is typed is kept: no changes, or a draft written (false for a
    ///   read-only or full file, or a closed database: the form still holds what is typed).
    @discardableResult
    public func saveNow() -> Bool {
        cancelPending()
        guard form.isDirty else {
            if written != nil { try? context.drafts?.delete(key) }
            written = nil
            return true
        }
        guard let drafts = context.drafts else { return false }
        let draft = form.form.draft()
        guard draft != written else { return true }
        let stored = Stored(draft: draft, base: base, record: record?.rawValue)
        guard let data = try? JSONEncoder().encode(stored), (try? drafts.save(data, for: key)) != nil else { return false }
        written = draft
        return true
    }

    /// The record was saved or the changes discarded: no draft.
    public func discard() {
        cancelPending()
        written = nil
        try? context.drafts?.delete(key)
    }

    private func changed() {
        guard pending == 0 else { return }
        pending = MainContext.timeout(milliseconds: Self.delay) { [weak self] in
            self?.pending = 0
            self?.saveNow()
            return false
        }
    }

    private func cancelPending() {
        if pending != 0 { MainContext.remove(source: pending) }
        pending = 0
    }

    /// The source's closure holds the keeper weakly; a keeper gone cancels its timer.
    isolated deinit {
        cancelPending()
    }
}

/// A draft keeper of any model, as the context lists them.
@MainActor
protocol AnyDraftKeeper: AnyObject {
    @discardableResult
    func saveNow() -> Bool
    func discard()
}

extension DraftKeeper: AnyDraftKeeper {}
