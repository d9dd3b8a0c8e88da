import Forms

/// Reads an imported row into a record through the model's own form, so that a cell is
/// converted and checked exactly as if it had been typed: the same conversions, the same
/// rules, the same rules across fields, the same computed fields.
///
/// For each row the form is loaded with the blank record, each cell is written into the input
/// of its field (found by the input's label, which is the field's title), and the form
/// resolves. A yes-or-no input takes the export's "Yes"/"No" (`ImportText.flag`).
@MainActor
public final class FormRowReader<Model> {
    private let form: Form<Model>
    private let blank: Model
    private let inputs: [Int: FieldID]
    private let labels: [FieldID: String]
    /// Each input's text with the blank record loaded, by field index; nil until the first row.
    private var blankTexts: [Int: String?]?

    /// A reader over `form`, whose inputs are labelled `labels`; `titles` are the record
    /// fields' titles, in order. A field with no input of its title is not imported.
    public init(form: Form<Model>, blank: Model, titles: [String], labels: [FieldID: String]) {
        self.form = form
        self.blank = blank
        self.labels = labels
        var byLabel: [String: FieldID] = [:]
        for (field, label) in labels where form.isInput(field) {
            byLabel[ImportText.headerKey(label)] = byLabel[ImportText.headerKey(label)] ?? field
        }
        var inputs: [Int: FieldID] = [:]
        for (index, title) in titles.enumerated() {
            inputs[index] = byLabel[ImportText.headerKey(title)]
        }
        self.inputs = inputs
    }

    /// Whether field `index` (of the model's `fields`) can be imported: the form has its input.
    public func imports(field index: Int) -> Bool { inputs[index] != nil }

    /// The record `cells` (by field index) make, or what is wrong, each message led by its
    /// field's label ("Age: Must be 120 or less"). A field without a cell keeps the blank
    /// record's value.
    public func resolve(_ cells: [Int: String]) -> Result<Model, ImportRejection> {
        if blankTexts == nil {
            form.load(blank)
            blankTexts = inputs.mapValues { (form.object(for: $0) as? any FormInput)?.text }
        }
        // Only what differs from the input's text is written: a form's inputs are widgets,
        // and most columns repeat from row to row.
        for (index, field) in inputs {
            guard let input = form.object(for: field) as? any FormInput else { continue }
            Self.write(cells[index], blank: blankTexts?[index] ?? nil, into: input)
        }
        switch form.resolve(blank) {
        case .success(let model):
            return .success(model)
        case .failure(let errors):
            return .failure(ImportRejection(errors.all.map { error in
                labels[error.field].map { "\($0): \(error.message)" } ?? error.message
            }))
        }
    }

    private static func write<Input: FormInput>(_ cell: String?, blank: String?, into input: Input) {
        let text = cell.map { Input.Output.self == Bool.self ? ImportText.flag($0) : $0 } ?? blank
        if input.text != text { input.text = text }
    }
}
