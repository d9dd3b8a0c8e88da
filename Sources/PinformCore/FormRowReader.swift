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
    /// For a field whose cell is not what its input takes (a reference, given by name and read
    /// as the record's id): the cell made the input's text, or why it cannot be.
    private let cellReaders: [FieldID: @MainActor (String) -> Result<String, ImportRejection>]
    /// What the model makes of a resolved record and the row's cells (an invoice's lines).
    private let finish: @MainActor (Model, [Int: String]) -> Result<Model, ImportRejection>
    /// Each input's text with the blank record loaded, by field index; nil until the first row.
    private var blankTexts: [Int: String?]?

    /// A reader over `form`, whose inputs are labelled `labels`; `titles` are the record
    /// fields' titles, in order. A field with no input of its title is not imported.
    /// - Parameter cellReaders: for a field whose input does not take the cell as it is (a
    ///   reference chooser takes a record id; the cell names the record), what makes the text.
    ///   - finish: the record once the form resolved, with what no input reads from the cells
    ///     (an invoice's lines) written in, or why those cells cannot be read.
    public init(form: Form<Model>, blank: Model, titles: [String], labels: [FieldID: String],
                cellReaders: [FieldID: @MainActor (String) -> Result<String, ImportRejection>] = [:],
                finish: @escaping @MainActor (Model, [Int: String]) -> Result<Model, ImportRejection> = { model, _ in .success(model) }) {
        self.form = form
        self.finish = finish
        self.blank = blank
        self.labels = labels
        self.cellReaders = cellReaders
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
        var unread: [FieldID: [String]] = [:]
        for (index, field) in inputs {
            guard let input = form.object(for: field) as? any FormInput else { continue }
            var cell = cells[index]
            if let given = cell, !given.isEmpty, let reader = cellReaders[field] {
                switch reader(given) {
                case .success(let text): cell = text
                case .failure(let rejection): (cell, unread[field]) = (nil, rejection.messages)
                }
            }
            Self.write(cell, blank: blankTexts?[index] ?? nil, into: input)
        }
        // A cell that could not be read says so, instead of what its empty input makes the form say.
        let problems = inputs.values.sorted().flatMap { field in (unread[field] ?? []).map { labelled($0, field) } }
        switch form.resolve(blank) {
        case .success(let model):
            switch finish(model, cells) {
            case .success(let finished):
                return problems.isEmpty ? .success(finished) : .failure(ImportRejection(problems))
            case .failure(let rejection):
                return .failure(ImportRejection(problems + rejection.messages))
            }
        case .failure(let errors):
            let formProblems = errors.all.filter { unread[$0.field] == nil }.map { error in labelled(error.message, error.field) }
            // The cells no input reads say what is wrong with them too.
            var rest: [String] = []
            if case .failure(let rejection) = finish(blank, cells) { rest = rejection.messages }
            return .failure(ImportRejection(problems + formProblems + rest))
        }
    }

    private func labelled(_ message: String, _ field: FieldID) -> String {
        labels[field].map { "\($0): \(message)" } ?? message
    }

    private static func write<Input: FormInput>(_ cell: String?, blank: String?, into input: Input) {
        let text = cell.map { Input.Output.self == Bool.self ? ImportText.flag($0) : $0 } ?? blank
        if input.text != text { input.text = text }
    }
}
