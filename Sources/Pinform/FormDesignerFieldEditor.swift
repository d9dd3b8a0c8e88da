import Foundation
import FormDefinitions
import Gtk
import Localization

/// One field in the form designer: its name, kind, the settings of that kind (options,
/// currency, line item columns, link target, expression), its rules and its place in the
/// layout, with Move Up, Move Down (also Alt+Up, Alt+Down) and Remove. Every control is named
/// for screen readers; a problem shows under the control it is about.
@MainActor
final class FormDesignerFieldEditor {
    /// The card: the field's controls, with room around them.
    let widget = Box(.vertical)
    private let content = Box(.vertical, spacing: 6)
    let nameEntry = Entry()
    let kindDropDown = DropDown(items: FormDesignerKind.allCases.map(\.title))
    let optionsEntry = Entry()
    let currencyEntry = Entry()
    let columnsEntry = Entry()
    let linkDropDown: DropDown
    let expressionEntry = Entry()
    let expressionError = Label()
    let requiredCheck = CheckButton(label: tr("Required"))
    let minimumEntry = Entry()
    let maximumEntry = Entry()
    let shortestEntry = Entry()
    let longestEntry = Entry()
    let patternEntry = Entry()
    let patternMessageEntry = Entry()
    let joinCheck = CheckButton(label: tr("Join with the row above"))
    /// Shows the length and pattern rules of a text field (checked when one is set).
    let textRulesCheck = CheckButton(label: tr("Length or pattern rules"))
    let widthDropDown = DropDown(items: ["1", "2", "3", "4"])
    let moveUpButton = Button(iconName: "go-up-symbolic")
    let moveDownButton = Button(iconName: "go-down-symbolic")
    let removeButton = Button(iconName: "user-trash-symbolic")
    /// Under the name: what is wrong with this field, if anything.
    let problemLabel = Label()

    /// The field's stable identity and what the editor does not show.
    private var field: FieldDefinition
    private let linkTargets: [FormDefinition]
    private var kindRows: [FormDesignerKind: Widget] = [:]
    private let numberRules = Box(.horizontal, spacing: 12)
    private let textRules = Box(.vertical, spacing: 6)
    var onChange: () -> Void = {}
    var onMove: (Int) -> Void = { _ in }
    var onRemove: () -> Void = {}
    /// Told the old and the new name when the field's name changed.
    var onRename: (String, String) -> Void = { _, _ in }
    /// The name as last told.
    private var lastName = ""

    /// An editor of `field`; `linkTargets` are the forms a link can point to.
    init(_ field: FieldDefinition, joined: Bool, width: Int, linkTargets: [FormDefinition]) {
        self.field = field
        self.linkTargets = linkTargets
        // Translators: the link target drop-down's entry when no other form exists yet.
        linkDropDown = DropDown(items: linkTargets.isEmpty ? [tr("No other form yet")] : linkTargets.map(\.name))
        widget.addCSSClass("card")
        widget.addCSSClass("designer-field")
        content.setMargins(12)
        widget.append(content)

        let top = Box(.horizontal, spacing: 12)
        top.append(labelled(tr("Field name"), nameEntry, expand: true))
        top.append(labelled(tr("Kind"), kindDropDown, expand: false))
        content.append(top)
        problemLabel.addCSSClass("field-error")
        problemLabel.xAlign = 0
        problemLabel.wraps = true
        problemLabel.isVisible = false
        content.append(problemLabel)

        optionsEntry.placeholder = tr("Small, Medium, Large")
        kindRows[.choice] = labelled(tr("Options, separated by commas"), optionsEntry, expand: true)
        kindRows[.money] = labelled(tr("Currency"), currencyEntry, expand: true)
        columnsEntry.placeholder = tr("Description, Quantity: decimal, Price: money")
        kindRows[.lines] = labelled(tr("Columns, separated by commas"), columnsEntry, expand: true)
        kindRows[.link] = labelled(tr("Records of the form"), linkDropDown, expand: true)
        let expression = Box(.vertical, spacing: 4)
        expressionEntry.placeholder = tr("[Quantity] * [Price]")
        expression.append(labelled(tr("Expression"), expressionEntry, expand: true))
        expressionError.addCSSClass("field-error")
        expressionError.xAlign = 0
        expressionError.wraps = true
        expressionError.isVisible = false
        expression.append(expressionError)
        kindRows[.computed] = expression
        for kind in FormDesignerKind.allCases { if let row = kindRows[kind] { content.append(row) } }

        let rules = Box(.horizontal, spacing: 12)
        rules.append(requiredCheck)
        numberRules.append(labelled(tr("Minimum"), minimumEntry, expand: true))
        numberRules.append(labelled(tr("Maximum"), maximumEntry, expand: true))
        rules.append(numberRules)
        content.append(rules)
        let lengths = Box(.horizontal, spacing: 12)
        lengths.append(labelled(tr("Shortest length"), shortestEntry, expand: true))
        lengths.append(labelled(tr("Longest length"), longestEntry, expand: true))
        textRules.append(lengths)
        let pattern = Box(.horizontal, spacing: 12)
        pattern.append(labelled(tr("Pattern"), patternEntry, expand: true))
        pattern.append(labelled(tr("Message when it does not match"), patternMessageEntry, expand: true))
        textRules.append(pattern)
        content.append(textRulesCheck)
        content.append(textRules)

        let layout = Box(.horizontal, spacing: 12)
        layout.append(joinCheck)
        layout.append(labelled(tr("Width"), widthDropDown, expand: false))
        let spacer = Box(.horizontal)
        spacer.expandsHorizontally = true
        layout.append(spacer)
        moveUpButton.tooltip = tr("Move Up (Alt+Up)")
        moveDownButton.tooltip = tr("Move Down (Alt+Down)")
        removeButton.tooltip = tr("Remove")
        for button in [moveUpButton, moveDownButton, removeButton] { button.verticalAlignment = .end }
        for button in [moveUpButton, moveDownButton, removeButton] { layout.append(button) }
        content.append(layout)

        load(field, joined: joined, width: width)
        connect()
        nameButtons()
    }

