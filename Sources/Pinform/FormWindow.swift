import CGtk
import Controls
import Gtk

/// The form window: typed records, shown once the PIN was entered. A switcher in the header
/// bar chooses the model (Person or Size), remembered in settings. Under the form, the saved
/// records of that model; database errors show in a banner at the top, undo in a toast.
@MainActor
final class FormWindow {
    let window: Window
    private unowned let application: PinformApplication
    private let personButton = ToggleButton(label: Person.title)
    private let sizeButton = ToggleButton(label: Size.title)
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
            self?.saveState()
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

        show(application.settings.formModel == Size.settingsKey ? Size.settingsKey : Person.settingsKey)
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
        sizeButton.joinGroup(of: personButton)
        switcher.append(personButton)
        switcher.append(sizeButton)
        personButton.onToggled { [weak self] in if let self, personButton.isActive { show(Person.settingsKey) } }
        sizeButton.onToggled { [weak self] in if let self, sizeButton.isActive { show(Size.settingsKey) } }
        return switcher
    }

    /// Shows the form of the model saved under `key` in settings.
    private func show(_ key: String) {
        let isPerson = key == Person.settingsKey
        if personButton.isActive != isPerson { personButton.isActive = isPerson }
        if sizeButton.isActive == isPerson { sizeButton.isActive = !isPerson }
        if let page, (page is FormPage<Person>) == isPerson { return }
        application.settings.formModel = key
        for child in content.arrangedChildren { content.remove(child) }
        banner.dismiss()
        toast.dismiss()
        if isPerson { makePage(Person.self) } else { makePage(Size.self) }
    }

    private func makePage<Model: RecordModel>(_ model: Model.Type) {
        let page = FormPage<Model>()
        let panel = RecordsPanel<Model>(records: application.records, window: window, banner: banner, toast: toast)
        page.onSave = { [weak self, unowned panel] model in
            panel.insert(model)
            self?.onSave(model)
        }
        // The form takes the height it needs; the list takes the rest.
        (page.widget as? ScrolledWindow)?.propagatesNaturalHeight = true
        page.widget.expandsVertically = false
        content.append(page.widget)
        content.append(panel.widget)
        self.page = page
        recordsPanel = panel
    }
}
