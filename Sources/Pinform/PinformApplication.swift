import Controls
import Foundation
import Gtk
import Localization
import PinformCore
import Storage

/// The application: options, actions, the stylesheet, and which window shows — the PIN window
/// while locked, the form window once unlocked.
@MainActor
final class PinformApplication {
    let app = Application(id: AppInfo.id)
    private(set) var settings: AppSettings!
    let paths = AppPaths()
    private var screenshot: Screenshot?
    private let exitsAfterFirstFrame = ProcessInfo.processInfo.environment["PINFORM_EXIT_AFTER_FIRST_FRAME"] == "1"
    private var styleSheets: [CSSProvider] = []
    private var darkStyleSheet: CSSProvider?
    private var exitStatus: Int32 = 0
    /// This process's hold on the data folder (see `InstanceLock`), for as long as it runs.
    private var instanceLock: InstanceLock?
    /// Another process holds the data folder: this one only asks it to show itself and exits.
    private var defersToAnotherInstance = false
    /// The records while unlocked; `nil` while locked.
    var unlockedRecords: RecordsDatabase?
    /// The data key while unlocked (the one the records hold), to make a new recovery key.
    var unlockedKey: SecretBytes?
    /// The address `--connect` gave, offered once the PIN is entered.
    var addressToJoin: String?

    private(set) var pinWindow: PinWindow?
    private(set) var formWindow: FormWindow?
    /// What Lock, the idle lock and the session lock do with unsaved input (see `lock(_:)`).
    var lockPreparation: LockPreparation = DraftKeeping()
    /// Locks after the idle delay and when the session locks, while unlocked.
    private var autoLock: AutoLock?
    /// The source tree's icons, for a run that is not installed: given to the icon theme when
    /// About first shows the app's icon (its only user). Adding a folder makes GTK read the whole
    /// theme again, on the main thread: at start-up that was a tenth of the instructions to the
    /// first frame (callgrind: 66 of 724 million), while the theme GTK had read in a thread was
    /// thrown away.
    private var sourceIconFolder: String?

    init() {
        app.setOptionSummary(AppInfo.summary)
        // Translators: a command-line option's description (pinform --help).
        app.addOption("version", description: tr("Show the version and exit"))
        // Handled in main.swift before GTK starts; declared here so that --help lists it.
        // Translators: a command-line option's description; tpm2 and argon2id are printed as is.
        app.addOption("security-status", description: tr("Print what protects the records’ key (tpm2 or argon2id) and exit"))
        app.addOption("screenshot", argument: .filename,
                      // Translators: a command-line option's description; FILE is the option's argument.
                      description: tr("Once the first window has drawn, save it to FILE as PNG and exit"),
                      // Translators: the argument of --screenshot in pinform --help.
                      argumentDescription: tr("FILE"))
        addConnectOption()
        app.onHandleLocalOptions { [unowned self] options in handleLocalOptions(options) }
        app.onStartup { [unowned self] in startup() }
        app.onActivate { [unowned self] in activate() }
    }

    /// Runs the application; returns the process exit status.
    func run() -> Int32 {
        let status = app.run()
        return status != 0 ? status : exitStatus
    }

    private func handleLocalOptions(_ options: CommandLineOptions) -> Int32 {
        if options.contains("version") {
            print("pinform \(AppInfo.version)")
            return 0
        }
        if let status = handleSharedOptions(options) { return status }
        addressToJoin = options.string("connect")
        if let path = options.string("screenshot") {
            let screenshot = Screenshot(path: path)
            do {
                try screenshot.checkWritable()
            } catch {
                FileHandle.standardError.write(Data("\(error)\n".utf8))
                return 1
            }
            self.screenshot = screenshot
        }
        if screenshot != nil || exitsAfterFirstFrame {
            // A capture run must not hand its work to an instance that is already running.
            app.runsAsSeparateInstance()
        }
        return -1
    }

    private func startup() {
        guard claimDataFolder() else { return }
        let data = DataFiles.locate()
        let cacheHome = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        let schemaDirectories = [data?.compiledSchemaDirectory(cacheHome: cacheHome)?.path].compactMap { $0 }
        settings = AppSettings(schemaDirectories: schemaDirectories)
        // An export's path is not left in the session's recent files (issue 25).
        RecentFiles.disable()
        loadStyle(data)
        if let data, !data.isInstalled {
            // Not installed: About's app icon comes from the data folder, added when About opens.
            sourceIconFolder = data.directory.appendingPathComponent("icons").path
        }
        addActions()
        let autoLock = AutoLock(settings: settings)
        autoLock.onLock = { [unowned self] reason in lock(reason) }
        self.autoLock = autoLock
    }

    private func loadStyle(_ data: DataFiles?) {
        guard let data else {
            let text = tr("style.css not found; using the plain theme")
            FileHandle.standardError.write(Data("pinform: \(text)\n".utf8))
            return
        }
        styleSheets.append(loadStyleSheet(data.styleSheet))
        // The dark additions follow libadwaita's style manager, and so the desktop's Dark Style.
        let applyDark: @MainActor (Bool) -> Void = { [unowned self] isDark in
            darkStyleSheet?.removeFromDisplay()
            darkStyleSheet = nil
            if isDark, FileManager.default.fileExists(atPath: data.darkStyleSheet.path) {
                darkStyleSheet = loadStyleSheet(data.darkStyleSheet)
            }
        }
        applyDark(StyleManager.shared.isDark)
        StyleManager.shared.onDarkChanged(applyDark)
    }

