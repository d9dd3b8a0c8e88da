import Gtk
import Localization

/// A modal window that edits a model in a `FormView` and hands back the edited model, or nil
/// when cancelled: Save (and Ctrl+S) at the end of the header bar, Cancel (and Escape) at the
/// start, and no close button beside them — one way to close it, as GNOME's dialogs have.
///
/// The dialog loads the model into the form. Save is sensitive only while the form resolves
/// and differs from the model; Enter in a text field saves too. Cancel, Escape and closing the
/// window ask "Discard changes?" first when something was changed. The completion runs exactly
/// once, and the dialog keeps itself alive until then.
///
/// ```swift
/// FormDialog(title: "Edit Person", parent: window, form: Person.makeForm(), model: record.model) { edited in
///     if let edited { try? store.update(edited, id: record.id) }
/// }.present()
/// ```
@MainActor
public final class FormDialog<Model> {
    /// The dialog's window.
    public let window = Window()
    /// The form shown.
    public let form: FormView<Model>
    /// Saves and closes; sensitive while the form resolves.
    public let saveButton: Button
    /// Closes without saving.
    public let cancelButton = Button(label: tr("Cancel"))

    private let model: Model
    private var completion: ((Model?) -> Void)?
    private var keepAlive: FormDialog?

    /// A hidden dialog over `parent` editing `model` in `form` (built; the dialog loads `model`
    /// into it); `completion` gets the resolved model, or nil on Cancel.
    ///
    /// - Parameter model: what the form resolves into, so that what the form does not show
    ///   is kept.
    public init(title: String, parent: Window?, form: FormView<Model>, model: Model,
                saveLabel: String = tr("Save"), completion: @escaping (Model?) -> Void) {
        self.form = form
        self.model = model
        self.completion = completion
        saveButton = Button(label: saveLabel)

        window.title = title
        window.setTransient(for: parent)
        window.isModal = true
        window.destroysWithParent = true

        let header = HeaderBar()
        header.showsTitleButtons = false
        header.packStart(cancelButton)
        saveButton.addCSSClass("suggested-action")
        header.packEnd(saveButton)
        window.titlebar = header
        form.load(model)
        form.bindSensitivityToValidChange(of: saveButton)
        form.explainsInsensitivity(of: saveButton, tooltip: nil, requiringChange: true)

        form.widget.setMargins(18)
        let scrolled = ScrolledWindow()
        scrolled.child = form.widget
        scrolled.propagatesNaturalHeight = true
        window.child = scrolled
        window.setDefaultSize(width: 520, height: -1)
        // Long forms scroll rather than grow past a small screen.
        scrolled.setSizeRequest(width: -1, height: -1)

        cancelButton.onClicked { [weak self] in self?.cancelAsking() }
        saveButton.onClicked { [weak self] in self?.save() }
        for field in form.form.layout.placedFields {
            (form.input(for: field)?.focusTarget as? Entry)?.onActivate { [weak self] in self?.save() }
        }
        let keys = KeyController()
        keys.propagationPhase = .capture
        keys.onKeyPressed { [weak self] key, _, modifiers in
            if key == Key.escape {
                self?.cancelAsking()
                return true
            }
            // Ctrl+S saves here as in the form window's form.
            guard modifiers.contains(.control), key == Key("s") else { return false }
            self?.save()
            return true
        }
        window.add(keys)
        window.onCloseRequest { [weak self] in
            guard let self, self.completion != nil else { return false }
            if form.isDirty {
                cancelAsking()
                return true
            }
            finish(with: nil, closing: false)
            return false
        }
    }

    /// Shows the dialog; it stays alive until it is saved or cancelled.
    public func present() {
        keepAlive = self
        window.present()
    }

    /// Whether the dialog was saved or cancelled already.
    public var isFinished: Bool { completion == nil }

    /// Saves, as the Save button does: when the form resolves, hands back the model and
    /// closes; otherwise shows what is wrong and leaves the dialog open.
    public func save() {
        guard completion != nil, case .success(let resolved) = form.resolve(model) else { return }
        finish(with: resolved, closing: true)
    }

    /// Closes without saving and without asking.
    public func cancel() {
        finish(with: nil, closing: true)
    }

    /// Closes without saving, as Cancel and Escape do: after asking "Discard changes?" when
    /// something was changed.
    public func cancelAsking() {
        guard completion != nil else { return }
        guard form.isDirty else { return cancel() }
        discardDialog = DiscardChangesDialog.ask(over: window) { [weak self] in self?.cancel() }
    }

    /// The "Discard changes?" dialog while it asks.
    public private(set) var discardDialog: DiscardChangesDialog?

    private func finish(with result: Model?, closing: Bool) {
        guard let completion else { return }
        self.completion = nil
        if closing { window.destroy() }
        completion(result)
        keepAlive = nil
    }
}
