import Controls

extension OptionsInput: ImportableInput {
    var importLabel: String { label.text }
}
