import ControlState
import Forms
import Gtk
import Localization

/// The rows of a list field in a ``FormView``: a list that scrolls, each row the view of its
/// row's form with a Remove button, and "Add line" under it.
///
/// Keyboard: Enter moves through a row's fields and on to the next row (from the last row, to
/// the field after the list); Alt+Up and Alt+Down move the focused row; Ctrl+Delete removes it.
/// Each row is a group described "Line 2 of 3" for screen readers, and shows and speaks its own
/// fields' errors as any form does. A row's widgets are made once: moving or removing a row
/// (and undoing it) touches no other row's widgets.
@MainActor
public final class LineItemsEditor<Item>: FormFieldView {
    /// The rows.
    public let list: FormList<Item>
    /// The whole editor: the scrolling rows, then "Add line".
    public let container = Box(.vertical, spacing: 6)
    /// Adds an empty row at the end and moves focus into it.
    public let addButton = Button(label: tr("Add line"))
    /// The engine control whose invalid state shows the list's summary line.
    public let control = InputFieldControl()
    /// "2 lines need attention", under the rows, while a row has errors that show.
    public let summaryLine = Label()
    /// Called when Enter is pressed in the last field of the last row.
    var onEnterPastLastRow: (() -> Void)?

    private let scroller = ScrolledWindow()
    private let rowsBox = Box(.vertical, spacing: 6)
    private var rowViews: [RowID: RowView] = [:]
    /// Every row view made, by its row's form: a row taken out (undo puts it back) or a form the
    /// list reuses for another row after a load keeps its widgets, never bound to a view twice.
    private var viewsByForm: [ObjectIdentifier: RowView] = [:]
    /// Every handler given to `onEdited`, in order (the form's, then a page's, say).
    private var editedHandlers: [@MainActor () -> Void] = []
    private var summaryPresentation: FieldErrorPresentation?

    /// One row: its form's view and its Remove button.
    @MainActor
    final class RowView {
        let view: FormView<Item>
        let box = Box(.horizontal, spacing: 6, role: .group)
        let remove = Button(iconName: "list-remove-symbolic")
        /// The row shown now (a reused form shows another row after a load).
        var row: RowID
        /// The accessible name last given to the row's group.
        var name = ""

        init(view: FormView<Item>, row: RowID) {
            self.view = view
            self.row = row
            view.widget.expandsHorizontally = true
            // Remove beside the fields, or under them where the row is narrower than the
            // form's fold: a line is never wider than the form's other fields (360 pixels).
            let layout = FoldingRow(foldWidth: view.foldWidth, spacing: 6)
            layout.expandsHorizontally = true
            layout.append(view.widget, weight: 12)
            layout.append(remove, weight: 1)
            remove.verticalAlignment = .end
            remove.horizontalAlignment = .end
            box.append(layout)
        }
    }

    /// An editor of `list`'s rows: the rows the list has now, and those it gets later.
    public init(_ list: FormList<Item>) {
        self.list = list
        scroller.child = rowsBox
        scroller.scrollsHorizontally = false
        scroller.setSizeRequest(width: -1, height: 280)
        scroller.expandsVertically = true
        // No Tab stop of its own: its rows' fields take the focus (and it scrolls to them).
        // With no row, GTK would stop on the empty pane (generic role: GTK 4.18 names it not);
        // Tab then skips it whole (`describeRows`).
        scroller.isFocusable = false
        container.append(scroller)
        container.append(addButton)
        summaryLine.addCSSClass("field-error")
        summaryLine.xAlign = 0
        summaryLine.wraps = true
        container.append(summaryLine)
        addButton.horizontalAlignment = .start
        summaryPresentation = control.presentErrors(of: addButton, in: summaryLine)
        addButton.onClicked { [weak self] in self?.addRow() }
        list.onChange = { [weak self] change in self?.apply(change) }
        list.onRowEdited = { [weak self] _, _ in self?.edited() }
        rebuild()
    }

    // MARK: FormFieldView

    /// The editor.
    public var view: Widget { container }
    /// "Add line": the editor's own focusable widget (rows have their own fields).
    public var focusTarget: Widget { addButton }
    /// The summary line, under the rows.
    public var errorLine: Label? { summaryLine }

