import Controls
import Foundation
import Forms
import Gtk
import Localization
import PinformCore
import Storage

/// What a model's form and list need from the app around them: the records of the other
/// models (for references such as an invoice's customer), today's date (for computed ages),
/// and a way to add a record of another model from inside a form ("Add new…").
///
/// The app makes one per window over its unlocked `RecordsDatabase`; tests make one with no
/// records (references then find nothing) or over a database of their own.
@MainActor
public final class ModelContext {
    /// The records while unlocked; nil when there are none to look up.
    public let records: RecordsDatabase?
    /// Today's date in the user's time zone; tests fix it.
    public var today: () -> CalendarDate
    private var lookups: [ObjectIdentifier: AnyObject] = [:]
    /// The draft keepers of the forms open now.
    private var keepers: [Weak] = []
    private var draftStore: DraftStore?

    private struct Weak {
        weak var keeper: (any AnyDraftKeeper)?
    }

    /// A context over `records` (nil: no other records to refer to).
    public init(records: RecordsDatabase?, today: @escaping () -> CalendarDate = CalendarDate.today) {
        self.records = records
        self.today = today
    }

    /// The lookup over `model`'s records, made once.
    public func lookup<Target: RecordModel>(_ model: Target.Type) -> StoreLookup<Target> {
        if let lookup = lookups[ObjectIdentifier(model)] as? StoreLookup<Target> { return lookup }
        let lookup = StoreLookup<Target>(records: records)
        lookups[ObjectIdentifier(model)] = lookup
        return lookup
    }

    /// Where unsaved forms are kept: the records database's drafts; nil while it is closed.
    public var drafts: DraftStore? {
        guard let database = records?.database ?? { records?.openIfNeeded(); return records?.database }() else {
            draftStore = nil
            return nil
        }
        if draftStore?.database !== database { draftStore = DraftStore(database: database) }
        return draftStore
    }

    func keep(_ keeper: any AnyDraftKeeper) {
        keepers.removeAll { $0.keeper == nil }
        keepers.append(Weak(keeper: keeper))
    }

    /// Writes every open form's draft now: before Lock closes the records.
    /// - Returns: whether every form's changes are kept (false when one could not be written:
    ///   a read-only or full file).
    @discardableResult
    public func saveAllDrafts() -> Bool {
        keepers.reduce(true) { kept, entry in (entry.keeper?.saveNow() ?? true) && kept }
    }

    /// Removes every open form's draft: the person chose to discard their changes.
    public func discardAllDrafts() {
        for entry in keepers { entry.keeper?.discard() }
    }

    /// The keys of the drafts left of edits of `model`'s records, oldest first.
    public func editDrafts<Model: FormModel>(of model: Model.Type) -> [String] {
        (try? drafts?.keys(startingWith: Model.settingsKey + ".edit.")) ?? []
    }

    /// "Add new…" in a reference chooser: opens `model`'s form in a dialog over `parent`,
    /// starting with `text` in its first field, saves what is typed as a new record and hands
    /// it back (nil when cancelled or when it could not be saved). What is typed is kept as a
    /// draft and offered back the next time (`AddNewDialog`).
    public func addNew<Target: FormModel>(_ model: Target.Type, typed text: String, over parent: Window?,
                                          completion: @escaping @MainActor (RecordMatch<Target>?) -> Void) {
        AddNewDialog<Target>(context: self, typed: text, over: parent, completion: completion).present()
    }
}

extension CalendarDate {
    /// Today in the user's time zone.
    public static func today() -> CalendarDate {
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
        return CalendarDate(year: parts.year ?? 2026, month: parts.month ?? 1, day: parts.day ?? 1)
    }
}
