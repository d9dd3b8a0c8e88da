import Controls
import Foundation
import FormDefinitions
import Gtk
import Localization
import PinformModels

/// The form designer ("New Form…", "Edit Form…"): the form's name, a template to start from
/// (for a new form), its fields one under the other — each with its kind, settings, rules and
/// place in the layout — and beside them the live preview, which is the real form of the
/// definition as it stands. Save refuses what `FormDesignerCheck` finds, saying so under the
/// field concerned (and aloud); a change of a form with saved records says first how many of
/// them it affects. The form can be exported to and imported from a `.pinform-form` file.
@MainActor
final class FormDesignerWindow {
    let window = Window()
    let nameEntry = Entry()
    let templateDropDown: DropDown
    let addButton = Button(label: tr("Add Field"))
    let saveButton = Button(label: tr("Save"))
    let cancelButton = Button(label: tr("Cancel"))
    let exportButton = Button(label: tr("Export…"))
    let importButton = Button(label: tr("Import…"))
    let deleteButton = Button(label: tr("Delete Form…"))
    /// Called after Delete Form… deleted the saved form, with its definition (for Undo).
    var onDeleted: ((FormDefinition) -> Void)?
    /// What stops Save, over the fields.
    let problemLabel = Label()
    private(set) var editors: [FormDesignerFieldEditor] = []
    let fieldsBox = Box(.vertical, spacing: 12)
    /// The fields removed from the saved form, with Restore.
    let removedBox = Box(.vertical, spacing: 6)
    private let previewHolder = Box(.vertical)
    private let previewScroll = ScrolledWindow()
    private var preview: FormView<DefinedRecord>?
    private var previewSource: UInt32?
    /// The form as it was opened: its identity, and the fields removed before.
    var base: FormDefinition
    let isNew: Bool
    /// The stored version the designer opened on: a save over another desk's change is refused.
    let baseVersion: Int
    let context: ModelContext
    private let onSaved: (FormDefinition) -> Void
    private var keepAlive: FormDesignerWindow?
    /// The window over which it is: it holds the designer, so Lock (destroying it) frees it.
    private weak var owner: Window?
    private static let ownerKey = AssociationKey<FormDesignerWindow>("pinform-form-designer")
    /// Keeps the definition as it stands as a draft when Lock comes (`FormDesignerWindow+Draft`).
    private(set) var draftKeeper: DefinedDraftKeeper?
    private let templates: [FormDefinition]

