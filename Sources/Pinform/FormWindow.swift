import Controls
import Gtk
import Localization
import PinformCore
import PinformModels

/// The form window: typed records, shown once the PIN was entered. Each model of
/// `ModelRegistry.models` has its page in a view stack, chosen by a view switcher in the header
/// bar — or, under `narrowWidth`, by a switcher bar at the bottom (a breakpoint). The model last
/// shown is remembered in settings and opens first.
///
/// A page (`RecordsPage`) holds the saved records of that model and, beside them on a wide
/// window or in their place on a narrow one, the form with its Save button (always in view).
/// New (the `+` button, Ctrl+N) opens the form; Ctrl+1…Ctrl+9 show the models in their order.
/// Pages are made when first shown and then kept: switching models loses nothing typed. Typed
/// changes are never dropped without asking: closing asks "Discard changes?" first when any
/// page holds some; Lock keeps them as encrypted drafts, offered back after unlocking. A
/// records file that cannot be opened shows a status page in the list's place; errors, notices and undo are toasts.
@MainActor
final class FormWindow {
    let window: ApplicationWindow
    private let settings: AppSettings
    /// The records of every page, open while unlocked.
    private let records: RecordsDatabase
    let stack = ViewStack()
    private let switcher: ViewSwitcher
    private let switcherBar: ViewSwitcherBar
    /// Applies under `narrowWidth`: the switcher bar at the bottom instead of the header's.
    private let narrow = Breakpoint(maximumWidth: FormWindow.narrowWidth)
    let toast = Toast()
    /// The pages made so far, by settings key.
    var pages: [String: RecordsPage] = [:]
    /// What the models' forms and lists look up: the other models' records, today.
    lazy var context = ModelContext(records: records)
    /// Opens the form of the model shown for a new record.
    let newButton = Button(iconName: "list-add-symbolic")

    /// Where saved values go; the Records list plugs in here. The window shows the last one
    /// saved either way.
    var onSave: (any FormModel) -> Void = { _ in }
    /// Asked when the window is closed with nothing unsaved: returns true when it took over
    /// (a dialog), and then calls `close` to close the window after all.
    var confirmsClosing: ((_ close: @escaping @MainActor () -> Void) -> Bool)?

    /// The widest the window is with its view switcher at the bottom, in scaled pixels: the
    /// header's switcher (three models with their titles) and its buttons no longer fit.
    static var narrowWidth: Double { 550 }

    /// A window of `application` over the unlocked `records`; the window size and the model
    /// shown are kept in `settings`.
    init(application: Application, settings: AppSettings, records: RecordsDatabase) {
        self.settings = settings
        self.records = records
        window = ApplicationWindow(application: application)
        window.title = AppInfo.name
        let size = settings.windowSize
        window.setDefaultSize(width: size.width, height: size.height)
        if settings.isWindowMaximized { window.maximize() }

        DefinedForms.shared.load(from: records)
        for model in ModelRegistry.models {
            // Filled when first shown (see `showPage`): the other models cost nothing until then.
            let holder = Box(.vertical)
            stack.add(holder, name: model.settingsKey, title: model.title, iconName: model.iconName)
        }
        switcher = ViewSwitcher(stack: stack)
        switcherBar = ViewSwitcherBar(stack: stack)
        // Translators: what a screen reader calls the buttons that choose the model (Person, Size, Invoice).
        let switcherName = tr("Model")
        switcher.accessibleName = switcherName
        switcherBar.accessibleName = switcherName

        let header = AdwaitaHeaderBar()
        header.setTitleWidget(switcher)
        newButton.setAccessibleLabel(tr("New"))
        // Not labelled by its image, which GTK 4.8 names "GtkImage" for screen readers.
        newButton.resetAccessibleLabelledBy()
        newButton.tooltip = tr("New record (Ctrl+N)")
        header.packStart(newButton)
        header.packEnd(PrimaryMenu.button(unlocked: true))

        let toolbarView = ToolbarView()
        toolbarView.addTopBar(header)
        stack.expandsVertically = true
        toolbarView.content = stack
        toolbarView.addBottomBar(switcherBar)
        // Toasts float over the bottom of the window instead of taking room from the form.
        toast.widget.child = toolbarView
        window.content = toast.widget

        // Narrow, the bar at the bottom takes over and the header shows the window title.
        narrow.addSetter(switcherBar, "reveal", true)
        narrow.addSetter(header, "title-widget", widget: nil)
        // The narrowest a GNOME window gets (the HIG's 360 × 294): the breakpoints lay the
        // content out at this size whatever it asks.
        window.setSizeRequest(width: 360, height: 294)
        window.addBreakpoint(narrow)

        window.onCloseRequest { [weak self] in
            guard let self else { return false }
            if showDirtyPage() {
                DiscardChangesDialog.ask(over: window) { [weak self] in
                    guard let self else { return }
                    context.discardAllDrafts()
                    saveState()
                    window.destroy()
                }
                return true
            }
            if let confirmsClosing, confirmsClosing({ [weak self] in
                self?.saveState()
                self?.window.destroy()
            }) { return true }
            saveState()
            return false
        }

        let keys = KeyController()
        keys.propagationPhase = .capture
        keys.onKeyPressed { [weak self] key, _, modifiers in
            guard modifiers.contains(.control) else { return false }
            if let digit = Self.modelNumber(of: key) {
                return self?.showModel(number: digit) ?? false
            }
            switch key {
            case Key("n"): self?.newRecord()
            case Key("s"), .return, .keypadEnter, .isoEnter:
                // Ctrl+Enter saves and starts the next record, as Ctrl+S; in a multi-line field
                // it moves on to the next field (the form's own keys).
                if key != Key("s"), self?.window.focusWidget is TextView { return false }
                // The form comes into view first on a narrow window, so that what it says shows.
                if self?.recordsPage?.showsForm == false { self?.recordsPage?.showForm() }
                self?.page?.save()
            case Key("e"): self?.recordsPanel?.export()
            case Key("f"): self?.recordsPanel?.focusSearch()
            case Key("z"):
                guard let self else { return false }
                if toast.performAction() { return true }
                // After the toast: the last delete, from the records (in the form, Ctrl+Z
                // undoes typing).
                guard let page = recordsPage, page.recordsHaveFocus else { return false }
                return page.panel.undoLastDeletion()
            default: return false
            }
            return true
        }
        window.add(keys)

        newButton.onClicked { [weak self] in self?.newRecord() }

        let first = ModelRegistry.model(forSettingsKey: settings.formModel).settingsKey
        stack.visibleChildName = first
        showPage(first)
        stack.onVisibleChildChanged { [weak self] in
            guard let self, let key = stack.visibleChildName else { return }
            showPage(key)
        }
        showPageWithDraft()
        followDefinedForms()
    }

