import Forms
import Gtk

/// What a ``FormView`` asks of the editor it places for a list field.
@MainActor
protocol ListEditorView: FormFieldView {
    /// A save was tried: every row shows its errors.
    func revealErrors()
    /// A model was loaded or the form emptied: no row shows an error.
    func startOver()
    /// Moves focus to the first field in error of the first row in error.
    func focusFirstError()
    /// Moves focus to the first field of the first row, or to "Add line" when there is none.
    func focusFirstField()
    /// Called when Enter is pressed in the last field of the last row.
    var onEnterPastLastRow: (() -> Void)? { get set }
}

/// A list field's rows, which can make the editor that shows them (whatever their item type).
@MainActor
protocol FormListEditing: AnyObject {
    func makeEditor() -> any ListEditorView
}

extension FormList: FormListEditing {
    func makeEditor() -> any ListEditorView {
        LineItemsEditor(self)
    }
}