    /// A designer over `parent` of `definition`, or of a new form when nil.
    init(editing definition: FormDefinition?, parent: Window?, context: ModelContext, onSaved: @escaping (FormDefinition) -> Void) {
        isNew = definition == nil
        // Translators: the name a new form starts with in the designer.
        base = definition ?? FormDefinition(name: tr("New form"), fields: [])
        baseVersion = DefinedForms.shared.version(of: base.id)
        self.context = context
        self.onSaved = onSaved
        templates = FormTemplates.all
        // Translators: the first entry of the designer's template drop-down: start with no fields.
        templateDropDown = DropDown(items: [tr("Blank form")] + templates.map(\.name))
        window.title = isNew ? tr("New Form") : tr("Edit Form “{name}”", ["name": base.name])
        window.setTransient(for: parent)
        window.isModal = true
        // Lock closes the form window: the designer (which shows what is sealed) goes with it.
        window.destroysWithParent = true
        window.setDefaultSize(width: 1180, height: 760)

        let header = AdwaitaHeaderBar()
        // Cancel is the one way out (GNOME's dialogs with Cancel and Save have no close button).
        header.showsStartTitleButtons = false
        header.showsEndTitleButtons = false
        header.packStart(cancelButton)
        deleteButton.addCSSClass("destructive-action")
        deleteButton.isVisible = !isNew
        header.packStart(deleteButton)
        saveButton.addCSSClass("suggested-action")
        saveButton.tooltip = tr("Save the form (Ctrl+S)")
        header.packEnd(saveButton)
        header.packEnd(exportButton)
        header.packEnd(importButton)

        let editor = Box(.vertical, spacing: 12)
        editor.setMargins(18)
        problemLabel.addCSSClass("error-summary")
        problemLabel.xAlign = 0
        problemLabel.wraps = true
        problemLabel.isVisible = false
        editor.append(problemLabel)
        editor.append(labelled(tr("Form name"), nameEntry))
        if isNew { editor.append(labelled(tr("Start from"), templateDropDown)) }
        editor.append(fieldsBox)
        addButton.horizontalAlignment = .start
        addButton.tooltip = tr("Add a field at the end (Ctrl+N)")
        editor.append(addButton)
        editor.append(removedBox)
        let editorScroll = ScrolledWindow()
        editorScroll.child = Clamp(maximumSize: 560, child: editor)
        editorScroll.expandsHorizontally = true
        editorScroll.expandsVertically = true

        let previewColumn = Box(.vertical, spacing: 12)
        previewColumn.setMargins(18)
        let previewTitle = Label(tr("Preview"))
        previewTitle.addCSSClass("heading")
        previewTitle.xAlign = 0
        previewColumn.append(previewTitle)
        previewHolder.addCSSClass("card")
        previewHolder.addCSSClass("form-card")
        previewColumn.append(previewHolder)
        previewScroll.child = previewColumn
        // No Tab stop of its own (generic role: GTK 4.18 names it not): the preview's fields
        // take the focus; with none, Tab skips it (`rebuildPreview`).
        previewScroll.isFocusable = false
        previewScroll.canFocus = false
        previewScroll.expandsHorizontally = true
        previewScroll.expandsVertically = true

        editorScroll.setSizeRequest(width: 440, height: -1)
        previewScroll.setSizeRequest(width: 500, height: -1)
        previewHolder.expandsHorizontally = true
        // Side by side while both fit at their minimum widths (a breakpoint, by the designer's
        // own width); under that, one at a time.
        let splitView = NavigationSplitView()
        // Translators: the designer's pane of fields: its name for screen readers, and the button that goes back to it from the preview on a narrow window.
        splitView.sidebar = NavigationPage(child: editorScroll, title: tr("Fields"))
        splitView.content = NavigationPage(child: previewScroll, title: tr("Preview"))
        splitView.minimumSidebarWidth = 440
        splitView.maximumSidebarWidth = 600
        splitView.sidebarWidthFraction = 0.5
        let bin = BreakpointBin(minimumWidth: 360, minimumHeight: 294)
        let narrow = Breakpoint(maximumWidth: 960)
        narrow.addSetter(splitView, "collapsed", true)
        bin.addBreakpoint(narrow)
        bin.child = splitView
        // Narrow, the panes show one at a time: this button goes to the other.
        let paneButton = Button(label: tr("Preview"))
        paneButton.isVisible = false
        header.packStart(paneButton)
        splitView.onCollapsedChanged { [unowned splitView] in
            paneButton.isVisible = splitView.isCollapsed
            if !splitView.isCollapsed { splitView.showsContent = false }
        }
        splitView.onShowsContentChanged { [unowned splitView] in
            paneButton.label = splitView.showsContent ? tr("Fields") : tr("Preview")
        }
        paneButton.onClicked { [unowned splitView] in
            splitView.showsContent.toggle()
        }
        let toolbarView = ToolbarView()
        toolbarView.addTopBar(header)
        bin.expandsVertically = true
        toolbarView.content = bin
        window.child = toolbarView

        nameEntry.text = base.name
        load(base)
        connect()
        owner = parent
        draftKeeper = DefinedDraftKeeper(context: context, key: draftKey) { [weak self] in self?.draftDocument }
    }

    private func labelled(_ text: String, _ control: Widget) -> Widget {
        let box = Box(.vertical, spacing: 4)
        let label = Label(text)
        label.xAlign = 0
        label.addCSSClass("heading")
        label.setMnemonicWidget(control)
        control.setAccessibleLabelledBy(label)
        box.append(label)
        box.append(control)
        return box
    }