    /// The settings key of the model shown.
    var shownKey: String? { stack.visibleChildName }

    /// The page shown.
    var page: FormWindowPage? { shownKey.flatMap { pages[$0]?.page } }

    /// The records and form of the model shown.
    var recordsPage: RecordsPage? { shownKey.flatMap { pages[$0] } }

    /// The records panel of the page shown.
    var recordsPanel: RecordsPanelProtocol? { shownKey.flatMap { pages[$0]?.panel } }

    /// Whether any page holds typed changes that were not saved.
    var isDirty: Bool { pages.values.contains { $0.page.isDirty } }

    /// Shows the model saved under `key` in settings, as its switcher button would.
    func show(_ key: String) {
        stack.visibleChildName = key
    }

    /// New (Ctrl+N): the form of the model shown, with the focus in its first field.
    func newRecord() {
        recordsPage?.showForm()
    }

    /// Ctrl+1…Ctrl+9: shows the model of that number in the switcher's order.
    /// - Returns: Whether there is such a model.
    @discardableResult
    func showModel(number: Int) -> Bool {
        let names = stack.pageNames
        guard names.indices.contains(number - 1) else { return false }
        show(names[number - 1])
        return true
    }

    /// The digit of Ctrl+1…Ctrl+9 (the keypad's too), else nil.
    private static func modelNumber(of key: Key) -> Int? {
        let digits: [Key] = [Key("1"), Key("2"), Key("3"), Key("4"), Key("5"), Key("6"), Key("7"), Key("8"), Key("9")]
        let keypad: [Key] = [.keypad1, .keypad2, .keypad3, .keypad4, .keypad5, .keypad6, .keypad7, .keypad8, .keypad9]
        if let index = digits.firstIndex(of: key) ?? keypad.firstIndex(of: key) { return index + 1 }
        return nil
    }

    /// Runs `action` at once when no page holds unsaved changes; otherwise shows the page that
    /// does, asks "Discard changes?" and runs it only on Discard.
    func whenChangesAreSettled(_ action: @escaping () -> Void) {
        guard showDirtyPage() else { return action() }
        DiscardChangesDialog.ask(over: window) { [weak self] in
            self?.context.discardAllDrafts()
            action()
        }
    }

    /// Shows `message` briefly over the bottom of the window (“PIN changed”, say).
    func showToast(_ message: String) {
        toast.show(message)
    }

    /// Remembers the window size for the next start.
    func saveState() {
        settings.isWindowMaximized = window.isMaximized
        if !window.isMaximized { settings.windowSize = window.defaultSize }
    }

    /// Shows a page with unsaved changes (the one shown, if it has some), so that the question
    /// that follows is about what the person sees.
    /// - Returns: Whether any page has unsaved changes.
    func showDirtyPage() -> Bool {
        if page?.isDirty == true { return true }
        guard let key = stack.pageNames.first(where: { pages[$0]?.page.isDirty == true }) else { return false }
        show(key)
        return true
    }

    /// Makes the page of `key` when it is first shown, and remembers it as the model to open.
    func showPage(_ key: String) {
        settings.formModel = key
        // An Undo belongs to the list it was offered for.
        toast.dismiss()
        if pages[key] == nil, let holder = stack.page(named: key) as? Box {
            makePage(ModelRegistry.model(forSettingsKey: key), in: holder)
        }
        // The pages not shown are hidden inside their holders (which the stack and its
        // switchers need visible): what they hold is then not visible to assistive
        // technologies either, while they keep what was typed.
        for (pageKey, made) in pages { made.widget.isVisible = pageKey == key }
    }

    /// Opens every page's records again, e.g. once this desk joined or left a shared database.
    func reconnectRecords() {
        // The forms made in the app are the shared database's once joined, the file's once left.
        DefinedForms.shared.load(from: records)
        for made in pages.values { made.panel.reconnect() }
    }

    private func makePage<Model: FormModel>(_ model: Model.Type, in holder: Box) {
        let page = FormPage<Model>(context: context)
        let panel = RecordsPanel<Model>(records: records, context: context, window: window, toast: toast) { [settings] in
            settings.neutralizesFormulas
        }
        let made = RecordsPage(title: Model.title, page: page, panel: panel)
        page.onSave = { [weak self, unowned panel, unowned made] model in
            panel.insert(model)
            made.saved()
            self?.onSave(model)
        }
        holder.append(made.widget)
        pages[Model.settingsKey] = made
    }
}
