import Foundation

/// The rows of a list field: an `[Item]` property of the model edited as rows, each row a
/// `Form<Item>` made by the list's row template (``Form/bind(list:rows:)``).
///
/// Rows are identified by ``RowID``, never by position: errors (``FormErrors/rows(of:)``),
/// undo steps and a view's row widgets follow a row wherever it moves. Adding a row binds one
/// new row form; removing or moving one touches no other row's form (no re-binding, no
/// re-validation), and a change in one row costs O(1) whatever the number of rows.
///
/// ```swift
/// let lines = form.bind(list: \Invoice.lines) {
///     let line = Form<Line>(prototype: Line())
///     line.addRow([FormElement(line.bind(TextInput<String>(), to: \.description))])
///     return line
/// }
/// form.addRow([FormElement(lines.field)])
/// let row = lines.add()            // a new row showing the template's prototype
/// lines.form(for: row)             // the row's form, its inputs
/// lines.move(row, to: 0)
/// ```
public final class FormList<Item> {
    /// A change of the rows, for a view to follow.
    public enum Change {
        /// `row` was inserted at `index` (added, or put back by undo).
        case inserted(RowID, at: Int)
        /// `row` was taken away from `index`.
        case removed(RowID, at: Int)
        /// `row` moved from one position to another.
        case moved(RowID, from: Int, to: Int)
        /// Every row was replaced (a load, a restore, a new record).
        case reloaded
    }

    /// The list's field in the form it is bound in: place it in a row.
    public let field: FieldID
    /// The rows, top to bottom.
    public private(set) var rows: [RowID] = []
    /// Called after each change of the rows (not of what is typed in them), once the form it is
    /// bound in is up to date.
    public var onChange: ((Change) -> Void)?
    /// Called after each change typed in a row, with the row and its field, once the form it is
    /// bound in is up to date.
    public var onRowEdited: ((RowID, FieldID) -> Void)?

    private let template: () -> Form<Item>
    private var forms: [RowID: Form<Item>] = [:]
    /// The item each row resolves onto: the loaded item, or the template's prototype.
    private var bases: [RowID: Item] = [:]
    private var positions: [RowID: Int] = [:]
    private var cleanRows: [RowID] = []
    private var orderChanged = false
    private var dirtyRows: Set<RowID> = []
    private var invalidRows: Set<RowID> = []
    private var nextID: UInt64 = 1
    /// Forms of rows a load or restore dropped, reused by the next instead of binding again.
    private var spare: [Form<Item>] = []
    private var totals: [(total: RunningTotal, term: (Item) -> Decimal)] = []

    // The form the list is bound in.
    private let history: () -> FormHistory
    private let changed: () -> Void
    private let editLive: ((inout [Item]) -> Void) -> Void

    init(field: FieldID, template: @escaping () -> Form<Item>, history: @escaping () -> FormHistory,
         changed: @escaping () -> Void, editLive: @escaping ((inout [Item]) -> Void) -> Void) {
        self.field = field
        self.template = template
        self.history = history
        self.changed = changed
        self.editLive = editLive
    }

    // MARK: Reading

    /// The number of rows.
    public var count: Int { rows.count }

    /// The form of `row`: its inputs, rules and errors.
    /// - Precondition: `row` is a row of this list now.
    public func form(for row: RowID) -> Form<Item> {
        guard let form = forms[row] else { preconditionFailure("\(row) is not in this list") }
        return form
    }

    /// The position of `row`, from 0; nil when it is not in the list. O(1).
    public func index(of row: RowID) -> Int? {
        positions[row]
    }

    /// The rows that have a field in error now, whatever their position.
    public var rowsInError: Set<RowID> { invalidRows }

    /// The errors of `row` now (conversion and rules of its fields), keyed by its form's fields.
    public func errors(of row: RowID) -> [FormFieldError] {
        forms[row]?.validateAll() ?? []
    }

    /// A sum over the rows, kept up to date at O(1) per change: `term` of each row's item as
    /// typed so far.
    public func total(of term: @escaping (Item) -> Decimal) -> RunningTotal {
        let total = RunningTotal()
        for row in rows { total.set(term(item(of: row)), for: row) }
        totals.append((total, term))
        return total
    }

    // MARK: Editing

