import Glibc

/// Gives the GTK sections one display and one session bus for the whole run.
enum DisplaySession {
    private static let marker = "PINFORM_BENCH_SESSION"

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Without a display, runs this same command again under its own Xvfb (`xvfb-run -a`,
    /// with -noreset so that the server survives between the programs it serves) and a private
    /// session bus (`dbus-run-session`); without a bus, under a bus only. Returns when there
    /// is nothing to do; does not return after a successful exec.
    static func ensure(arguments: [String]) {
        guard environment(marker) == nil else { return }
        let hasDisplay = environment("DISPLAY") != nil || environment("WAYLAND_DISPLAY") != nil
        let hasBus = environment("DBUS_SESSION_BUS_ADDRESS") != nil
        if hasDisplay && hasBus { return }
        setenv(marker, "1", 1)
        var command: [String] = []
        if !hasDisplay {
            command += ["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24 -noreset"]
        }
        command += ["dbus-run-session", "--", BenchPaths.executable] + arguments
        let argv = command.map { strdup($0) } + [nil]
        execvp(command[0], argv)
        print("cannot run \(command[0]) (\(String(cString: strerror(errno)))): install xvfb and dbus, or set DISPLAY")
        exit(2)
    }
}
