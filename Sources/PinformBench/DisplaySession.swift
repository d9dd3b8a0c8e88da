import Glibc

/// Gives the GTK sections one display and one session bus for the whole run.
enum DisplaySession {
    private static let marker = "PINFORM_BENCH_SESSION"

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Without a display, runs this same command again on a display of its own, made by
    /// scripts/lib.sh as the tests make theirs, with a private session bus (`dbus-run-session`);
    /// without a bus, under a bus only. The display is a virtual X server (Xvfb, -noreset so that
    /// it survives between the programs it serves) or, with `PINFORM_BENCH_DISPLAY=wayland`, a
    /// headless mutter as a GNOME session has it. Not `xvfb-run`: as the first process of
    /// `scripts/root`'s PID namespace it waits forever for Xvfb's ready signal, and `-a` races
    /// with another Xvfb starting on a shared machine. Returns when there is nothing to do; does
    /// not return after a successful exec.
    static func ensure(arguments: [String]) {
        guard environment(marker) == nil else { return }
        let hasDisplay = environment("DISPLAY") != nil || environment("WAYLAND_DISPLAY") != nil
        let hasBus = environment("DBUS_SESSION_BUS_ADDRESS") != nil
        if hasDisplay && hasBus { return }
        setenv(marker, "1", 1)
        let bench = [BenchPaths.executable] + arguments
        let library = BenchPaths.root + "/scripts/lib.sh"
        func helper(_ function: String, _ command: [String]) -> [String] {
            ["/bin/bash", "-c", "source \"$0\" && \(function) \"$@\"", library] + command
        }
        let command: [String] = if hasDisplay {
            ["dbus-run-session", "--"] + bench
        } else if environment("PINFORM_BENCH_DISPLAY") == "wayland" {
            // mutter serves its own interfaces on the session bus, so the bus comes first.
            ["dbus-run-session", "--"] + helper("run_with_wayland_compositor", bench)
        } else {
            helper("run_with_virtual_display", ["dbus-run-session", "--"] + bench)
        }
        let argv = command.map { strdup($0) } + [nil]
        execvp(command[0], argv)
        print("cannot run \(command[0]) (\(String(cString: strerror(errno)))): install xvfb (or mutter) and dbus, or set DISPLAY")
        exit(2)
    }
}
