import Forms
import Gtk
import Localization

/// A labelled date input: an entry that reads ISO 8601 or the user's locale's numeric date, and
/// a button that pops up a calendar to pick the day from.
///
/// Bind it to a `CalendarDate` (or an optional one, which empty text leaves nil):
///
/// ```swift
/// form.bind(DateInput(label: "Issue date"), to: \.issueDate)
/// ```
@MainActor
public final class DateInput {
    /// The typed entry.
    public let field: InputField<CalendarDate>
    /// The calendar in the popover.
    /// A group, so that its name ("Calendar") is heard.
    public let calendar = Calendar(role: .group)
    /// The button that opens the calendar.
    public let calendarButton: PopoverButton
    /// The label above the entry.
    public var label: Label { frame.label }
    /// The line under the entry that says what is wrong.
    public var errorLabel: Label { frame.errorLabel }

    private let frame: LabelledField
    /// The look of the error line, which the engine writes and holds weakly.
    private var errorPresentation: FieldErrorPresentation?

    /// A date input labelled `label`, showing dates in `numberParsing`'s locale.
    public init(label text: String, numberParsing: NumberParsing = .current) {
        field = InputField(purpose: .date, numberParsing: numberParsing)
        calendarButton = PopoverButton(iconName: "x-office-calendar-symbolic", content: calendar)
        calendarButton.tooltip = tr("Choose a date")
        calendarButton.setAccessibleLabel(tr("Choose a date"))
        calendar.setAccessibleLabel(tr("Calendar"))
        let row = Box(.horizontal, spacing: 6)
        field.entry.expandsHorizontally = true
        // Translators: the placeholder of a date field; {example} is a date such as 30.11.2026.
        field.entry.placeholder = tr("Like {example}", ["example": numberParsing.dateFormat.string(year: 2026, month: 11, day: 30)])
        row.append(field.entry)
        row.append(calendarButton)
        frame = LabelledField(label: text, content: row, target: field.entry)
        errorPresentation = field.control.presentErrors(of: field.entry, in: frame.errorLabel)

        calendarButton.onOpen { [weak self] in self?.calendarOpened() }
        calendar.onDaySelected { [weak self] in self?.dayPicked() }
    }

    /// The GTK entry.
    public var entry: Entry { field.entry }

    /// The text as typed; setting nil empties the entry.
    public var text: String? {
        get { field.text }
        set { field.text = newValue }
    }

    /// How dates are read and shown.
    public var numberParsing: NumberParsing { field.numberParsing }

    private var isSyncing = false

    /// Shows the entry's date (or the day the calendar holds) selected and with the keyboard's
    /// focus, so that Space picks it and the arrows move from it.
    private func calendarOpened() {
        isSyncing = true
        if let date = field.output {
            calendar.selectedDay = (date.year, date.month, date.day)
        } else {
            calendar.selectedDay = calendar.selectedDay
        }
        isSyncing = false
        focusSelectedDay(triesLeft: 20)
    }

    /// Moves the calendar's keyboard focus to the selected day once the popover has laid it
    /// out (GTK 4.18, as 4.8, would start on the grid's first cell).
    private func focusSelectedDay(triesLeft: Int) {
        _ = MainContext.timeout(milliseconds: 16) { [weak self] in
            guard let self, calendarButton.isOpen else { return false }
            isSyncing = true
            let focused = calendar.focusSelectedDay()
            isSyncing = false
            if !focused, triesLeft > 0 { focusSelectedDay(triesLeft: triesLeft - 1) }
            return false
        }
    }

    private func dayPicked() {
        guard !isSyncing, calendarButton.isOpen else { return }
        let day = calendar.selectedDay
        guard CalendarDate.isValid(year: day.year, month: day.month, day: day.day) else { return }
        text = CalendarDate(year: day.year, month: day.month, day: day.day).formatted(using: numberParsing)
        calendarButton.popdown()
        _ = field.entry.grabFocus()
    }
}

extension DateInput: @MainActor FormInput {
    public typealias Output = CalendarDate
}

extension DateInput: FormFieldView {
    /// The label, entry, calendar button and error line.
    public var view: Widget { frame.container }
    /// The entry.
    public var focusTarget: Widget { field.entry }
    /// The state engine styling the input.
    public var control: InputFieldControl { field.control }
    /// The input's own error line.
    public var errorLine: Label? { frame.errorLabel }

    /// Calls `handler` after every change of the text, typed or picked.
    public func onEdited(_ handler: @escaping @MainActor () -> Void) {
        field.entry.onChanged(handler)
    }
}