    private func connect() {
        nameEntry.onChanged { [weak self] in self?.changed() }
        templateDropDown.onSelectionChanged { [weak self] in
            guard let self, let index = templateDropDown.selectedIndex else { return }
            var template = index == 0 ? FormDefinition(name: nameEntry.text, fields: []) : templates[index - 1]
            template.id = base.id
            nameEntry.text = template.name
            load(template)
        }
        addButton.onClicked { [weak self] in self?.addField() }
        cancelButton.onClicked { [weak self] in self?.cancelAsking() }
        saveButton.onClicked { [weak self] in self?.save() }
        exportButton.onClicked { [weak self] in self?.exportForm() }
        importButton.onClicked { [weak self] in self?.importForm() }
        deleteButton.onClicked { [weak self] in self?.deleteForm() }
        let keys = KeyController()
        keys.propagationPhase = .capture
        keys.onKeyPressed { [weak self] key, _, modifiers in
            if key == Key.escape {
                self?.cancelAsking()
                return true
            }
            guard modifiers.contains(.control) else { return false }
            switch key {
            case Key("s"): self?.save()
            case Key("n"): self?.addField()
            default: return false
            }
            return true
        }
        window.add(keys)
        window.onCloseRequest { [weak self] in
            guard let self else { return false }
            // Closed by the window manager with changes: asked first, as Cancel does.
            if draftDocument != nil {
                cancelAsking()
                return true
            }
            draftKeeper?.discard()
            release()
            return false
        }
    }

    /// Cancel, Escape: closes without saving, after asking "Discard changes?" when the form
    /// is not as it opened; no draft is left.
    /// - Returns: the question, when one is asked.
    @discardableResult
    func cancelAsking() -> DiscardChangesDialog? {
        guard draftDocument != nil else {
            close()
            return nil
        }
        return DiscardChangesDialog.ask(over: window) { [weak self] in self?.close() }
    }

    /// Shows the designer, the focus in the form's name.
    func present() {
        if let owner { owner.setAssociatedValue(self, for: Self.ownerKey) } else { keepAlive = self }
        // The focus is set before the window maps, so that a screen reader presents the window
        // and then the name it is in.
        window.setFocus(nameEntry)
        window.present()
        offerDraft()
    }

    /// Lets the designer go: nothing holds it once its window is gone.
    private func release() {
        keepAlive = nil
        owner?.setAssociatedValue(nil, for: Self.ownerKey)
    }

    /// Shows `definition`'s fields.
    func load(_ definition: FormDefinition) {
        for editor in editors { fieldsBox.remove(editor.widget) }
        editors = []
        for row in definition.rows {
            for (offset, cell) in row.cells.enumerated() {
                guard let field = definition.field(cell.field) else { continue }
                append(FormDesignerFieldEditor(field, joined: offset > 0, width: cell.width, linkTargets: linkTargets))
            }
        }
        changed()
        showRemovedFields()
    }

    var linkTargets: [FormDefinition] {
        DefinedLinkTargets.all(excluding: base.id)
    }

    func append(_ editor: FormDesignerFieldEditor) {
        editors.append(editor)
        fieldsBox.append(editor.widget)
        editor.onChange = { [weak self] in self?.changed() }
        editor.onMove = { [weak self, unowned editor] step in self?.move(editor, by: step) }
        editor.onRemove = { [weak self, unowned editor] in self?.remove(editor) }
        editor.onRename = { [weak self, unowned editor] old, new in self?.rename(editor, from: old, to: new) }
    }

    /// Expressions that named the field `editor` by `old` name it by `new` (`FormDefinition.renaming`).
    private func rename(_ editor: FormDesignerFieldEditor, from old: String, to new: String) {
        var before = definition
        let id = editor.definition.id
        guard let index = before.fields.firstIndex(where: { $0.id == id }) else { return }
        before.fields[index].label = old
        let after = before.renaming(id, to: new)
        for other in editors where other !== editor {
            guard let expression = after.field(other.definition.id)?.expression,
                  expression != other.expressionEntry.text else { continue }
            other.expressionEntry.text = expression
        }
    }

