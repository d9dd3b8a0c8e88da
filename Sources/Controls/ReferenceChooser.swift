import Forms
import Gtk
import Localization

/// A field that refers to a record of another model (a `RecordRef<Target>`): type to filter
/// that model's records, Up and Down to go through the matches, Enter to choose one — keyboard
/// only. The entry then shows the record's summary; the input's text is the record's id.
///
/// ```swift
/// let customer = ReferenceChooser(label: "Customer", lookup: people)
/// form.bind(customer, to: \.customer, rules: [.exists(in: people)])
/// ```
///
/// The lookup is asked for at most `limit` matches a keystroke, so a model of 100,000 records
/// costs what its search costs, not a list of them all.
@MainActor
public final class ReferenceChooser<Target> {
    /// Where records are searched and summarised.
    public let lookup: any RecordLookup<Target>
    /// What people type to filter, and read the chosen record's summary in.
    public let entry = Entry()
    /// The matches of what is typed, one button each, shown while searching.
    public let matchesBox = Box(.vertical, spacing: 0)
    /// The state engine styling the field.
    public let control = InputFieldControl()
    /// The most matches shown at once.
    public var limit = 8

    /// The record chosen; nil when none.
    public private(set) var record: RecordRef<Target>?
    /// The matches shown now, best first.
    public private(set) var matches: [RecordMatch<Target>] = []
    /// The match Enter chooses now; `matches.count` is "Add new…" when it is offered.
    public private(set) var highlighted: Int?
    /// "Add new…": when set, the matches end with it (also when nothing matches), and choosing
    /// it calls this with what was typed and a completion that chooses the record made (nil:
    /// nothing was made). The other model's form opens over the form, which keeps what is typed.
    public var onAddNew: ((String, @escaping @MainActor (RecordMatch<Target>?) -> Void) -> Void)?

    private let frame: LabelledField
    /// Every handler given to `onEdited`, in order (the form's, then a page's, say).
    private var editedHandlers: [@MainActor () -> Void] = []
    /// True while the entry shows a summary the program wrote, not what people typed.
    private var showingSummary = false
    /// The choice Enter makes, as last announced (nil while no match is shown).
    private var spokenChoice: String?

    /// A chooser labelled `label` over `lookup`'s records.
    public init(label text: String, lookup: any RecordLookup<Target>) {
        self.lookup = lookup
        let content = Box(.vertical, spacing: 2)
        content.append(entry)
        content.append(matchesBox)
        matchesBox.isVisible = false
        matchesBox.addCSSClass("reference-matches")
        frame = LabelledField(label: text, content: content, target: entry)
        control.follow(entry)
        entry.onChanged { [weak self] in self?.typed() }
        // A search left unfinished is given up; an entry left empty clears the choice.
        let focus = FocusController()
        focus.onLeave { [weak self] in self?.searchEnded() }
        entry.add(focus)
        let keys = KeyController()
        keys.propagationPhase = .capture
        keys.onKeyPressed { [weak self] key, _, modifiers in self?.handleKey(key, modifiers) ?? false }
        entry.add(keys)
    }

    /// The label above the entry.
    public var label: Label { frame.label }

    /// The chosen record's id ("" when none). Setting it shows the record's summary, or "This
    /// record no longer exists" for a missing one.
    public var text: String? {
        get { record?.description ?? "" }
        set {
            record = newValue.flatMap { RecordRef<Target>($0) }
            showSummary()
            edited()
        }
    }

    /// Chooses `match`: the entry shows its summary and the form is told.
    public func choose(_ match: RecordMatch<Target>) {
        record = match.record
        showSummary()
        edited()
    }

