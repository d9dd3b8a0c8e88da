import Forms
import Gtk

extension FormView {
    /// Whether `key` with `modifiers` moves on to the next field: Enter in a one-line field,
    /// Ctrl+Enter or Shift+Enter in a multi-line one (where Enter types a new line), as GNOME does.
    nonisolated static func movesToNextField(_ key: Key, _ modifiers: Modifiers, multiline: Bool) -> Bool {
        guard key == .return || key == .keypadEnter || key == .isoEnter else { return false }
        let held = modifiers.intersection([.control, .shift, .alt, .super])
        return multiline ? (held == .control || held == .shift) : held.isEmpty
    }

    /// What Ctrl+Z and Ctrl+Shift+Z (or Ctrl+Y) do in a form: the form's undo and redo, for
    /// every kind of input, instead of one entry's own text undo.
    nonisolated static func historyCommand(_ key: Key, _ modifiers: Modifiers) -> HistoryCommand? {
        let held = modifiers.intersection([.control, .shift, .alt, .super])
        switch (key.unicodeScalar.map { Character($0).lowercased() }, held) {
        case ("z", [.control]): return .undo
        case ("z", [.control, .shift]), ("y", [.control]): return .redo
        default: return nil
        }
    }

    /// An undo or a redo asked for by a key.
    enum HistoryCommand {
        case undo, redo
    }

    /// Enter moves on and Ctrl+Z undoes, in whichever field has the focus: one key controller
    /// on the form, which sees the keys before the field does (a row of a list has its own).
    func watchKeys() {
        let keys = KeyController()
        keys.propagationPhase = .capture
        keys.onKeyPressed { [weak self] key, _, modifiers in
            guard let self else { return false }
            if let command = Self.historyCommand(key, modifiers) {
                return command == .undo ? self.undo() : self.redo()
            }
            guard key == .return || key == .keypadEnter || key == .isoEnter, let field = self.focusedField else { return false }
            guard Self.movesToNextField(key, modifiers, multiline: self.input(for: field) is TextAreaInput) else { return false }
            // A chooser's Enter picks the highlighted match first; the next Enter moves on.
            if let chooser = self.input(for: field) as? any EnterConsuming, chooser.takesEnter() { return true }
            self.focusField(after: field)
            return true
        }
        widget.add(keys)
    }

    /// The input of this form (not of a list's row) that has the focus.
    private var focusedField: FieldID? {
        form.layout.placedFields.first { field in
            editors[field] == nil && input(for: field)?.focusTarget.containsFocus == true
        }
    }

    /// Moves focus to the first shown, editable field after `field` in row order (what Enter
    /// does); past the last one, to what follows the form (the next row of a list), or nowhere.
    /// Returns whether focus moved.
    @discardableResult
    public func focusField(after field: FieldID) -> Bool {
        let placed = form.layout.placedFields
        guard let index = placed.firstIndex(of: field) else { return false }
        for next in placed[(index + 1)...] where isShown(next) && !form.isComputed(next) {
            if let editor = editors[next] {
                editor.focusFirstField()
                return true
            }
            if let input = input(for: next) {
                input.focusTarget.grabFocus()
                return true
            }
        }
        if let onEnterPastLastField {
            onEnterPastLastField()
            return true
        }
        return false
    }

    /// Moves focus to the first shown, editable field.
    @discardableResult
    public func focusFirstField() -> Bool {
        for field in form.layout.placedFields where isShown(field) && !form.isComputed(field) {
            if let editor = editors[field] {
                editor.focusFirstField()
                return true
            }
            if let input = input(for: field) {
                input.focusTarget.grabFocus()
                return true
            }
        }
        return false
    }

    /// Undoes the form's last change (`Form.undo()`): a field edit or a row added, removed or
    /// moved; the inputs show it. Returns false when there was nothing to undo.
    @discardableResult
    public func undo() -> Bool {
        let done = form.undo()
        if done { refresh() }
        return done
    }

    /// Redoes the form's last undone change. Returns false when there was none.
    @discardableResult
    public func redo() -> Bool {
        let done = form.redo()
        if done { refresh() }
        return done
    }
}
