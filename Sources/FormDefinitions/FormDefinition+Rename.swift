extension FormDefinition {
    /// The definition with `field` labelled `label`, and every computed field's expression that
    /// named it by its old label naming it by the new one (in brackets): a rename keeps the
    /// values (the id stays) and the expressions.
    ///
    /// A column of line items is renamed the same way (`Lines.[New name]`).
    public func renaming(_ field: FieldDefinitionID, to label: String) -> FormDefinition {
        var copy = self
        var oldLabel: String?
        var lines: String?
        for index in copy.fields.indices {
            if copy.fields[index].id == field {
                oldLabel = copy.fields[index].label
                copy.fields[index].label = label
            } else if case .lines(var columns) = copy.fields[index].kind,
                      let column = columns.firstIndex(where: { $0.id == field }) {
                oldLabel = columns[column].label
                lines = copy.fields[index].label
                columns[column].label = label
                copy.fields[index].kind = .lines(columns: columns)
            }
        }
        guard let oldLabel, !label.contains("]") else { return copy }
        for index in copy.fields.indices {
            guard let expression = copy.fields[index].expression else { continue }
            let renamed = Self.rename(oldLabel, to: label, ofColumnOf: lines, in: expression)
            copy.fields[index].kind = .computed(expression: renamed)
        }
        return copy
    }

    /// `source` with each name `old` (a field, or a column of the line-items field `lines`)
    /// written `[new]`; unchanged when it does not read.
    static func rename(_ old: String, to new: String, ofColumnOf lines: String?, in source: String) -> String {
        guard let tokens = try? ExpressionLexer.tokens(of: source) else { return source }
        let folded = ExpressionScope.fold(old)
        var replacements: [(start: Int, end: Int)] = []
        for (index, token) in tokens.enumerated() {
            let name: String
            switch token.kind {
            case .name(let text):
                // A function's name is no field.
                if index + 1 < tokens.count, tokens[index + 1].kind == .symbol("(") { continue }
                name = text
            case .bracketedName(let text): name = text
            default: continue
            }
            guard ExpressionScope.fold(name) == folded else { continue }
            let isColumn = index > 0 && tokens[index - 1].kind == .symbol(".")
            if let lines {
                // Only `Lines.old`.
                guard isColumn, index > 1 else { continue }
                let owner: String?
                switch tokens[index - 2].kind {
                case .name(let text), .bracketedName(let text): owner = text
                default: owner = nil
                }
                guard let owner, ExpressionScope.fold(owner) == ExpressionScope.fold(lines) else { continue }
            } else if isColumn {
                continue
            }
            replacements.append((token.position, token.end))
        }
        var scalars = Array(source.unicodeScalars)
        for replacement in replacements.reversed() {
            scalars.replaceSubrange(replacement.start..<replacement.end, with: Array("[\(new)]".unicodeScalars))
        }
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars)
        return result
    }
}