    /// Calls `handler` after every change of the rows or of what is typed in them.
    public func onEdited(_ handler: @escaping @MainActor () -> Void) {
        editedHandlers.append(handler)
    }

    private func edited() {
        for handler in editedHandlers { handler() }
    }

    // MARK: Reading

    /// The view of `row`'s form; nil when the row is not in the list.
    public func rowView(for row: RowID) -> FormView<Item>? {
        rowViews[row]?.view
    }

    /// The widget of `row` (its group), whose accessible description is "Line 2 of 3".
    public func rowWidget(for row: RowID) -> Widget? {
        rowViews[row]?.box
    }

    /// The accessible name of `row`'s group: "Line 2 of 3", then the errors it showed when the
    /// focus last came in.
    func accessibleName(of row: RowID) -> String? {
        rowViews[row]?.name
    }

    /// The Remove button of `row`.
    public func removeButton(for row: RowID) -> Button? {
        rowViews[row]?.remove
    }

    /// The rows' widgets in the order they are shown.
    public var shownRows: [Widget] { rowsBox.arrangedChildren }

    /// "Line 2 of 3": what a row is described as.
    nonisolated static func position(_ index: Int, of count: Int) -> String {
        // Translators: a row of an invoice's lines (or any list in a form), for screen readers.
        tr("Line {number} of {count}", ["number": String(index + 1), "count": String(count)])
    }

    /// "Line 2 of 3. Quantity: Enter a number": a row's accessible name, its place and the
    /// errors it shows, which a screen reader says as the focus comes into the row.
    nonisolated static func rowName(position: String, errors: [String]) -> String {
        guard !errors.isEmpty else { return position }
        // Translators: a row of an invoice's lines with its errors, for screen readers:
        // "Line 2 of 3. Quantity: Enter a number".
        return tr("{line}. {errors}", ["line": position, "errors": errors.joined(separator: ". ")])
    }

    // MARK: Editing

    /// Adds a row at the end and moves focus to its first field.
    @discardableResult
    public func addRow() -> RowID {
        let row = list.add()
        rowViews[row]?.view.focusFirstField()
        return row
    }

    /// What a key pressed in `row` does: Alt+Up/Down move it, Ctrl+Delete removes it.
    func handleKey(_ key: Key, _ modifiers: Modifiers, in row: RowID) -> Bool {
        let held = modifiers.intersection([.control, .shift, .alt, .super])
        switch (key, held) {
        case (.up, [.alt]):
            list.moveUp(row)
            return true
        case (.down, [.alt]):
            list.moveDown(row)
            return true
        case (.delete, [.control]):
            remove(row)
            return true
        default:
            return false
        }
    }

    /// Removes `row`, moving focus to the row that takes its place (or "Add line").
    func remove(_ row: RowID) {
        guard let index = list.index(of: row) else { return }
        list.remove(row)
        if index < list.count {
            rowViews[list.rows[index]]?.view.focusFirstField()
        } else if index > 0 {
            rowViews[list.rows[index - 1]]?.view.focusFirstField()
        } else {
            addButton.grabFocus()
        }
    }

    // MARK: Rows

    private func makeRowView(for row: RowID) -> RowView {
        let form = list.form(for: row)
        if let kept = viewsByForm[ObjectIdentifier(form)] {
            kept.row = row
            return kept
        }
        let rowView = RowView(view: FormView(form), row: row)
        viewsByForm[ObjectIdentifier(form)] = rowView
        rowView.view.onEnterPastLastField = { [weak self, unowned rowView] in self?.focusRow(after: rowView.row) }
        rowView.remove.onClicked { [weak self, unowned rowView] in self?.remove(rowView.row) }
        let keys = KeyController()
        keys.propagationPhase = .capture
        keys.onKeyPressed { [weak self, unowned rowView] key, _, modifiers in
            self?.handleKey(key, modifiers, in: rowView.row) ?? false
        }
        rowView.box.add(keys)
        // Named as the focus comes in, so that the name a screen reader reads then holds the
        // errors the row shows now (an error appears as its field is left).
        let focus = FocusController()
        focus.onEnter { [weak self, unowned rowView] in
            guard let self, let index = list.index(of: rowView.row) else { return }
            name(rowView, at: index)
        }
        rowView.box.add(focus)
        return rowView
    }