    private func loadStyleSheet(_ file: URL) -> CSSProvider {
        let style = CSSProvider()
        do { try style.load(path: file.path) } catch {
            FileHandle.standardError.write(Data("pinform: \(file.path): \(error)\n".utf8))
        }
        style.applyToDisplay()
        return style
    }

    private func addActions() {
        for action in AppAction.allCases {
            app.addAction(action.name, accelerators: action.accelerators) { [unowned self] in perform(action) }
        }
        updateActions()
    }

    private func perform(_ action: AppAction) {
        switch action {
        case .quit: quit()
        case .about: showAbout()
        case .shortcuts: showShortcuts()
        case .preferences: PreferencesDialog.present(settings: settings, over: activeWindow, groups: sharedDatabaseGroups() + backupGroups())
        case .lock: lock(.user)
        case .changePIN: changePIN()
        case .newRecoveryKey: askForNewRecoveryKey()
        case .importRecords: formWindow?.recordsPanel?.importRecords()
        case .printRecords: formWindow?.recordsPanel?.printRecords()
        case .newForm: formWindow?.openFormDesigner(editing: false)
        case .editForm: formWindow?.openFormDesigner(editing: true)
        }
    }

    private func updateActions() {
        for action in AppAction.allCases where action.needsUnlocked {
            app.setActionEnabled(action.name, formWindow != nil)
        }
    }

    /// Makes this the only instance on the data folder, also without a session bus (when
    /// GApplication cannot tell). A second one asks the first to show itself and exits, so it
    /// never checks a PIN. Capture runs, which exit after their first frame, skip this.
    ///
    /// When the lock file cannot be made (a read-only folder), the app runs on: PIN checks are
    /// still serialized by the attempts lock, and without a writable folder none can be made.
    private func claimDataFolder() -> Bool {
        guard screenshot == nil, !exitsAfterFirstFrame else { return true }
        let acquisition: InstanceLock.Acquisition
        do {
            acquisition = try InstanceLock.acquire(in: paths.dataDirectory)
        } catch {
            FileHandle.standardError.write(Data("pinform: \(error.message)\n".utf8))
            return true
        }
        switch acquisition {
        case .acquired(let lock):
            instanceLock = lock
            PinformApplication.presentRequest = { [unowned self] in activate() }
            MainContext.onUnixSignal(SIGUSR1) { PinformApplication.presentRequest?() }
            return true
        case .heldByAnother(let pid):
            if let pid { kill(pid, SIGUSR1) }
            let text = tr("Pinform is already running; its window was brought to the front.")
            FileHandle.standardError.write(Data("pinform: \(text)\n".utf8))
            defersToAnotherInstance = true
            app.quit()
            return false
        }
    }

    /// Shows the window when another instance asked (by `SIGUSR1`).
    private static var presentRequest: (@MainActor () -> Void)?

    private func activate() {
        guard !defersToAnotherInstance else { return }
        if let window = formWindow?.window ?? pinWindow?.window {
            window.present()
            return
        }
        showPinWindow(mode: .unlockOrChoose)
    }

    // MARK: Windows

    private var activeWindow: Window? { formWindow?.window ?? pinWindow?.window }

    /// A PIN window for `mode`, over the flow it shows, reporting to this application.
    private func makePinWindow(mode: PinWindow.Mode, keeping size: PinWindow.KeptSize? = nil) -> PinWindow {
        let flow = PinFlow(changing: mode.isDialog, vault: KeyVault(paths: paths), attempts: AttemptStore(paths: paths),
                           newPINLength: settings.pinLength, checkingOnly: mode.checksOnly)
        let pin = PinWindow(flow: flow, mode: mode, application: app, keeping: size)
        pin.delegate = self
        return pin
    }

    func showPinWindow(mode: PinWindow.Mode, keeping size: PinWindow.KeptSize? = nil) {
        let pin = makePinWindow(mode: mode, keeping: size)
        pinWindow = pin
        pin.window.present()
        watchFirstFrame(of: pin.window)
    }

    /// Once the PIN was set or entered, with the data key it unwrapped: the form window shows.
    func unlocked(key: SecretBytes) {
        let notice = pinWindow?.wrongPINsNotice
        if let pin = pinWindow, pin.keptSize != nil {
            // The PIN window took the form window's size at Lock: the form window comes back
            // at the size it has now.
            settings.isWindowMaximized = pin.window.isMaximized
            if !pin.window.isMaximized { settings.windowSize = pin.window.defaultSize }
        }
        let records = RecordsDatabase(paths: paths, key: key)
        SharedChangesWatch.install(on: records)
        unlockedRecords = records
        unlockedKey = key
        watchKeptSaves()
        let form = FormWindow(application: app, settings: settings, records: records)
        formWindow = form
        confirmClosingWithKeptSaves(of: form)
        form.window.present()
        autoLock?.arm()
        // The owner learns that someone tried: how many wrong PINs since the last unlock, and when.
        if let notice { form.showToast(notice) }
        afterUnlocking()
        if let pin = pinWindow {
            pinWindow = nil
            pin.window.destroy()
        }
        updateActions()
    }

