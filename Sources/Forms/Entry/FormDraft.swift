import Localization

/// What is typed in a form, as it is typed: the raw text of each input and the rows of each
/// list with their identities — a value to keep as a draft and to restore exactly
/// (``Form/draft()``, ``Form/restore(_:)``), so that a crash, a kill or Lock loses nothing.
///
/// It is `Codable`; where it is kept (the app seals it in its store) is not the form's concern.
/// Texts are kept as typed, wrong ones included, so that the person finds their form as left.
public struct FormDraft: Codable, Hashable, Sendable {
    /// One bound field of the form, in binding order.
    public enum Field: Codable, Hashable, Sendable {
        /// A view or a computed field: nothing typed.
        case none
        /// An input's text (nil when it had none).
        case text(String?)
        /// A list's rows, in order.
        case rows([Row])
    }

    /// One row of a list: its identity and what is typed in it.
    public struct Row: Codable, Hashable, Sendable {
        /// The row's identity in its list.
        public var id: RowID
        /// What is typed in the row's form.
        public var form: FormDraft

        /// A row with identity `id` and what is typed in it.
        public init(id: RowID, form: FormDraft) {
            self.id = id
            self.form = form
        }
    }

    /// A draft that does not fit the form it is restored into (the form changed since).
    public struct Mismatch: Error, Hashable, Sendable, CustomStringConvertible {
        /// What to tell people.
        public var description: String {
            tr("The unsaved draft no longer fits this form")
        }
    }

    /// Every bound field, in binding order.
    public var fields: [Field]

    /// A draft of `fields`, in binding order.
    public init(fields: [Field]) {
        self.fields = fields
    }
}
