import Controls
import Foundation
import Forms
import Storage

/// A form model whose saved values are kept as records: how it is stored, listed and put
/// back into its form to be edited.
@MainActor
protocol RecordModel: FormModel {
    /// The SQLite table the records are kept in ("person").
    static var table: String { get }
    /// The columns kept beside each record for sorting and searching.
    static var storeColumns: [Column<Self>] { get }
    /// The columns the records list shows (and exports), each sorted by a store column.
    static var listColumns: [RecordColumn<Self>] { get }
    /// Puts the value into a form made by `makeForm()`, to be edited.
    func fill(_ form: FormView<Self>)
}

/// An input with a label and text: what `FormView.setText(_:forInputLabelled:)` looks for.
@MainActor
protocol LabelledTextInput: AnyObject {
    var labelText: String { get }
    var text: String? { get set }
}

extension ActiveInput: LabelledTextInput {}

extension FormView {
    /// Sets the text of the input whose label is `label`, as if typed.
    func setText(_ text: String, forInputLabelled label: String) {
        for field in form.layout.placedFields {
            guard let input = self.input(for: field) as? any LabelledTextInput, input.labelText == label else { continue }
            input.text = text
            return
        }
        assertionFailure("No input labelled \(label)")
    }
}

/// A number as a person types it here: the shortest exact digits, with the user's decimal
/// separator, so that editing a record and saving it unchanged keeps its value.
func editableText(_ number: Double) -> String {
    let separator = NumberParsing.current.decimalSeparator
    let text = number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : number.description
    return separator == "." ? text : text.replacingOccurrences(of: ".", with: String(separator))
}