    /// What a key does in the entry: Up and Down move through the matches, Enter chooses the
    /// highlighted one, Escape gives up the search; Enter in an emptied entry clears the
    /// choice. Other keys type.
    func handleKey(_ key: Key, _ modifiers: Modifiers) -> Bool {
        guard modifiers.intersection([.control, .alt, .super]).isEmpty else { return false }
        let options = matchesBox.arrangedChildren.count
        if options == 0 {
            // Enter on an emptied entry clears the choice (and the form moves on).
            if key == .return || key == .keypadEnter, entry.text.isEmpty, record != nil { searchEnded() }
            return false
        }
        switch key {
        case .down:
            highlight(((highlighted ?? -1) + 1) % options)
            return true
        case .up:
            highlight(((highlighted ?? options) - 1 + options) % options)
            return true
        case .return, .keypadEnter, .isoEnter:
            let index = highlighted ?? 0
            if index < matches.count { choose(matches[index]) } else { addNew() }
            return true
        case .escape:
            showSummary()
            return true
        default:
            return false
        }
    }

    /// Typing searches; it never changes the choice by itself (setting an entry's text passes
    /// through "" on its way).
    private func typed() {
        guard !showingSummary else { return }
        show(lookup.search(entry.text, limit: limit), offeringNew: true)
    }

    /// Opens the other model's form ("Add new…") with what was typed; the record made is chosen.
    public func addNew() {
        guard let onAddNew else { return }
        let typed = entry.text
        show([])
        onAddNew(typed) { [weak self] made in
            guard let self else { return }
            if let made { choose(made) } else { showSummary() }
            _ = entry.grabFocus()
        }
    }

    private func searchEnded() {
        if entry.text.isEmpty, record != nil {
            record = nil
            show([])
            edited()
        } else {
            showSummary()
        }
    }

    private func show(_ found: [RecordMatch<Target>], offeringNew: Bool = false) {
        matches = found
        for child in matchesBox.arrangedChildren { matchesBox.remove(child) }
        for match in found {
            // Wrapped: a long summary would make the window as wide as its whole text.
            let button = Button(wrappingLabel: match.summary)
            button.isFocusable = false
            button.onClicked { [weak self] in self?.choose(match) }
            matchesBox.append(button)
        }
        if onAddNew != nil, offeringNew, !entry.text.isEmpty {
            // Translators: the last choice of a customer (or any record) chooser: makes a new record.
            let button = Button(label: tr("Add new…"))
            button.isFocusable = false
            button.onClicked { [weak self] in self?.addNew() }
            matchesBox.append(button)
        }
        let options = matchesBox.arrangedChildren.count
        matchesBox.isVisible = options > 0
        highlight(options == 0 ? nil : 0)
    }

    private func highlight(_ index: Int?) {
        highlighted = index
        for (position, button) in matchesBox.arrangedChildren.enumerated() {
            button.setCSSClass("highlighted", position == index)
            button.setAccessibleSelected(position == index)
        }
        let choice = index.map { $0 < matches.count ? matches[$0].summary : tr("Add new…") }
        // Which record Enter chooses, when that changes; polite: it follows the typing.
        if let choice, choice != spokenChoice {
            Announcer.of(windowContaining: entry)?.announce(choice, .polite)
        }
        spokenChoice = choice
    }

    private func showSummary() {
        showingSummary = true
        entry.text = record.map { lookup.summary(of: $0) ?? tr("This record no longer exists") } ?? ""
        showingSummary = false
        show([])
    }
}

extension ReferenceChooser: @MainActor FormInput {
    public typealias Output = RecordRef<Target>
}

extension ReferenceChooser: FormFieldView {
    /// The label, entry, matches and error line.
    public var view: Widget { frame.container }
    /// The entry.
    public var focusTarget: Widget { entry }
    /// The frame's error line.
    public var errorLine: Label? { frame.errorLabel }
    /// Calls `handler` when a record is chosen or the choice cleared (not on each keystroke of
    /// the search).
    public func onEdited(_ handler: @escaping @MainActor () -> Void) {
        editedHandlers.append(handler)
    }

    private func edited() {
        for handler in editedHandlers { handler() }
    }
}
