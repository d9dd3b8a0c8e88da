import ControlState
import Forms
import Gtk

/// A GTK entry that reads its text as a typed value: GenericUI's `UIInputField<T>`.
///
/// `output` is the text converted to `Output` (a `String` passes through, "" stays ""; other
/// types are parsed, nil when the text does not convert); setting it writes the value's
/// description. The input purpose reaches input methods as a `GtkInputPurpose` and hints.
///
/// ```swift
/// let age = InputField<UInt>()
/// age.entry.text = "26"
/// age.output          // 26
/// ```
@MainActor
public final class InputField<Output: StringTwoWayConvertible> {
    /// The GTK entry.
    public let entry: Entry

    /// The state engine styling the field.
    public let control = InputFieldControl()

    /// How numbers are read; the user's locale unless told otherwise.
    public var numberParsing: NumberParsing

    /// The kind of text expected, applied to the entry as GTK purpose and hints.
    public var purpose: InputPurpose {
        didSet { applyPurpose() }
    }

    /// A field on a new entry, or on `entry` (a native entry bound to a form).
    public init(entry: Entry = Entry(), purpose: InputPurpose = Output.defaultPurpose,
                numberParsing: NumberParsing = .current) {
        self.entry = entry
        self.purpose = purpose
        self.numberParsing = numberParsing
        applyPurpose()
        control.follow(entry)
        limitLength()
    }

    /// The text as typed; setting nil empties the entry.
    public var text: String? {
        get { entry.text }
        set { entry.text = newValue ?? "" }
    }

    /// Grey hint text shown while the entry is empty.
    public var placeholder: String? {
        get { entry.placeholder }
        set { entry.placeholder = newValue }
    }

    /// Refuses an insertion past `TextLimit.lineCharacters`, whole, and says so at the field
    /// (a warning icon with the message, the bell, and the message spoken) until the next change.
    private func limitLength() {
        entry.refuseInsertions(over: TextLimit.lineCharacters) { [unowned entry] length in
            let message = TextLimit.refusal(limit: TextLimit.lineCharacters, length: length)
            entry.showWarning(message)
            entry.errorBell()
            // Assertive: what was typed was refused, which the person must hear before typing on.
            Announcer.of(windowContaining: entry)?.announce(message, .assertive)
        }
        entry.onChanged { [unowned entry] in if entry.warning != nil { entry.showWarning(nil) } }
    }

    private func applyPurpose() {
        entry.inputPurpose = purpose.gtkPurpose
        entry.inputHints = purpose.gtkHints
    }
}

extension InputField: @MainActor FormInput {}

extension InputField: FormFieldView {
    /// The entry.
    public var view: Widget { entry }
    /// The entry.
    public var focusTarget: Widget { entry }
    /// None: a form adds an error line under a plain field.
    public var errorLine: Label? { nil }

    /// Calls `handler` after every change of the text.
    public func onEdited(_ handler: @escaping @MainActor () -> Void) {
        entry.onChanged(handler)
    }
}
