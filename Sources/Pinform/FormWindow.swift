import Controls
import Gtk
import Localization
import PinformCore

/// The form window: typed records, shown once the PIN was entered. Each model of
/// `ModelRegistry.models` has its page in a view stack, chosen by a view switcher in the header
/// bar — or, when the window is too narrow for it, by a switcher bar at the bottom. The model
/// last shown is remembered in settings and opens first.
///
/// A page holds the form, its Save button (always in view) and the saved records of that model.
/// Pages are made when first shown and then kept: switching models loses nothing typed. Typed
/// changes are never dropped without asking: closing or locking asks "Discard changes?" first
/// when any page holds some. A records file that cannot be opened shows a status page in the
/// list's place; errors, notices and undo are toasts.
@MainActor
final class FormWindow {
    let window: ApplicationWindow
    private let settings: AppSettings
    /// The records of every page, open while unlocked.
    private let records: RecordsDatabase
    private let stack = ViewStack()
    private let switcherTitle: ViewSwitcherTitle
    private let switcherBar: ViewSwitcherBar
    private let toast = Toast()
    /// The pages made so far, by settings key, each with its records panel and the box that
    /// holds both.
    private var pages: [String: (page: FormWindowPage, panel: RecordsPanelProtocol, content: Box)] = [:]

    /// Where saved values go; the Records list plugs in here. The window shows the last one
    /// saved either way.
    var onSave: (any FormModel) -> Void = { _ in }

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

        for model in ModelRegistry.models {
            // Filled when first shown (see `showPage`): the other models cost nothing until then.
            let holder = Box(.vertical)
            stack.add(holder, name: model.settingsKey, title: model.title, iconName: model.iconName)
        }
        switcherTitle = ViewSwitcherTitle(stack: stack, title: AppInfo.name)
        switcherBar = ViewSwitcherBar(stack: stack)
        // Translators: what a screen reader calls the buttons that choose the model (Person, Size, Invoice).
        let switcherName = tr("Model")
        switcherTitle.accessibleName = switcherName
        switcherBar.accessibleName = switcherName

        let header = AdwaitaHeaderBar()
        header.setTitleWidget(switcherTitle)
        header.packEnd(PrimaryMenu.button(unlocked: true))

        let column = Box(.vertical)
        column.append(header)
        stack.expandsVertically = true
        column.append(stack)
        column.append(switcherBar)
        // Toasts float over the bottom of the window instead of taking room from the form.
        toast.widget.child = column
        window.content = toast.widget

        // The bar at the bottom takes over when the header has no room for the switcher
        // (libadwaita 1.2's adaptive pattern: no breakpoints yet).
        switcherBar.isRevealed = switcherTitle.isTitleVisible
        switcherTitle.onTitleVisibleChanged { [weak self] in
            guard let self else { return }
            switcherBar.isRevealed = switcherTitle.isTitleVisible
        }

        window.onCloseRequest { [weak self] in
            guard let self else { return false }
            if showDirtyPage() {
                DiscardChangesDialog.ask(over: window) { [weak self] in
                    guard let self else { return }
                    saveState()
                    window.destroy()
                }
                return true
            }
            saveState()
            return false
        }

        let keys = KeyController()
        keys.propagationPhase = .capture
        keys.onKeyPressed { [weak self] key, _, modifiers in
            guard modifiers.contains(.control) else { return false }
            switch key {
            case Key("s"): self?.page?.save()
            case Key("e"): self?.recordsPanel?.export()
            case Key("f"): self?.recordsPanel?.focusSearch()
            case Key("z"): return self?.toast.performAction() ?? false
            default: return false
            }
            return true
        }
        window.add(keys)

        let first = ModelRegistry.model(forSettingsKey: settings.formModel).settingsKey
        stack.visibleChildName = first
        showPage(first)
        stack.onVisibleChildChanged { [weak self] in
            guard let self, let key = stack.visibleChildName else { return }
            showPage(key)
        }
    }

    /// The settings key of the model shown.
    var shownKey: String? { stack.visibleChildName }

    /// The page shown.
    var page: FormWindowPage? { shownKey.flatMap { pages[$0]?.page } }

    /// The records panel of the page shown.
    var recordsPanel: RecordsPanelProtocol? { shownKey.flatMap { pages[$0]?.panel } }

    /// Whether any page holds typed changes that were not saved.
    var isDirty: Bool { pages.values.contains { $0.page.isDirty } }

    /// Shows the model saved under `key` in settings, as its switcher button would.
    func show(_ key: String) {
        stack.visibleChildName = key
    }

    /// Runs `action` at once when no page holds unsaved changes; otherwise shows the page that
    /// does, asks "Discard changes?" and runs it only on Discard.
    func whenChangesAreSettled(_ action: @escaping () -> Void) {
        guard showDirtyPage() else { return action() }
        DiscardChangesDialog.ask(over: window, onDiscard: action)
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
    private func showDirtyPage() -> Bool {
        if page?.isDirty == true { return true }
        guard let key = stack.pageNames.first(where: { pages[$0]?.page.isDirty == true }) else { return false }
        show(key)
        return true
    }

    /// Makes the page of `key` when it is first shown, and remembers it as the model to open.
    private func showPage(_ key: String) {
        settings.formModel = key
        // An Undo belongs to the list it was offered for.
        toast.dismiss()
        if pages[key] == nil, let holder = stack.page(named: key) as? Box {
            makePage(ModelRegistry.model(forSettingsKey: key), in: holder)
        }
        // The pages not shown are hidden inside their holders (which the stack and its
        // switchers need visible): what they hold is then not visible to assistive
        // technologies either, while they keep what was typed.
        for (pageKey, made) in pages { made.content.isVisible = pageKey == key }
    }

    /// Opens every page's records again, e.g. once this desk joined or left a shared database.
    func reconnectRecords() {
        for made in pages.values { made.panel.reconnect() }
    }

    private func makePage<Model: FormModel>(_ model: Model.Type, in holder: Box) {
        let page = FormPage<Model>()
        let panel = RecordsPanel<Model>(records: records, window: window, toast: toast) { [settings] in
            settings.neutralizesFormulas
        }
        page.onSave = { [weak self, unowned panel] model in
            panel.insert(model)
            self?.onSave(model)
        }
        // The form takes the height it needs and scrolls when there is less; Save stays in view
        // under it; the list takes the rest.
        page.widget.expandsVertically = false
        let content = Box(.vertical)
        content.expandsVertically = true
        content.append(page.widget)
        content.append(page.actionBar)
        content.append(panel.widget)
        holder.append(content)
        pages[Model.settingsKey] = (page, panel, content)
    }
}
