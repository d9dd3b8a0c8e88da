internal import CGtk

/// The application (`AdwApplication`, a GtkApplication that also starts libadwaita and its
/// style manager): one per process, it owns the windows, the actions and the command line.
///
/// ```swift
/// let app = Application(id: "io.github.pinform.Pinform")
/// app.onActivate { Window(application: app).present() }
/// exit(app.run())
/// ```
@MainActor
public final class Application: Object {
    /// Creates the application and bridges the main dispatch queue into GLib's loop.
    public init(id: String) {
        super.init(adopting: UnsafeMutableRawPointer(adw_application_new(id, GApplicationFlags(rawValue: 0))))
        MainContext.installDispatchBridge()
    }

    private var application: UnsafeMutablePointer<GApplication> { pf_g_application(raw) }

    /// Makes this process run on its own instead of handing its work to an instance that is
    /// already running (GLib's `G_APPLICATION_NON_UNIQUE`); before `run()`.
    public func runsAsSeparateInstance() {
        g_application_set_flags(application, G_APPLICATION_NON_UNIQUE)
    }

    /// The application id.
    public var id: String { String(cString: g_application_get_application_id(application)) }

    /// Registers the application without running it (its `startup` runs), so that windows can
    /// belong to it: for tests of an `ApplicationWindow`. Whether it registered.
    @_spi(Testing) public func registerWithoutRunning() -> Bool {
        var error: UnsafeMutablePointer<GError>?
        let registered = g_application_register(application, nil, &error) != 0
        g_clear_error(&error)
        return registered
    }

    /// Declares a command-line option (shown by `--help`).
    public func addOption(_ longName: String, argument: OptionArgument = .none,
                          description: String, argumentDescription: String? = nil) {
        g_application_add_main_option(application, longName, 0, GOptionFlags(rawValue: 0), argument.cValue,
                                      description, argumentDescription)
    }

    /// Sets the one-line summary shown by `--help`.
    public func setOptionSummary(_ summary: String) {
        g_application_set_option_context_summary(application, summary)
    }

    /// Handles the options in the launching process, before the application registers.
    /// Return an exit status to stop there, or -1 to go on.
    @discardableResult
    public func onHandleLocalOptions(_ handler: @escaping @MainActor (CommandLineOptions) -> Int32) -> SignalConnection {
        typealias Handler = @MainActor (CommandLineOptions) -> Int32
        let trampoline: @convention(c) (gpointer?, UnsafeMutablePointer<GVariantDict>?, gpointer?) -> gint = { _, dictionary, data in
            let box = ClosureBox<Handler>.from(data)
            let options = MainThreadPointer(value: UnsafeMutableRawPointer(dictionary))
            return MainActor.assumeIsolated {
                box.body(CommandLineOptions(options.value!.assumingMemoryBound(to: GVariantDict.self)))
            }
        }
        return connectTrampoline("handle-local-options", handler: trampoline, body: handler as Handler)
    }

    /// Adds the action `app.<name>` with keyboard accelerators (`"<Control>q"`).
    public func addAction(_ name: String, accelerators: [String] = [], _ handler: @escaping @MainActor () -> Void) {
        let action = Action(name: name, handler)
        g_action_map_add_action(pf_action_map(raw), OpaquePointer(action.raw))
        setAccelerators(accelerators, for: "app.\(name)")
        actions[name] = action
    }

    /// Enables or disables `app.<name>`.
    public func setActionEnabled(_ name: String, _ enabled: Bool) {
        actions[name]?.isEnabled = enabled
    }

    /// Sets the accelerators of a detailed action name (`"win.lock"`, `"app.quit"`).
    public func setAccelerators(_ accelerators: [String], for detailedAction: String) {
        var pointers: [UnsafeMutablePointer<CChar>?] = accelerators.map { strdup($0) }
        pointers.append(nil)
        defer { pointers.forEach { free($0) } }
        pointers.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                gtk_application_set_accels_for_action(pf_application(raw), detailedAction, $0)
            }
        }
    }

    private var actions: [String: Action] = [:]

    /// Runs the main loop with the process's command line. Returns the exit status.
    public func run() -> Int32 {
        g_application_run(application, CommandLine.argc, CommandLine.unsafeArgv)
    }

    /// Ends the main loop.
    public func quit() { g_application_quit(application) }

    /// Keeps the application running with no window until the matching `release()`.
    public func hold() { g_application_hold(application) }

    /// Undoes one `hold()`.
    public func release() { g_application_release(application) }
}

/// The options parsed from the command line, in `handle-local-options`.
@MainActor
public struct CommandLineOptions {
    let dictionary: UnsafeMutablePointer<GVariantDict>

    init(_ dictionary: UnsafeMutablePointer<GVariantDict>) { self.dictionary = dictionary }

    /// Whether the option was given.
    public func contains(_ name: String) -> Bool { g_variant_dict_contains(dictionary, name) != 0 }

    /// The value of a string option, if it was given.
    public func string(_ name: String) -> String? {
        guard let value = g_variant_dict_lookup_value(dictionary, name, nil) else { return nil }
        defer { g_variant_unref(value) }
        switch String(cString: g_variant_get_type_string(value)) {
        case "ay": return String(cString: g_variant_get_bytestring(value))
        case "s": return String(cString: g_variant_get_string(value, nil))
        default: return nil
        }
    }
}

/// A named action (`GSimpleAction`) that menus, buttons and accelerators activate.
@MainActor
final class Action: Object {
    init(name: String, _ handler: @escaping @MainActor () -> Void) {
        super.init(adopting: UnsafeMutableRawPointer(g_simple_action_new(name, nil)))
        connect("activate", withArgument: { _ in handler() })
    }

    var isEnabled: Bool {
        get { g_action_get_enabled(OpaquePointer(raw)) != 0 }
        set { g_simple_action_set_enabled(OpaquePointer(raw), newValue ? 1 : 0) }
    }
}
