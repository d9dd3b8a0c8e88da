/// The undo and redo stacks of a form and of every row of its lists: one history per top-level
/// form, shared by its rows so that Ctrl+Z undoes the last change wherever it was made.
///
/// A step is either a text change of one input (consecutive changes of the same input while its
/// group is open merge into one step: typing a word is one undo) or an action on a list (add,
/// remove, move) with its inverse.
final class FormHistory {
    /// A change of one input's text, from `before` to `after`.
    final class TextChange {
        /// The input whose text changed: what consecutive typing merges on.
        let key: ObjectIdentifier
        /// Puts a text back into the input and tells its form, without recording a step.
        let apply: (String?) -> Void
        let before: String?
        var after: String?

        init(key: ObjectIdentifier, apply: @escaping (String?) -> Void, before: String?, after: String?) {
            self.key = key
            self.apply = apply
            self.before = before
            self.after = after
        }
    }

    enum Step {
        case text(TextChange)
        case action(undo: () -> Void, redo: () -> Void)
    }

    private(set) var undoSteps: [Step] = []
    private(set) var redoSteps: [Step] = []
    /// The input whose typing the last step still takes in; nil once the group is closed.
    private var openGroup: ObjectIdentifier?
    /// True while a step is undone or redone: changes made then are not new steps.
    private(set) var isReplaying = false

    /// Records a text change; merges it into the last step when it continues the open group.
    func recordText(key: ObjectIdentifier, before: String?, after: String?, merges: Bool,
                    apply: @escaping (String?) -> Void) {
        guard !isReplaying else { return }
        redoSteps.removeAll()
        if merges, openGroup == key, case .text(let last)? = undoSteps.last, last.key == key {
            last.after = after
            if (last.after ?? "") == (last.before ?? "") { undoSteps.removeLast(); openGroup = nil }
            return
        }
        undoSteps.append(.text(TextChange(key: key, apply: apply, before: before, after: after)))
        openGroup = merges ? key : nil
    }

    /// Records an action done now, with how to undo and redo it.
    func recordAction(undo: @escaping () -> Void, redo: @escaping () -> Void) {
        guard !isReplaying else { return }
        redoSteps.removeAll()
        undoSteps.append(.action(undo: undo, redo: redo))
        openGroup = nil
    }

    /// Ends the open group: the next keystroke starts a new step.
    func closeGroup() {
        openGroup = nil
    }

    var canUndo: Bool { !undoSteps.isEmpty }
    var canRedo: Bool { !redoSteps.isEmpty }

    /// Undoes the last step; returns false when there is none.
    @discardableResult
    func undo() -> Bool {
        guard let step = undoSteps.popLast() else { return false }
        openGroup = nil
        replay { Self.perform(step, undoing: true) }
        redoSteps.append(step)
        return true
    }

    /// Redoes the last undone step; returns false when there is none.
    @discardableResult
    func redo() -> Bool {
        guard let step = redoSteps.popLast() else { return false }
        openGroup = nil
        replay { Self.perform(step, undoing: false) }
        undoSteps.append(step)
        return true
    }

    /// Forgets every step: after a load, a restore or a new record.
    func clear() {
        undoSteps.removeAll()
        redoSteps.removeAll()
        openGroup = nil
    }

    private func replay(_ body: () -> Void) {
        isReplaying = true
        defer { isReplaying = false }
        body()
    }

    private static func perform(_ step: Step, undoing: Bool) {
        switch step {
        case .text(let change): change.apply(undoing ? change.before : change.after)
        case .action(let undo, let redo): undoing ? undo() : redo()
        }
    }
}