    /// Once the Change PIN dialog stored the new PIN: the dialog closes and the form window says
    /// "PIN changed" (shown and spoken).
    func pinChanged() {
        returnToForms()
        guard let form = formWindow else { return }
        let text = tr("PIN changed")
        form.showToast(text)
        // The toast speaks itself in an active window; otherwise it is spoken once the form
        // window is active again: a screen reader takes in no announcement from a window that
        // is not active.
        let window = form.window
        guard !window.isActive else { return }
        var activation: SignalConnection?
        activation = window.onNotify("is-active") {
            guard window.isActive else { return }
            activation?.disconnect()
            activation = nil
            Announcer.of(window).announce(text, .polite)
        }
    }

    /// Closes the Change PIN dialog (cancelled or done) and shows the form window.
    func returnToForms() {
        if let pin = pinWindow {
            pinWindow = nil
            pin.window.destroy()
        }
        formWindow?.window.present()
        updateActions()
    }

    /// The one way the records lock: Lock (`.user`), the idle lock and the session lock. The
    /// lock preparation deals with unsaved input first (asks, or keeps drafts), then the form
    /// window closes, the file is closed and the key wiped, and the PIN window shows.
    ///
    /// A recovery key that is showing is never taken away: an idle or session lock waits until
    /// its dialog is closed (the desktop's own lock screen covers it meanwhile).
    func lock(_ reason: LockReason) {
        guard let form = formWindow else { return }
        if !reason.canAsk, RecoveryKeyDialog.isShowing {
            RecoveryKeyDialog.afterClosing { [weak self] in self?.lock(reason) }
            return
        }
        lockPreparation.prepare(form, for: reason) { [weak self] in self?.lockNow() }
    }

    func lockNow() {
        // The form window (and its menu) goes first; the hold keeps the application running
        // in between.
        app.hold()
        defer { app.release() }
        guard let size = closeRecords() else { return }
        showPinWindow(mode: .unlockOrChoose, keeping: size)
        updateActions()
    }

    /// Lock's first half: the form window closes, the file is closed and the key wiped. Hold
    /// the application around it. Returns the size the form window had (nil: none was open).
    func closeRecords() -> PinWindow.KeptSize? {
        guard let form = formWindow else { return nil }
        autoLock?.disarm()
        form.saveState()
        let size = PinWindow.KeptSize(width: form.window.defaultSize.width, height: form.window.defaultSize.height,
                                      isMaximized: form.window.isMaximized)
        if let dialog = pinWindow {
            // A Change PIN or PIN check dialog over the records goes with them.
            pinWindow = nil
            dialog.window.destroy()
        }
        formWindow = nil
        form.window.destroy()
        // The file is closed and the key wiped until the PIN is entered again.
        unlockedRecords?.close()
        unlockedRecords = nil
        unlockedKey = nil
        return size
    }

    private func changePIN() {
        showPinDialog(mode: .change)
    }

    /// The Change PIN or PIN check dialog, modal over the form window.
    func showPinDialog(mode: PinWindow.Mode) {
        guard formWindow != nil, pinWindow == nil else { return }
        let pin = makePinWindow(mode: mode)
        pin.window.setTransient(for: formWindow?.window)
        pin.window.isModal = true
        pinWindow = pin
        pin.window.present()
    }

    private func quit() {
        guard let formWindow else { return app.quit() }
        confirmQuittingWithKeptSaves {
            formWindow.whenChangesAreSettled { [weak self] in
                self?.formWindow?.saveState()
                self?.app.quit()
            }
        }
    }

    private func showAbout() {
        if let folder = sourceIconFolder {
            sourceIconFolder = nil
            IconTheme.addSearchPath(folder)
        }
        // What the key file uses (read from the file: no TPM is asked on the main thread).
        let about = AboutDialog(AppInfo.about(protection: KeyVault(paths: paths).protection))
        about.present(over: activeWindow)
    }

    private func showShortcuts() {
        guard let shortcuts = ShortcutsWindow.make() else { return }
        shortcuts.setTransient(for: activeWindow)
        shortcuts.present()
    }

    // MARK: Capture runs

    private func watchFirstFrame(of window: Window) {
        guard screenshot != nil || exitsAfterFirstFrame else { return }
        window.onFirstFrame { [unowned self] in
            if exitsAfterFirstFrame {
                // For the start-up benchmark: the moment the first frame is on screen.
                var now = timespec()
                clock_gettime(CLOCK_REALTIME, &now)
                print("first-frame \(now.tv_sec).\(String(format: "%09ld", now.tv_nsec))")
            }
            if let screenshot {
                do { try screenshot.capture(window) } catch {
                    FileHandle.standardError.write(Data("\(error)\n".utf8))
                    exitStatus = 1
                }
            }
            app.quit()
        }
    }
}