    /// Names the buttons after the field, so that a screen reader says whose they are.
    private func nameButtons() {
        let name = nameEntry.text
        // Named by the label alone: GTK 4.8 adds the name of the icon a button is labelled by
        // (the designer's parts are named, its icons too), "Remove “Phone” Remove".
        for button in [moveUpButton, moveDownButton, removeButton] { button.resetAccessibleLabelledBy() }
        moveUpButton.setAccessibleLabel(tr("Move “{name}” up", ["name": name]))
        moveDownButton.setAccessibleLabel(tr("Move “{name}” down", ["name": name]))
        removeButton.setAccessibleLabel(tr("Remove “{name}”", ["name": name]))
    }

    private func labelled(_ text: String, _ control: Widget, expand: Bool) -> Widget {
        let box = Box(.vertical, spacing: 4)
        let label = Label(text)
        label.xAlign = 0
        label.addCSSClass("caption")
        label.setMnemonicWidget(control)
        control.setAccessibleLabelledBy(label)
        box.append(label)
        box.append(control)
        box.expandsHorizontally = expand
        return box
    }

    private func load(_ field: FieldDefinition, joined: Bool, width: Int) {
        nameEntry.text = field.label
        lastName = field.label
        kindDropDown.selectedIndex = FormDesignerKind(field.kind).rawValue
        switch field.kind {
        case .choice(let options): optionsEntry.text = options.joined(separator: ", ")
        case .money(let currency): currencyEntry.text = currency
        case .lines(let columns): columnsEntry.text = FormDesignerKind.text(of: columns)
        case .link(let form): linkDropDown.selectedIndex = linkTargets.firstIndex { $0.id == form } ?? 0
        case .computed(let expression): expressionEntry.text = expression
        default: break
        }
        if currencyEntry.text.isEmpty { currencyEntry.text = "EUR" }
        let rules = field.rules
        requiredCheck.isActive = rules.required
        minimumEntry.text = rules.minimum.map { "\($0)" } ?? ""
        maximumEntry.text = rules.maximum.map { "\($0)" } ?? ""
        shortestEntry.text = rules.minLength.map(String.init) ?? ""
        longestEntry.text = rules.maxLength.map(String.init) ?? ""
        patternEntry.text = rules.pattern ?? ""
        patternMessageEntry.text = rules.patternMessage ?? ""
        joinCheck.isActive = joined
        textRulesCheck.isActive = rules.minLength != nil || rules.maxLength != nil || rules.pattern != nil
        widthDropDown.selectedIndex = min(max(width, 1), 4) - 1
        showKindRows()
    }

