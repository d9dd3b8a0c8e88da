import CGtk
import Controls
import Gtk

/// The form window: typed records, shown once the PIN was entered. A switcher in the header
/// bar chooses the model (Person or Size), remembered in settings.
@MainActor
final class FormWindow {
    let window: Window
    private unowned let application: PinformApplication
    private let personButton = ToggleButton(label: Person.title)
    private let sizeButton = ToggleButton(label: Size.title)
    private(set) var page: FormWindowPage?

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
            guard key == UInt32(GDK_KEY_s), modifiers.rawValue & GDK_CONTROL_MASK.rawValue != 0 else { return false }
            self?.page?.save()
            return true
        }
        window.add(keys)

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
        personButton.onToggled { [unowned self] in if personButton.isActive { show(Person.settingsKey) } }
        sizeButton.onToggled { [unowned self] in if sizeButton.isActive { show(Size.settingsKey) } }
        return switcher
    }

    /// Shows the form of the model saved under `key` in settings.
    private func show(_ key: String) {
        let isPerson = key == Person.settingsKey
        if personButton.isActive != isPerson { personButton.isActive = isPerson }
        if sizeButton.isActive == isPerson { sizeButton.isActive = !isPerson }
        if let page, (page is FormPage<Person>) == isPerson { return }
        application.settings.formModel = key
        page = isPerson ? makePage(Person.self) : makePage(Size.self)
        window.child = page?.widget
    }

    private func makePage<Model: FormModel>(_ model: Model.Type) -> FormWindowPage {
        let page = FormPage<Model>()
        page.onSave = { [weak self] in self?.onSave($0) }
        return page
    }
}
