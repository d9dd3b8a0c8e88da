internal import CGtk

/// Process-wide GTK set-up for code that runs without an `Application` (tests, tools).
@MainActor
public enum GtkRuntime {
    private static var isInitialized = false

    /// Initializes GTK and libadwaita once (as `Application` does at start-up) and bridges the
    /// main dispatch queue into GLib's loop.
    /// - Returns: false when there is no display to open.
    @discardableResult
    public static func initialize() -> Bool {
        if !isInitialized {
            isInitialized = gtk_init_check() != 0
            if isInitialized {
                adw_init()
                MainContext.installDispatchBridge()
            }
        }
        return isInitialized
    }
}

extension GtkRuntime {
    /// Sets the program's name, as desktop environments and GLib's messages show it; call it
    /// first thing.
    public static func setProgramName(_ name: String) { g_set_prgname(name) }

    /// The user's documents folder (XDG's), if the user has one.
    public static var documentsDirectory: String? {
        g_get_user_special_dir(G_USER_DIRECTORY_DOCUMENTS).map { String(cString: $0) }
    }

    /// The user's home folder.
    public static var homeDirectory: String { String(cString: g_get_home_dir()) }
}

extension GtkRuntime {
    /// Runs `body` on the main actor from code that runs on the main thread without being
    /// isolated to it — XCTest on Linux calls test methods that way — after initializing GTK.
    ///
    /// ```swift
    /// func testClick() throws { try GtkRuntime.test { let b = Button(label: "OK"); b.click() } }
    /// ```
    @_spi(Testing) public nonisolated static func test(_ body: @MainActor () throws -> Void) rethrows {
        try MainActor.assumeIsolated {
            precondition(initialize(), "GTK needs a display: run the tests through scripts/test (it starts a headless mutter)")
            try body()
        }
    }
}
