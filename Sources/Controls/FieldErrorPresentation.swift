import Gtk

/// What an invalid field looks like, as one Bool the engine can bind: GTK's `error` style class
/// on the input, the error line under it, and for screen readers the error as the input's
/// description — read with the field whenever it gets the focus ("Age, Enter a whole number"),
/// and announced where the focus went when the field is left with it ("Age: Too old").
///
/// Not GTK's invalid state: GTK 4.8 exposes it as AT-SPI's `invalid`, which Orca 43 reads as
/// "this object is dead" and stops following the focus through the field.
@MainActor
final class FieldErrorPresentation {
    private let input: Widget
    private let line: Label
    /// The room the line takes while it is hidden, one line of its style high, so that the
    /// fields under it do not move when an error appears or goes (a message of more lines
    /// still pushes them down). A box, not an empty label: GTK 4.8 names an empty label
    /// "GtkLabel" for screen readers.
    private let room = Box(.vertical)

    /// Whether the field shows its error.
    var isShown = false {
        didSet {
            guard isShown != oldValue else { return }
            input.setCSSClass("error", isShown)
            line.isVisible = isShown
            room.isVisible = !isShown && hasRoom
            // Not "described by" the line as well: GTK 4.18 then takes the description from the
            // line's own (none) and drops the input's.
            input.setAccessibleErrorMessage(isShown ? line : nil)
            present()
        }
    }

    private var pending: UInt32 = 0
    private var hasRoom = false
    /// The input's description as last set here.
    private var description = ""

    /// - Precondition: `line` is in its place already (the room goes beside it).
    init(input: Widget, line: Label) {
        self.input = input
        self.line = line
        line.isVisible = false
        if line.hasParent {
            room.addCSSClass("field-error-room")
            room.insert(after: line)
            hasRoom = true
        }
        // A message that changes while shown ("Enter a whole number" → "Too old") is described too.
        line.onNotify("label") { [weak self] in
            guard let self, isShown else { return }
            present()
        }
    }

    /// Describes the input by its error once the focus has settled: an error found as the field
    /// is left is then said where the focus went, after that field is presented, instead of
    /// being cut short by it.
    private func present() {
        guard pending == 0 else { return }
        pending = MainContext.idle { [weak self] in
            guard let self else { return }
            pending = 0
            let description = isShown ? line.text : ""
            // Only on a change: Orca presents a change of the focused field's description, which
            // is how an error that changes while typing is heard there.
            guard self.description != description else { return }
            self.description = description
            input.setAccessibleDescription(description)
            if isShown && !input.containsFocus { announceElsewhere() }
        }
    }

    /// The field was left with an error: say so where the focus went, with the field's name.
    /// Assertive: a form error, to hear before typing on in the next field.
    private func announceElsewhere() {
        let message = input.mnemonicLabelText.map { "\($0): \(line.text)" } ?? line.text
        Announcer.of(windowContaining: input)?.announceIfQuiet(message, .assertive)
    }
}

extension InputFieldControl {
    /// Shows `line` and describes `input` by it exactly while the control is `invalidInput`.
    /// The engine holds the presentation weakly: whoever shows the input keeps it.
    @MainActor
    func presentErrors(of input: Widget, in line: Label) -> FieldErrorPresentation {
        let presentation = FieldErrorPresentation(input: input, line: line)
        setValue(true, for: presentation, \.isShown, for: .intersected(.invalidInput))
        return presentation
    }

    /// Follows GTK's focus and sensitivity of `widget`.
    @MainActor
    func follow(_ widget: Widget) {
        let focus = FocusController()
        focus.onEnter { [weak self] in self?.isFocused = true }
        focus.onLeave { [weak self] in self?.isFocused = false }
        widget.add(focus)
        isEnabled = widget.isSensitive
        widget.onNotify("sensitive") { [weak self, unowned widget] in self?.isEnabled = widget.isSensitive }
    }
}