    /// Adds a row showing `item` (the template's prototype when nil) at `index` (the end when
    /// nil), and returns it. Undoable.
    /// - Precondition: the template's forms have a prototype, or `item` is given.
    @discardableResult
    public func add(_ item: Item? = nil, at index: Int? = nil) -> RowID {
        let row = RowID(rawValue: nextID)
        nextID += 1
        let form = makeForm(for: row)
        guard let base = item ?? form.prototype else {
            preconditionFailure("a new row needs an item or a prototype in the row template")
        }
        form.load(base)
        let position = min(max(index ?? rows.count, 0), rows.count)
        insert(row, form, base, at: position)
        history().recordAction(
            undo: { [weak self] in self?.detach(row) },
            redo: { [weak self] in self?.insert(row, form, base, at: position) })
        return row
    }

    /// Removes `row`; its form is kept by the undo history, so that undo puts the same row back
    /// as it was. Other rows are not touched.
    public func remove(_ row: RowID) {
        guard let position = positions[row], let form = forms[row], let base = bases[row] else { return }
        detach(row)
        history().recordAction(
            undo: { [weak self] in self?.insert(row, form, base, at: position) },
            redo: { [weak self] in self?.detach(row) })
    }

    /// Moves `row` to `index` (clamped to the rows). Undoable.
    public func move(_ row: RowID, to index: Int) {
        guard let from = positions[row] else { return }
        let to = min(max(index, 0), rows.count - 1)
        guard from != to else { return }
        reorder(from: from, to: to)
        history().recordAction(
            undo: { [weak self] in self?.reorder(from: to, to: from) },
            redo: { [weak self] in self?.reorder(from: from, to: to) })
    }

    /// Moves `row` one up (Alt+Up); nothing at the top.
    public func moveUp(_ row: RowID) {
        if let index = positions[row], index > 0 { move(row, to: index - 1) }
    }

    /// Moves `row` one down (Alt+Down); nothing at the bottom.
    public func moveDown(_ row: RowID) {
        if let index = positions[row], index + 1 < rows.count { move(row, to: index + 1) }
    }

    // MARK: The form's side

    /// Replaces every row by one per item (a load): forms of the old rows are reused.
    func load(_ items: [Item]) {
        dropAll()
        rows.reserveCapacity(items.count)
        for item in items {
            let row = RowID(rawValue: nextID)
            nextID += 1
            let form = spare.popLast() ?? template()
            link(form, as: row)
            form.load(item)
            attach(row, form, item, at: rows.count)
        }
        cleanRows = rows
        orderChanged = false
        dirtyRows.removeAll()
        reloadTotals()
        onChange?(.reloaded)
    }

    /// Resolves every row, in order, onto its item; every row's errors, keyed by row.
    func resolve(into items: inout [Item], errors: inout [any Error]) -> Bool {
        var resolved: [Item] = []
        resolved.reserveCapacity(rows.count)
        var success = true
        for row in rows {
            switch forms[row]!.resolve(bases[row]!) {
            case .success(let item):
                resolved.append(item)
            case .failure(let found):
                success = false
                for error in found.all {
                    errors.append(FormFieldError(field: field, row: row, rowField: error.field, reason: error.reason,
                                                 message: error.message, underlying: error.underlying))
                }
            }
        }
        if success { items = resolved }
        return success
    }

    /// The errors of the rows in error now, in row order, on this list's field.
    func currentErrors() -> [FormFieldError] {
        invalidRows.sorted { positions[$0]! < positions[$1]! }.flatMap { row in
            forms[row]!.validateAll().map {
                FormFieldError(field: field, row: row, rowField: $0.field, reason: $0.reason, message: $0.message)
            }
        }
    }

    // MARK: Rows coming and going

    private func makeForm(for row: RowID) -> Form<Item> {
        let form = template()
        link(form, as: row)
        return form
    }

    private func link(_ form: Form<Item>, as row: RowID) {
        let history = self.history
        form.parentHistory = history
        form.changeHandler = { [weak self] field in self?.rowChanged(row, field) }
    }

    private func item(of row: RowID) -> Item {
        forms[row]?.modelAsTyped ?? bases[row]!
    }

    /// One row's field changed: that row's state, the live items and the totals, O(1).
    private func rowChanged(_ row: RowID, _ field: FieldID) {
        guard let form = forms[row], let position = positions[row] else { return }
        if form.fieldsInError.isEmpty { invalidRows.remove(row) } else { invalidRows.insert(row) }
        if form.isDirty { dirtyRows.insert(row) } else { dirtyRows.remove(row) }
        let item = form.modelAsTyped ?? bases[row]!
        editLive { items in if position < items.count { items[position] = item } }
        for (total, term) in totals { total.set(term(item), for: row) }
        changed()
        onRowEdited?(row, field)
    }

