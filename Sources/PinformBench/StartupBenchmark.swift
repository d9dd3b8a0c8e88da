// `pinform-bench startup` / `memory`: the PIN window of `pinform` against the same window in
// plain C (Benchmarks/anchor/pin_window.c), started alternately under one display and one bus.
import Glibc

/// Time from exec to the first painted frame, and peak resident memory, of both programs.
enum StartupBenchmark {
    /// The figures of one program.
    struct Program {
        let name: String
        var startup = Samples()
        var peakResident = Samples()
        var cpu = Samples()
    }

    struct Result {
        let app: Program
        let anchor: Program
        let runs: Int
        /// This process's own peak resident memory when the runs started: a spawned child's
        /// ru_maxrss can never be below it (Linux carries the parent's high-water mark across exec).
        let parentPeakKiB: Double
        let failures: [String]

        var startupRatio: Double { app.startup.median / anchor.startup.median }
        var memoryRatio: Double { app.peakResident.median / anchor.peakResident.median }
    }

    /// Builds what is missing, then runs a discarded warm-up of each and `runs` of each,
    /// alternating app, anchor, app, anchor…
    static func run(runs: Int) -> Result? {
        guard prepare() else { return nil }
        let workspace = BenchPaths.temporaryDirectory()
        defer { ChildProcess.shell("rm -rf '\(workspace)'") }
        guard let environment = environment(workspace: workspace) else { return nil }

        var app = Program(name: "pinform (Swift)")
        var anchor = Program(name: "pin_window (C)")
        var failures: [String] = []
        let parentPeak = Machine.status("VmHWM") ?? 0
        let errors = workspace + "/stderr.log"

        func once(_ path: String, _ arguments: [String], into program: inout Program, record: Bool) {
            guard let child = ChildProcess.run(path, arguments, environment: environment, errorPath: errors),
                  child.status == 0, let frame = child.firstFrameNanoseconds else {
                failures.append("\(program.name) did not report its first frame (stderr: \(errors))")
                return
            }
            guard record else { return }
            program.startup.append(Double(frame - child.spawnedAt))
            program.peakResident.append(child.peakResidentKiB)
            program.cpu.append(child.cpuNanoseconds)
        }
        let style = BenchPaths.data + "/style.css"
        // Warm-up: fills the font, shader and icon caches and starts the accessibility bus.
        once(BenchPaths.app, [], into: &app, record: false)
        once(BenchPaths.anchorBinary, [style], into: &anchor, record: false)
        for _ in 0..<runs {
            once(BenchPaths.app, [], into: &app, record: true)
            once(BenchPaths.anchorBinary, [style], into: &anchor, record: true)
            if failures.count > 4 { break }
        }
        if !failures.isEmpty, let log = Machine.readFile(errors) {
            failures.append("last lines of stderr: " + log.split(separator: "\n").suffix(5).joined(separator: " | "))
        }
        return Result(app: app, anchor: anchor, runs: runs,
                      parentPeakKiB: parentPeak, failures: failures)
    }

    /// Builds `pinform` when it is missing, and the C anchor in every run: against this system's
    /// GTK and libadwaita, never a binary left by another system (a Debian 12 build beside a
    /// Debian 13 root).
    private static func prepare() -> Bool {
        if !BenchPaths.exists(BenchPaths.app) {
            let configuration = BenchPaths.binaryDirectory.hasSuffix("debug") ? "debug" : "release"
            print("building pinform (\(configuration))…")
            guard ChildProcess.shell("cd '\(BenchPaths.root)' && swift build -c \(configuration) --product pinform") == 0,
                  BenchPaths.exists(BenchPaths.app) else {
                print("startup: cannot build pinform; build it with `swift build -c release --product pinform`")
                return false
            }
        }
        let source = BenchPaths.anchorSource, binary = BenchPaths.anchorBinary
        let folder = String(binary[..<binary.lastIndex(of: "/")!])
        let command = "mkdir -p '\(folder)' && cc '\(source)' $(pkg-config --cflags --libs gtk4 libadwaita-1) -O2"
            + " -o '\(binary).new' && mv -f '\(binary).new' '\(binary)'"
        guard ChildProcess.shell(command) == 0 else {
            print("startup: cannot compile the C anchor: \(command)")
            return false
        }
        guard BenchPaths.exists(BenchPaths.data + "/style.css") else {
            print("startup: no style.css in \(BenchPaths.data); set PINFORM_DATA_DIR")
            return false
        }
        return true
    }

