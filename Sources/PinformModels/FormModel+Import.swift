import Controls
import Forms
import Localization
import PinformCore

/// An input that an import writes a cell into, found by its label (the field's title).
@MainActor
protocol ImportableInput: AnyObject {
    /// The label people read beside the input.
    var importLabel: String { get }
}

extension ActiveInput: ImportableInput {
    var importLabel: String { labelText }
}

extension DateInput: ImportableInput {
    var importLabel: String { label.text }
}

extension ChoiceInput: ImportableInput {
    var importLabel: String { label.text }
}

extension TextAreaInput: ImportableInput {
    var importLabel: String { label.text }
}

extension SwitchInput: ImportableInput {
    var importLabel: String { label?.text ?? "" }
}

/// Translations of nothing: the messages as written, in English.
private struct Untranslated: Translator {
    func translate(_ message: String) -> String? { message }
    func translate(_ singular: String, _ plural: String, count: Int) -> String? { count == 1 ? singular : plural }
}

extension FormModel {
    /// A reader of imported rows through a new form of this model, which is never shown;
    /// `context` is the window's (a reference column is not read from a file).
    public static func makeRowReader(_ context: ModelContext) -> FormRowReader<Self> {
        let view = makeForm(context)
        var labels: [FieldID: String] = [:]
        for field in view.form.fields {
            if let input = view.form.object(for: field) as? any ImportableInput { labels[field] = input.importLabel }
        }
        return FormRowReader(form: view.form, blank: blank, titles: fields.map(\.title), labels: labels)
    }

    /// Each field's names a file's header may use: its title in the user's language and in
    /// English, and its stored column ("first_name").
    public static var importFieldNames: [[String]] {
        let translated = fields
        let previous = Localization.translator
        Localization.translator = Untranslated()
        let english = fields.map(\.title)
        Localization.translator = previous
        return translated.enumerated().map { index, field in
            [field.title, english[index], field.column.name]
        }
    }
}