    /// Add Field: a text field at the end, its name focused.
    func addField() {
        // Translators: the name a field added in the designer starts with: "Field 4".
        let field = FieldDefinition(label: tr("Field {number}", ["number": String(editors.count + 1)]), kind: .text(.plain))
        let editor = FormDesignerFieldEditor(field, joined: false, width: 1, linkTargets: linkTargets)
        append(editor)
        changed()
        editor.focus()
        // Polite, as each of the designer's own steps: the result of what the person did.
        Announcer.of(window).announce(tr("Field added: {name}", ["name": field.label]), .polite)
    }

    /// Moves `editor` `step` places (−1 up, 1 down), keeping the focus where it was.
    func move(_ editor: FormDesignerFieldEditor, by step: Int) {
        guard let index = editors.firstIndex(where: { $0 === editor }), editors.indices.contains(index + step) else { return }
        editors.swapAt(index, index + step)
        for each in editors { fieldsBox.remove(each.widget) }
        for each in editors { fieldsBox.append(each.widget) }
        changed()
        _ = (step < 0 ? editor.moveUpButton : editor.moveDownButton).grabFocus()
        Announcer.of(window).announce(tr("{name} moved to place {place} of {count}",
                                         ["name": editor.definition.label, "place": String(index + step + 1),
                                          "count": String(editors.count)]), .polite)
    }

    /// Removes `editor`'s field; its values stay in the saved records, hidden.
    func remove(_ editor: FormDesignerFieldEditor) {
        guard let index = editors.firstIndex(where: { $0 === editor }) else { return }
        let field = editor.definition
        editors.remove(at: index)
        fieldsBox.remove(editor.widget)
        if base.field(field.id) != nil, !base.removed.contains(where: { $0.id == field.id }) { base.removed.append(field) }
        changed()
        showRemovedFields()
        if let next = editors.indices.contains(index) ? editors[index] : editors.last { next.focus() } else { _ = addButton.grabFocus() }
        Announcer.of(window).announce(tr("Field removed: {name}", ["name": field.label]), .polite)
    }

    /// The definition as the designer shows it now.
    var definition: FormDefinition {
        var definition = base
        definition.name = nameEntry.text.trimmingCharacters(in: .whitespaces)
        definition.fields = editors.map(\.definition)
        let present = Set(definition.fields.map(\.id))
        definition.removed = base.removed.filter { !present.contains($0.id) }
        var rows: [LayoutRow] = []
        for editor in editors {
            let cell = LayoutRow.Cell(editor.definition.id, width: editor.width)
            if editor.isJoined, !rows.isEmpty { rows[rows.count - 1].cells.append(cell) } else { rows.append(LayoutRow([cell])) }
        }
        definition.layout = rows
        return definition
    }

    func changed() {
        draftKeeper?.changed()
        for (index, editor) in editors.enumerated() {
            editor.moveUpButton.isSensitive = index > 0
            editor.moveDownButton.isSensitive = index < editors.count - 1
            editor.joinCheck.isSensitive = index > 0
        }
        if let previewSource { MainContext.remove(source: previewSource) }
        previewSource = MainContext.timeout(milliseconds: 250) { [weak self] in
            self?.previewSource = nil
            self?.rebuildPreview()
            return false
        }
    }

    /// Makes the preview again from the definition as it stands.
    func rebuildPreview() {
        if let preview { previewHolder.remove(preview.widget) }
        let definition = definition
        // A computed field's expression says what is wrong with it as it is typed.
        let problems = FormDesignerCheck.problems(of: definition)
        for editor in editors where editor.definition.expression != nil {
            let id = editor.definition.id
            editor.show(problem: problems.first { $0.field == id && $0.inExpression }?.message, inExpression: true)
        }
        let view = DefinedFormPreview.makeView(of: definition, context: context)
        previewHolder.append(view.widget)
        preview = view
        previewScroll.canFocus = !definition.fields.isEmpty
    }

    /// The preview as shown now.
    var previewForm: FormView<DefinedRecord>? { preview }

    /// Closes the designer after a save.
    func finish(saved definition: FormDefinition) {
        onSaved(definition)
        close()
    }

    /// Closes the designer after a save or a delete (no draft left), letting it go.
    func close() {
        draftKeeper?.discard()
        release()
        window.destroy()
    }
}