    private func focusRow(after row: RowID) {
        guard let index = list.index(of: row) else { return }
        if index + 1 < list.count {
            rowViews[list.rows[index + 1]]?.view.focusFirstField()
        } else if let onEnterPastLastRow {
            onEnterPastLastRow()
        } else {
            addButton.grabFocus()
        }
    }

    private func apply(_ change: FormList<Item>.Change) {
        switch change {
        case .inserted(let row, let index):
            let rowView = makeRowView(for: row)
            rowViews[row] = rowView
            rowsBox.insert(rowView.box, after: index > 0 ? rowViews[list.rows[index - 1]]?.box : nil)
        case .removed(let row, let index):
            if let rowView = rowViews.removeValue(forKey: row) { rowsBox.remove(rowView.box) }
            _ = index
        case .moved(let row, _, let to):
            let focused = rowViews[row]?.box.containsFocus == true ? focusedInput(of: row) : nil
            // Moved in place, not taken out: its widgets keep the focus and their accessible
            // objects, which a screen reader is following.
            if let box = rowViews[row]?.box {
                rowsBox.reorder(box, after: to > 0 ? rowViews[list.rows[to - 1]]?.box : nil)
            }
            if let focused {
                if !focused.containsFocus { focused.grabFocus() }
                // The focus stays in the row, so a screen reader says nothing of its new place.
                // Translators: said by the screen reader after Alt+Up or Alt+Down moved a line: "Moved to line 1 of 3".
                Announcer.of(windowContaining: focused)?.announce(tr("Moved to line {number} of {count}", [
                    "number": String(to + 1), "count": String(list.count),
                ]), .polite)
            }
        case .reloaded:
            rebuild()
        }
        describeRows()
        edited()
    }

    /// The focused input of `row`'s view, to give focus back after its widgets moved.
    private func focusedInput(of row: RowID) -> Widget? {
        guard let view = rowViews[row]?.view else { return nil }
        for field in view.form.fields {
            if let target = view.input(for: field)?.focusTarget, target.containsFocus { return target }
        }
        return nil
    }

    private func rebuild() {
        for child in rowsBox.arrangedChildren { rowsBox.remove(child) }
        var views: [RowID: RowView] = [:]
        for row in list.rows {
            let rowView = makeRowView(for: row)
            views[row] = rowView
            rowsBox.append(rowView.box)
        }
        rowViews = views
        describeRows()
    }

    /// Names `rowView`'s group by its place and the errors its fields show ("Quantity: Enter
    /// a number", each field by its label).
    private func name(_ rowView: RowView, at index: Int) {
        let view = rowView.view
        let errors = view.form.layout.placedFields.compactMap { field -> String? in
            guard let message = view.errorMessage(for: field) else { return nil }
            guard let label = view.input(for: field)?.focusTarget.mnemonicLabelText else { return message }
            return "\(label): \(message)"
        }
        let name = Self.rowName(position: Self.position(index, of: list.count), errors: errors)
        guard name != rowView.name else { return }
        rowView.name = name
        rowView.box.setAccessibleLabel(name)
    }

    private func describeRows() {
        let count = list.count
        scroller.canFocus = count > 0
        for (index, row) in list.rows.enumerated() {
            rowViews[row]?.box.setAccessibleDescription(Self.position(index, of: count))
            if let rowView = rowViews[row] { name(rowView, at: index) }
            // Translators: the Remove button of a list row, for screen readers: "Remove line 2".
            rowViews[row]?.remove.setAccessibleLabel(tr("Remove line {number}", ["number": String(index + 1)]))
        }
    }
}

extension LineItemsEditor: ListEditorView {
    func revealErrors() {
        for row in list.rows { rowViews[row]?.view.revealErrors() }
    }

    func startOver() {
        for rowView in viewsByForm.values { rowView.view.hideErrors() }
    }

    func focusFirstError() {
        let invalid = list.rowsInError
        guard let row = list.rows.first(where: invalid.contains), let view = rowViews[row]?.view else {
            addButton.grabFocus()
            return
        }
        view.focusFirstError()
    }

    func focusFirstField() {
        if let first = list.rows.first, let view = rowViews[first]?.view {
            view.focusFirstField()
        } else {
            addButton.grabFocus()
        }
    }
}
