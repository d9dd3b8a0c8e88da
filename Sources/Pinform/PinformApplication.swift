import CGtk
import Foundation
import Gtk
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
    private var exitStatus: Int32 = 0

    private(set) var pinWindow: PinWindow?
    private(set) var formWindow: FormWindow?

    init() {
        app.setOptionSummary(AppInfo.summary)
        app.addOption("version", description: "Show the version and exit")
        app.addOption("screenshot", argument: G_OPTION_ARG_FILENAME,
                      description: "Once the first window has drawn, save it to FILE as PNG and exit",
                      argumentDescription: "FILE")
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
            g_application_set_flags(pf_g_application(app.raw), G_APPLICATION_NON_UNIQUE)
        }
        return -1
    }

    private func startup() {
        let data = DataFiles.locate()
        let cacheHome = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        let schemaDirectories = [data?.compiledSchemaDirectory(cacheHome: cacheHome)?.path].compactMap { $0 }
        settings = AppSettings(schemaDirectories: schemaDirectories)
        loadStyle(data)
        if let data, !data.isInstalled {
            // Not installed: the app icon (About, window list) comes from the data folder.
            // (Adding a path is lazy; asking the theme for an icon here would load it at start-up.)
            IconTheme.addSearchPath(data.directory.appendingPathComponent("icons").path)
        }
        addActions()
    }

    private func loadStyle(_ data: DataFiles?) {
        guard let data else {
            FileHandle.standardError.write(Data("pinform: style.css not found; using the plain theme\n".utf8))
            return
        }
        let style = CSSProvider()
        do { try style.load(path: data.styleSheet.path) } catch {
            FileHandle.standardError.write(Data("pinform: \(data.styleSheet.path): \(error)\n".utf8))
        }
        style.applyToDisplay()
        styleSheets.append(style)
        if ThemePreference.prefersDark, FileManager.default.fileExists(atPath: data.darkStyleSheet.path) {
            let dark = CSSProvider()
            do { try dark.load(path: data.darkStyleSheet.path) } catch {
                FileHandle.standardError.write(Data("pinform: \(data.darkStyleSheet.path): \(error)\n".utf8))
            }
            dark.applyToDisplay()
            styleSheets.append(dark)
        }
    }

    private func addActions() {
        app.addAction("quit", accelerators: ["<Control>q"]) { [unowned self] in quit() }
        app.addAction("about") { [unowned self] in showAbout() }
        app.addAction("shortcuts", accelerators: ["<Control>question"]) { [unowned self] in showShortcuts() }
        app.addAction("lock", accelerators: ["<Control>l"]) { [unowned self] in lock() }
        app.addAction("change-pin") { [unowned self] in changePIN() }
        updateActions()
    }

    private func updateActions() {
        app.setActionEnabled("lock", formWindow != nil)
        app.setActionEnabled("change-pin", formWindow != nil)
    }

    private func activate() {
        if let window = formWindow?.window ?? pinWindow?.window {
            window.present()
            return
        }
        showPinWindow(mode: .unlockOrChoose)
    }

    // MARK: Windows

    private var activeWindow: Window? { formWindow?.window ?? pinWindow?.window }

    private func showPinWindow(mode: PinWindow.Mode) {
        let pin = PinWindow(application: self, mode: mode)
        pinWindow = pin
        pin.window.present()
        watchFirstFrame(of: pin.window)
    }

    /// Called by the PIN window once the PIN was set or entered.
    func unlocked() {
        let form = FormWindow(application: self)
        formWindow = form
        form.window.present()
        if let pin = pinWindow {
            pinWindow = nil
            pin.window.destroy()
        }
        updateActions()
    }

    /// Called by the PIN window when a PIN change was cancelled or done while unlocked.
    func returnToForms() {
        if let pin = pinWindow {
            pinWindow = nil
            pin.window.destroy()
        }
        formWindow?.window.present()
        updateActions()
    }

    private func lock() {
        formWindow?.whenChangesAreSettled { [weak self] in self?.lockNow() }
    }

    private func lockNow() {
        guard let form = formWindow else { return }
        // The form window (and its menu) goes first; the hold keeps the application running
        // in between.
        app.hold()
        defer { app.release() }
        form.saveState()
        formWindow = nil
        form.window.destroy()
        showPinWindow(mode: .unlockOrChoose)
        updateActions()
    }

    private func changePIN() {
        guard formWindow != nil, pinWindow == nil else { return }
        let pin = PinWindow(application: self, mode: .change)
        pin.window.setTransient(for: formWindow?.window)
        pin.window.isModal = true
        pinWindow = pin
        pin.window.present()
    }

    private func quit() {
        guard let formWindow else { return app.quit() }
        formWindow.whenChangesAreSettled { [weak self] in
            self?.formWindow?.saveState()
            self?.app.quit()
        }
    }

    private func showAbout() {
        let about = AboutDialog(
            programName: AppInfo.name, version: AppInfo.version,
            comments: "A PIN pad and typed forms for the Linux desktop, styled by a state engine.",
            website: AppInfo.website, license: GTK_LICENSE_GPL_3_0, logoIconName: AppInfo.id,
            authors: AppInfo.developers, copyright: AppInfo.copyright)
        about.setTransient(for: activeWindow)
        about.isModal = true
        about.present()
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
