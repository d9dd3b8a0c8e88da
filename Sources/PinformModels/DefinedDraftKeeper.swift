import Foundation
import Gtk
import Storage

/// The draft of a form being designed: the designer's definition as it stands, written to
/// the records database's drafts (sealed with the records) within `DraftKeeper`'s delay of each
/// change (`changed()`) and when every open form's draft is (`ModelContext.saveAllDrafts()`,
/// before Lock), so that a crash or a kill loses nothing; read back when the designer opens again.
///
/// ```swift
/// let keeper = DefinedDraftKeeper(context: context, key: "designer.new") { changed ? document : nil }
/// if let kept = keeper.stored { /* offer it back */ }
/// keeper.changed()   // after each edit
/// ```
@MainActor
public final class DefinedDraftKeeper {
    private let context: ModelContext
    /// The draft's key in the drafts: "designer.new", or "designer." and the form's identity.
    public let key: String
    private let snapshot: @MainActor () -> Data?
    private var pending: UInt32 = 0
    /// The document last written by this keeper: a draft it did not write (one left before,
    /// not yet answered) is not removed because the designer is as it opened.
    private var written: Data?

    /// A keeper of the draft under `key`; `snapshot` gives the document to keep, nil when
    /// nothing is changed (the draft is then removed).
    public init(context: ModelContext, key: String, snapshot: @escaping @MainActor () -> Data?) {
        self.context = context
        self.key = key
        self.snapshot = snapshot
        context.keep(self)
    }

    /// The kept draft, if any.
    public var stored: Data? { try? context.drafts?.draft(for: key) }

    /// Writes the draft now (or removes the one this keeper wrote when nothing is changed).
    /// - Returns: whether the changes are kept.
    @discardableResult
    public func saveNow() -> Bool {
        cancelPending()
        let document = snapshot()
        guard document != written else { return true }
        guard let drafts = context.drafts else { return document == nil }
        do {
            if let document { try drafts.save(document, for: key) } else { try drafts.delete(key) }
            written = document
            return true
        } catch {
            return false
        }
    }

    /// The design changed: the draft is written within `DraftKeeper`'s delay.
    public func changed() {
        guard pending == 0 else { return }
        // The delay of a record's form (any model's: it does not depend on the model).
        pending = MainContext.timeout(milliseconds: DraftKeeper<Person>.delay) { [weak self] in
            self?.pending = 0
            self?.saveNow()
            return false
        }
    }

    /// Removes the draft: the form was saved, or the designer cancelled.
    public func discard() {
        cancelPending()
        written = nil
        try? context.drafts?.delete(key)
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

extension DefinedDraftKeeper: AnyDraftKeeper {}
