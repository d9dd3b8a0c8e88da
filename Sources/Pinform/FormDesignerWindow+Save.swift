import Controls
import Foundation
import FormDefinitions
import Gtk
import Localization
import PinformModels

extension FormDesignerWindow {
    /// Save: refuses a definition that does not make sense (the message under the field
    /// concerned, over the fields, and aloud, the focus there); for a changed form with saved
    /// records, asks first, saying how many records the change affects.
    func save() {
        let definition = definition
        for editor in editors {
            editor.show(problem: nil)
            editor.show(problem: nil, inExpression: true)
        }
        let problems = FormDesignerCheck.problems(of: definition)
        if let first = problems.first {
            for problem in problems {
                guard let editor = editors.first(where: { $0.definition.id == problem.field }) else { continue }
                editor.show(problem: problem.message, inExpression: problem.inExpression)
            }
            // Translators: over the designer's fields when Save found problems: "Not saved: Give this field a name".
            showProblem(tr("Not saved: {problem}", ["problem": first.message]))
            if let editor = editors.first(where: { $0.definition.id == first.field }) {
                editor.focus(expression: first.inExpression)
            } else {
                _ = nameEntry.grabFocus()
            }
            return
        }
        let affected = isNew ? 0 : DefinedForms.shared.affectedRecords(changingTo: definition)
        guard affected > 0 else { return write(definition) }
        let dialog = AlertDialog(
            parent: window,
            heading: tr("Change the form?"),
            body: trn("%d saved record has a value in a field you removed or changed. Removed fields keep their values, hidden; a value that does not convert to the new kind is kept as it was.",
                      "%d saved records have a value in a field you removed or changed. Removed fields keep their values, hidden; a value that does not convert to the new kind is kept as it was.",
                      affected))
        dialog.addResponse(DialogResponse.cancel, label: tr("Cancel"))
        dialog.addResponse(DialogResponse.apply, label: tr("Change the Form"), appearance: .suggested)
        dialog.setResponses(default: .cancel, close: .cancel)
        dialog.onResponse { [weak self] (response: DialogResponse?) in
            guard response == .apply else { return }
            self?.write(definition)
        }
        dialog.present()
    }

    private func write(_ definition: FormDefinition) {
        do {
            try DefinedForms.shared.save(definition, basedOn: baseVersion)
        } catch {
            // Translators: over the designer's fields when the form could not be written; {reason} is the store's message.
            showProblem(tr("Not saved: {reason}", ["reason": error.message]))
            return
        }
        finish(saved: definition)
    }

    /// Shows `message` over the fields and says it.
    func showProblem(_ message: String) {
        problemLabel.text = message
        problemLabel.isVisible = true
        // Assertive: the form was not saved, exported or imported.
        Announcer.of(window).announce(message, .assertive)
    }

    /// Export…: writes the definition as it stands to a `.pinform-form` file.
    func exportForm() {
        let dialog = FileDialog(title: tr("Export Form"), acceptLabel: tr("Export"))
        dialog.initialName = (definition.name.isEmpty ? "form" : definition.name) + "." + FormDocument.fileExtension
        dialog.save(over: window) { [weak self] outcome in
            guard let self, let url = chosen(outcome, failing: { tr("Not exported: {reason}", ["reason": $0]) }) else { return }
            do {
                try FormDocument.encode(definition).write(to: url, options: .atomic)
                Announcer.of(window).announce(tr("Form exported"), .polite)
            } catch {
                showProblem(tr("Not exported: {reason}", ["reason": error.localizedDescription]))
            }
        }
    }

    /// Import…: reads a `.pinform-form` file into the designer (saved only on Save); a form
    /// with the identity of another saved one gets a new identity.
    func importForm() {
        let dialog = FileDialog(title: tr("Import Form"), acceptLabel: tr("Import"))
        // Translators: a filter of the Import Form file dialog.
        dialog.filters = [FileDialog.Filter(name: tr("Pinform Forms"), patterns: ["*." + FormDocument.fileExtension]), .allFiles]
        dialog.open(over: window) { [weak self] outcome in
            guard let self, let url = chosen(outcome, failing: { tr("Not imported: {reason}", ["reason": $0]) }) else { return }
            var imported: FormDefinition
            do throws(FormDocumentError) {
                imported = try FormDocument.read(contentsOf: url)
            } catch {
                return showProblem(tr("Not imported: {reason}", ["reason": error.message]))
            }
            imported.id = base.id
            nameEntry.text = imported.name
            load(imported)
            Announcer.of(window).announce(tr("Form imported: {name}. Save to keep it.", ["name": imported.name]), .polite)
        }
    }

    /// The file a file dialog gave; nil when it was dismissed, or when it failed — then
    /// `problem` of the reason is shown over the fields.
    private func chosen(_ outcome: FileDialog.Outcome, failing problem: (String) -> String) -> URL? {
        switch outcome {
        case .chosen(let url):
            return url
        case .dismissed:
            return nil
        case .failed(let error):
            showProblem(problem(error.message))
            return nil
        }
    }
}
