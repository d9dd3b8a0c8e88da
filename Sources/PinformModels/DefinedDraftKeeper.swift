import Foundation
import Storage

/// The draft of a form being designed: the designer's definition as it stands, written to
/// the records database's drafts (sealed with the records) when every open form's draft is
/// (`ModelContext.saveAllDrafts()`, before Lock), read back when the designer opens again.
///
/// ```swift
/// let keeper = DefinedDraftKeeper(context: context, key: "designer.new") { changed ? document : nil }
/// if let kept = keeper.stored { /* offer it back */ }
/// ```
@MainActor
public final class DefinedDraftKeeper {
    private let context: ModelContext
    /// The draft's key in the drafts: "designer.new", or "designer." and the form's identity.
    public let key: String
    private let snapshot: @MainActor () -> Data?

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

    /// Writes the draft now (or removes it when nothing is changed).
    /// - Returns: whether the changes are kept.
    @discardableResult
    public func saveNow() -> Bool {
        let document = snapshot()
        guard let drafts = context.drafts else { return document == nil }
        do {
            if let document { try drafts.save(document, for: key) } else { try drafts.delete(key) }
            return true
        } catch {
            return false
        }
    }

    /// Removes the draft: the form was saved, or the designer cancelled.
    public func discard() {
        try? context.drafts?.delete(key)
    }
}

extension DefinedDraftKeeper: AnyDraftKeeper {}