    private func connect() {
        for entry in [nameEntry, optionsEntry, currencyEntry, columnsEntry, expressionEntry, minimumEntry, maximumEntry,
                      shortestEntry, longestEntry, patternEntry, patternMessageEntry] {
            entry.onChanged { [weak self] in self?.onChange() }
        }
        nameEntry.onChanged { [weak self] in
            guard let self else { return }
            nameButtons()
            let name = nameEntry.text.trimmingCharacters(in: .whitespaces)
            // Replacing the text passes through "": the name before it is the old one.
            guard name != lastName, !name.isEmpty else { return }
            let old = lastName
            lastName = name
            if !old.isEmpty { onRename(old, name) }
        }
        kindDropDown.onSelectionChanged { [weak self] in
            self?.showKindRows()
            self?.onChange()
        }
        for dropDown in [linkDropDown, widthDropDown] { dropDown.onSelectionChanged { [weak self] in self?.onChange() } }
        for check in [requiredCheck, joinCheck] { check.onToggled { [weak self] in self?.onChange() } }
        textRulesCheck.onToggled { [weak self] in
            self?.showKindRows()
            self?.onChange()
        }
        moveUpButton.onClicked { [weak self] in self?.onMove(-1) }
        moveDownButton.onClicked { [weak self] in self?.onMove(1) }
        removeButton.onClicked { [weak self] in self?.onRemove() }
        let keys = KeyController()
        keys.onKeyPressed { [weak self] key, _, modifiers in
            guard modifiers.contains(.alt), let self else { return false }
            switch key {
            case .up: onMove(-1)
            case .down: onMove(1)
            default: return false
            }
            return true
        }
        widget.add(keys)
    }

    private var kind: FormDesignerKind { FormDesignerKind(rawValue: kindDropDown.selectedIndex ?? 0) ?? .text }

    private func showKindRows() {
        for (rowKind, row) in kindRows { row.isVisible = rowKind == kind }
        numberRules.isVisible = kind.isNumber
        textRulesCheck.isVisible = kind.isText
        textRules.isVisible = kind.isText && textRulesCheck.isActive
        requiredCheck.isVisible = kind != .computed
    }

    /// The field as the editor shows it now.
    var definition: FieldDefinition {
        var field = self.field
        field.label = nameEntry.text.trimmingCharacters(in: .whitespaces)
        let old = field.kind
        field.kind = switch kind {
        case .text: .text(.plain)
        case .email: .text(.email)
        case .phone: .text(.phone)
        case .url: .text(.url)
        case .notes: .notes
        case .wholeNumber: .wholeNumber
        case .decimal: .decimal(places: 2)
        case .money: .money(currency: currencyEntry.text.trimmingCharacters(in: .whitespaces).uppercased())
        case .date: .date
        case .choice: .choice(options: optionsEntry.text.split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        case .yesNo: .yesNo
        case .lines: .lines(columns: FormDesignerKind.columns(from: columnsEntry.text, keeping: {
            if case .lines(let columns) = old { return columns } else { return [] }
        }()))
        case .link: .link(form: linkTargets.indices.contains(linkDropDown.selectedIndex ?? -1)
            ? linkTargets[linkDropDown.selectedIndex ?? 0].id : FormDefinitionID(""))
        case .computed: .computed(expression: expressionEntry.text)
        }
        let number = { (text: String) in Decimal(string: text.trimmingCharacters(in: .whitespaces), locale: Locale.current) }
        let count = { (text: String) in Int(text.trimmingCharacters(in: .whitespaces)) }
        field.rules = FieldRules(
            required: requiredCheck.isVisible && requiredCheck.isActive,
            minimum: kind.isNumber ? number(minimumEntry.text) : nil, maximum: kind.isNumber ? number(maximumEntry.text) : nil,
            minLength: textRulesShown ? count(shortestEntry.text) : nil, maxLength: textRulesShown ? count(longestEntry.text) : nil,
            pattern: textRulesShown && !patternEntry.text.isEmpty ? patternEntry.text : nil,
            patternMessage: textRulesShown && !patternMessageEntry.text.isEmpty ? patternMessageEntry.text : nil)
        return field
    }

    private var textRulesShown: Bool { kind.isText && textRulesCheck.isActive }
    var isJoined: Bool { joinCheck.isActive }
    var width: Int { (widthDropDown.selectedIndex ?? 0) + 1 }

    /// Shows `message` under the name (nil clears it); the expression's own error line for a
    /// computed field's expression.
    func show(problem message: String?, inExpression: Bool = false) {
        let line = inExpression ? expressionError : problemLabel
        line.text = message ?? ""
        line.isVisible = message != nil
        (inExpression ? expressionEntry : nameEntry).setAccessibleDescription(message ?? "")
    }

    /// Puts the focus on the name, or on the expression when the problem is there.
    func focus(expression: Bool = false) {
        _ = (expression ? expressionEntry : nameEntry).grabFocus()
    }
}