    private func attach(_ row: RowID, _ form: Form<Item>, _ base: Item, at position: Int) {
        rows.insert(row, at: position)
        forms[row] = form
        bases[row] = base
        if position == rows.count - 1 {
            positions[row] = position
        } else {
            renumber(from: position)
        }
        if !form.fieldsInError.isEmpty { invalidRows.insert(row) }
        if form.isDirty { dirtyRows.insert(row) }
    }

    private func insert(_ row: RowID, _ form: Form<Item>, _ base: Item, at position: Int) {
        attach(row, form, base, at: position)
        orderChanged = rows != cleanRows
        let item = self.item(of: row)
        editLive { items in items.insert(item, at: min(position, items.count)) }
        for (total, term) in totals { total.set(term(item), for: row) }
        changed()
        onChange?(.inserted(row, at: position))
    }

    private func detach(_ row: RowID) {
        guard let position = positions[row] else { return }
        rows.remove(at: position)
        forms[row] = nil
        bases[row] = nil
        positions[row] = nil
        renumber(from: position)
        invalidRows.remove(row)
        dirtyRows.remove(row)
        orderChanged = rows != cleanRows
        editLive { items in if position < items.count { items.remove(at: position) } }
        for (total, _) in totals { total.remove(row) }
        changed()
        onChange?(.removed(row, at: position))
    }

    private func reorder(from: Int, to: Int) {
        let row = rows.remove(at: from)
        rows.insert(row, at: to)
        for index in min(from, to)...max(from, to) { positions[rows[index]] = index }
        orderChanged = rows != cleanRows
        editLive { items in
            guard from < items.count, to < items.count else { return }
            items.insert(items.remove(at: from), at: to)
        }
        changed()
        onChange?(.moved(row, from: from, to: to))
    }

    private func renumber(from position: Int) {
        for index in position..<rows.count { positions[rows[index]] = index }
    }

    private func dropAll() {
        spare.append(contentsOf: rows.compactMap { forms[$0] })
        rows.removeAll(keepingCapacity: true)
        forms.removeAll(keepingCapacity: true)
        bases.removeAll(keepingCapacity: true)
        positions.removeAll(keepingCapacity: true)
        invalidRows.removeAll()
        dirtyRows.removeAll()
    }

    private func reloadTotals() {
        for (total, term) in totals {
            total.removeAll()
            for row in rows { total.set(term(item(of: row)), for: row) }
        }
    }
}

extension FormList: ListPart {
    var isDirty: Bool { orderChanged || !dirtyRows.isEmpty }

    var hasErrors: Bool { !invalidRows.isEmpty }

    func markClean() {
        cleanRows = rows
        orderChanged = false
        for form in forms.values { form.markClean() }
        dirtyRows.removeAll()
    }

    func removeAllRows() {
        dropAll()
        orderChanged = rows != cleanRows
        editLive { $0.removeAll() }
        reloadTotals()
        changed()
        onChange?(.reloaded)
    }

    func draft() -> [FormDraft.Row] {
        rows.map { FormDraft.Row(id: $0, form: forms[$0]!.draft()) }
    }

    func check(_ drafts: [FormDraft.Row]) throws(FormDraft.Mismatch) {
        guard !drafts.isEmpty else { return }
        let probe = spare.popLast() ?? template()
        defer { spare.append(probe) }
        for draft in drafts { try probe.check(draft.form) }
        guard Set(drafts.map(\.id)).count == drafts.count else { throw FormDraft.Mismatch() }
    }

    func restore(_ drafts: [FormDraft.Row]) {
        let oldBases = bases
        dropAll()
        for draft in drafts {
            let form = spare.popLast() ?? template()
            link(form, as: draft.id)
            guard let base = oldBases[draft.id] ?? form.prototype else {
                preconditionFailure("a restored row needs a prototype in the row template")
            }
            form.load(base)
            form.apply(draft.form)
            attach(draft.id, form, base, at: rows.count)
            nextID = max(nextID, draft.id.rawValue + 1)
        }
        orderChanged = rows != cleanRows
        let items = rows.map { item(of: $0) }
        editLive { $0 = items }
        reloadTotals()
        onChange?(.reloaded)
    }
}
