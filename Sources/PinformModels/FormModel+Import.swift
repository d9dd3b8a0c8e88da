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

extension ReferenceChooser: ImportableInput {
    var importLabel: String { label.text }
}

/// An input whose cells name a record rather than hold its text: a reference chooser, whose
/// cell is the record's name, email or summary, read into the record's id.
@MainActor
protocol ImportableReference: AnyObject {
    /// The input's text for the record `cell` names, or why there is none.
    func importText(for cell: String) -> Result<String, ImportRejection>
}

extension ReferenceChooser: ImportableReference {
    func importText(for cell: String) -> Result<String, ImportRejection> {
        ImportReference.match(cell, in: lookup).map(\.description)
    }
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
        var cellReaders: [FieldID: @MainActor (String) -> Result<String, ImportRejection>] = [:]
        for field in view.form.fields {
            let object = view.form.object(for: field)
            if let input = object as? any ImportableInput { labels[field] = input.importLabel }
            if let reference = object as? any ImportableReference { cellReaders[field] = { reference.importText(for: $0) } }
        }
        return FormRowReader(form: view.form, blank: blank, titles: fields.map(\.title), labels: labels,
                             cellReaders: cellReaders, finish: { finishImport($0, cells: $1) })
    }

    /// What each column of this model's export holds: a field's index (in `fields`), or nil
    /// for a column computed when shown (a person's age), which an import recognises and
    /// leaves out.
    @MainActor
    public static func exportLayout(_ context: ModelContext) -> [Int?] {
        let titles = fields.map(\.title)
        return listColumns(context).map { column in titles.firstIndex(of: column.title) }
    }

    /// The names of the export's computed columns, in the user's language and in English.
    @MainActor
    public static func computedColumnNames(_ context: ModelContext) -> [[String]] {
        let titles = Set(fields.map(\.title))
        let translated = listColumns(context).map(\.title)
        let previous = Localization.translator
        Localization.translator = Untranslated()
        let english = listColumns(context).map(\.title)
        Localization.translator = previous
        return translated.indices.filter { !titles.contains(translated[$0]) }.map { [translated[$0], english[$0]] }
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
