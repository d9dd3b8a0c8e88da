import Gtk

/// What an invalid field looks like, as one Bool the engine can bind: GTK's `error` style class
/// on the input, its invalid state for assistive technologies linked to the error line, and the
/// error line itself.
@MainActor
final class FieldErrorPresentation {
    private let input: Widget
    private let line: Label

    /// Whether the field shows its error.
    var isShown = false {
        didSet {
            guard isShown != oldValue else { return }
            input.setCSSClass("error", isShown)
            input.setAccessibleInvalid(isShown)
            line.isVisible = isShown
            if isShown {
                input.setAccessibleErrorMessage(line)
                // Screen readers read the description with the name; the error relation alone
                // is not announced by most of them yet.
                input.setAccessibleDescribedBy(line)
            } else {
                input.setAccessibleErrorMessage(nil)
                input.resetAccessibleDescribedBy()
            }
        }
    }

    init(input: Widget, line: Label) {
        self.input = input
        self.line = line
        line.isVisible = false
        input.setAccessibleInvalid(false)
    }
}

extension InputFieldControl {
    /// Shows `line` and marks `input` invalid exactly while the control is `invalidInput`.
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
