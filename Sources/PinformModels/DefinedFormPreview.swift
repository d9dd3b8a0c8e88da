import Controls
import FormDefinitions
import Forms

/// The real form of a definition, for the designer's live preview: the same inputs, rules and
/// layout as the form its records are entered in.
@MainActor
public enum DefinedFormPreview {
    /// A new form of `definition`; `context` gives links their records.
    public static func makeView(of definition: FormDefinition, context: ModelContext) -> FormView<DefinedRecord> {
        let form = Form<DefinedRecord>(prototype: definition.blankRecord)
        DefinedFormBuilder.fill(form, fields: definition.fields, rows: definition.rows, record: \.self,
                                definition: definition, context: context)
        return FormView(form)
    }
}
