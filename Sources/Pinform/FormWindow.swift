import CGtk
import Controls
import Gtk

/// The form window: typed records, shown once the PIN was entered. A switcher in the header
/// bar chooses the model (any of `ModelRegistry.models`), remembered in settings. Under the
/// form, its Save button, always in view, then the saved records of that model; database errors
/// show in a banner at the top, undo in a toast. Typed changes are never dropped without
/// asking: switching the model, closing or locking asks "Discard changes?" first.
@MainActor
final class FormWindow {
    let window: Window
    private unowned let application: PinformApplication
    private var modelButtons: [ToggleButton] = []
    /// Set while a toggle is put back by code, so that it is not taken as a click.
    private var isRevertingSwitch = false
    private(set) var page: FormWindowPage?
    private(set) var recordsPanel: RecordsPanelProtocol?
    private let banner = ErrorBanner()
    private let toast = Toast()
    private let content = Box(GTK_ORIENTATION_VERTICAL)

    /// Where saved values go; the Records list plugs in here. The window shows the last one
    /// saved either way.
    var onSave: (any FormModel) -> Void = { _ in }

    init(application: PinformApplication) {
        self.application = application
        window = Window(application: application.app)
        window.title = AppInfo.name
        let size = application.settings.windowSize
        window.setDefaultSize(width: size.width, height: size.height)
        if application.settings.isWindowMaximized { window.maximize() }
        let header = HeaderBar()
        header.setTitleWidget(makeSwitcher())
        header.packEnd(PrimaryMenu.button(unlocked: true))
        window.titlebar = header
        window.onCloseRequest { [weak self] in
            guard let self else { return false }
            if page?.isDirty == true {
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
        keys.propagationPhase = GTK_PHASE_CAPTURE
        keys.onKeyPressed { [weak self] key, _, modifiers in
            guard modifiers.rawValue & GDK_CONTROL_MASK.rawValue != 0 else { return false }
            switch Int32(key) {
            case GDK_KEY_s: self?.page?.save()
            case GDK_KEY_e: self?.recordsPanel?.export()
            case GDK_KEY_f: self?.recordsPanel?.focusSearch()
            case GDK_KEY_z: return self?.toast.performAction() ?? false
            default: return false
            }
            return true
        }
        window.add(keys)

        let column = Box(GTK_ORIENTATION_VERTICAL)
        column.append(banner.widget)
        content.expandsVertically = true
        column.append(content)
        // The toast floats over the bottom of the window instead of taking room from the form.
        let root = Overlay(child: column)
        toast.widget.setMargins(top: 0, bottom: 12, start: 12, end: 12)
        root.addOverlay(toast.widget)
        window.child = root

        show(ModelRegistry.model(forSettingsKey: application.settings.formModel).settingsKey)
    }

    /// Runs `action` at once when the form holds no unsaved changes; otherwise asks "Discard
    /// changes?" and runs it only on Discard.
    func whenChangesAreSettled(_ action: @escaping () -> Void) {
        guard page?.isDirty == true else { return action() }
        DiscardChangesDialog.ask(over: window, onDiscard: action)
    }

    /// Shows `message` briefly over the bottom of the window (“PIN changed”, say).
    func showToast(_ message: String) {
        toast.show(message)
    }

    /// Remembers the window size for the next start.
    func saveState() {
        application.settings.isWindowMaximized = window.isMaximized
        if !window.isMaximized { application.settings.windowSize = window.defaultSize }
    }

    private func makeSwitcher() -> Widget {
        let switcher = Box(GTK_ORIENTATION_HORIZONTAL)
        switcher.addCSSClass("linked")
        switcher.setAccessibleLabel("Model")
        for model in ModelRegistry.models {
            let button = ToggleButton(label: model.title)
            if let first = modelButtons.first { button.joinGroup(of: first) }
            switcher.append(button)
            modelButtons.append(button)
            let key = model.settingsKey
            button.onToggled { [weak self, unowned button] in
                guard let self, button.isActive, !isRevertingSwitch else { return }
                switchModel(to: key)
            }
        }
        return switcher
    }

    /// The key of the model shown now.
    private var shownKey: String?

    /// Switches to the model saved under `key`, asking first when the form holds changes.
    private func switchModel(to key: String) {
        guard key != shownKey else { return }
        guard page?.isDirty == true else { return show(key) }
        // Back to the model shown until the person decides.
        let target = key
        setSwitch(to: shownKey)
        DiscardChangesDialog.ask(over: window) { [weak self] in self?.show(target) }
    }

    private func setSwitch(to key: String?) {
        isRevertingSwitch = true
        for (index, model) in ModelRegistry.models.enumerated() where model.settingsKey == key {
            modelButtons[index].isActive = true
        }
        isRevertingSwitch = false
    }

    /// Shows the form of the model saved under `key` in settings.
    private func show(_ key: String) {
        setSwitch(to: key)
        guard key != shownKey else { return }
        shownKey = key
        application.settings.formModel = key
        for child in content.arrangedChildren { content.remove(child) }
        banner.dismiss()
        toast.dismiss()
        makePage(ModelRegistry.model(forSettingsKey: key))
    }

    private func makePage<Model: RecordModel>(_ model: Model.Type) {
        let page = FormPage<Model>()
        let panel = RecordsPanel<Model>(records: application.records, window: window, toast: toast) { [unowned application] in
            application.settings.neutralizesFormulas
        }
        page.onSave = { [weak self, unowned panel] model in
            panel.insert(model)
            self?.onSave(model)
        }
        // The form takes the height it needs and scrolls when there is less; Save stays in view
        // under it; the list takes the rest.
        page.widget.expandsVertically = false
        content.append(page.widget)
        content.append(page.actionBar)
        content.append(panel.widget)
        self.page = page
        recordsPanel = panel
    }
}