    /// The same environment for both: private XDG folders shared by all runs (so caches are
    /// warm after the warm-up), the app's schema compiled as an installation would have it,
    /// settings in memory, and the app told to quit after its first frame.
    private static func environment(workspace: String) -> [String]? {
        let schemas = workspace + "/schemas"
        let command = "mkdir -p '\(workspace)/data' '\(workspace)/config' '\(workspace)/cache' '\(schemas)'"
            + " && cp '\(BenchPaths.data)'/*.gschema.xml '\(schemas)/' && glib-compile-schemas '\(schemas)'"
        guard ChildProcess.shell(command) == 0 else {
            print("startup: cannot compile the settings schema: \(command)")
            return nil
        }
        let overrides = [
            "XDG_DATA_HOME": workspace + "/data",
            "XDG_CONFIG_HOME": workspace + "/config",
            "XDG_CACHE_HOME": workspace + "/cache",
            "GSETTINGS_BACKEND": "memory",
            "GSETTINGS_SCHEMA_DIR": schemas,
            "PINFORM_DATA_DIR": BenchPaths.data,
            "PINFORM_EXIT_AFTER_FIRST_FRAME": "1",
        ]
        var environment = ChildProcess.currentEnvironment.filter { entry in
            !overrides.keys.contains { entry.hasPrefix($0 + "=") }
        }
        environment += overrides.map { "\($0.key)=\($0.value)" }.sorted()
        return environment
    }

    static func startupTable(_ result: Result) -> Table {
        var table = Table("startup: exec to first painted frame of the PIN window (\(result.runs) runs each, alternating)",
                          columns: ["program", "median", "min", "max", "IQR", "CPU (median)", "ratio"])
        for program in [result.app, result.anchor] where !program.startup.isEmpty {
            table.add([
                program.name,
                Format.duration(nanoseconds: program.startup.median),
                Format.duration(nanoseconds: program.startup.minimum),
                Format.duration(nanoseconds: program.startup.maximum),
                Format.duration(nanoseconds: program.startup.lowerQuartile) + "-"
                    + Format.duration(nanoseconds: program.startup.upperQuartile),
                Format.duration(nanoseconds: program.cpu.median),
                Format.ratio(program.startup.median / result.anchor.startup.median),
            ])
        }
        table.note("app: " + BenchPaths.app + " (the installed build is scripts/meson-swift-build's: the Swift stdlib"
            + " linked in, lld, packed relocations, the start-up order; `scripts/meson-swift-build release"
            + " .build/pinform-installed`, then PINFORM_BENCH_APP=.build/pinform-installed)")
        table.note("CPU: user+system time of the whole run (start-up, first frame, quitting), from wait4.")
        table.note("ratio of CPU medians: " + Format.ratio(result.app.cpu.median / result.anchor.cpu.median))
        loadedLibrariesNote(&table)
        for failure in result.failures { table.note("FAILED: " + failure) }
        return table
    }

    static func memoryTable(_ result: Result) -> Table {
        var table = Table("memory: peak resident set at the first frame (ru_maxrss from wait4, \(result.runs) runs each)",
                          columns: ["program", "median", "min", "max", "ratio"])
        for program in [result.app, result.anchor] where !program.peakResident.isEmpty {
            table.add([
                program.name,
                Format.mebibytes(kibibytes: program.peakResident.median),
                Format.mebibytes(kibibytes: program.peakResident.minimum),
                Format.mebibytes(kibibytes: program.peakResident.maximum),
                Format.ratio(program.peakResident.median / result.anchor.peakResident.median),
            ])
        }
        let floor = result.parentPeakKiB
        let valid = result.anchor.peakResident.minimum > floor * 1.05
        table.note("pinform-bench's own peak was \(Format.mebibytes(kibibytes: floor)) when it spawned them; "
            + (valid ? "both are well above it, so the figures are the children's own."
                     : "WARNING: a child is near it, so its figure may be this process's high-water mark."))
        table.note("Both programs quit right after the first frame, so the peak is the peak up to that frame.")
        return table
    }

    /// How many shared libraries the dynamic loader maps before `main` (libpq and its 19,
    /// SQLCipher, libsodium, tss2 and libcrypto are not among the app's: PostgresStore and Storage
    /// open them with dlopen at their first use; a warning names any the C window does not load).
    private static func loadedLibrariesNote(_ table: inout Table) {
        func count(_ binary: String) -> String {
            ChildProcess.shellOutput("ldd '\(binary)' | wc -l") ?? "?"
        }
        // Those the C window loads too come with GTK (Debian 13's GTK brings libcrypto).
        func storageLibraries(_ binary: String) -> Set<String> {
            let names = ChildProcess.shellOutput(
                "ldd '\(binary)' | grep -oE 'lib(pq|sqlcipher|sodium|tss2-[a-z]+|crypto)\\.so' | sort -u | tr '\\n' ' '") ?? ""
            return Set(names.split(separator: " ").map(String.init))
        }
        let linked = storageLibraries(BenchPaths.app).subtracting(storageLibraries(BenchPaths.anchorBinary))
            .sorted().joined(separator: " ")
        table.note("libraries loaded at start (ldd): pinform " + count(BenchPaths.app) + ", C window "
            + count(BenchPaths.anchorBinary) + (linked.isEmpty ? "" : "; WARNING: pinform links at start: \(linked)"))
    }
}
