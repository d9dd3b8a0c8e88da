import Glibc

/// Runs a program with posix_spawn, reads its standard output to the end, and reaps it with
/// `wait4` for its resource usage.
struct ChildProcess {
    /// CLOCK_REALTIME just before `posix_spawn`, in nanoseconds.
    let spawnedAt: Int64
    /// Everything it wrote on standard output.
    let output: String
    /// The exit status as `wait4` reports it, decoded (-signal when it was killed).
    let status: Int32
    /// Its peak resident set in KiB (`ru_maxrss`).
    let peakResidentKiB: Double
    /// User plus system CPU time, in nanoseconds.
    let cpuNanoseconds: Double

    /// Runs `path` with `arguments` (argv[1...]) in `environment` ("NAME=value" strings).
    /// Standard error goes to `errorPath` (default /dev/null), or stays this process's when nil.
    static func run(_ path: String, _ arguments: [String], environment: [String],
                    errorPath: String? = "/dev/null") -> ChildProcess? {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        if let errorPath {
            posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        }

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawnedAt = Clock.realtimeNanoseconds()
        let result = posix_spawn(&pid, path, &actions, nil, argv, envp)
        close(pipeEnds[1])
        guard result == 0 else {
            close(pipeEnds[0])
            return nil
        }

        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(pipeEnds[0], &buffer, buffer.count)
            if count > 0 {
                bytes += buffer[0..<count]
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        close(pipeEnds[0])

        var rawStatus: Int32 = 0
        var usage = rusage()
        while wait4(pid, &rawStatus, 0, &usage) < 0 && errno == EINTR {}
        let signal = rawStatus & 0x7f
        let status = signal == 0 ? (rawStatus >> 8) & 0xff : -signal
        func nanoseconds(_ time: timeval) -> Double { Double(time.tv_sec) * 1e9 + Double(time.tv_usec) * 1e3 }
        return ChildProcess(spawnedAt: spawnedAt, output: String(decoding: bytes, as: UTF8.self), status: status,
                            peakResidentKiB: Double(usage.ru_maxrss),
                            cpuNanoseconds: nanoseconds(usage.ru_utime) + nanoseconds(usage.ru_stime))
    }

    /// Runs a shell command line and returns its exit status (output goes to the terminal's stderr).
    @discardableResult
    static func shell(_ command: String) -> Int32 {
        run("/bin/sh", ["-c", command + " 1>&2"], environment: currentEnvironment, errorPath: nil)?.status ?? -1
    }

    /// The first line a shell command prints, if it succeeds.
    static func shellOutput(_ command: String) -> String? {
        guard let child = run("/bin/sh", ["-c", command], environment: currentEnvironment),
              child.status == 0 else { return nil }
        return child.output.split(separator: "\n").first.map(String.init)
    }

    /// This process's environment as "NAME=value" strings.
    static var currentEnvironment: [String] {
        var result: [String] = []
        var pointer = environ
        while let entry = pointer.pointee {
            result.append(String(cString: entry))
            pointer += 1
        }
        return result
    }

    /// The first-frame time the program printed ("first-frame 1732890000.123456789"), in ns.
    var firstFrameNanoseconds: Int64? {
        for line in output.split(separator: "\n") where line.hasPrefix("first-frame ") {
            let stamp = line.dropFirst("first-frame ".count).split(separator: ".")
            guard stamp.count == 2, let seconds = Int64(stamp[0]), stamp[1].count == 9,
                  let nanoseconds = Int64(stamp[1]) else { return nil }
            return seconds * 1_000_000_000 + nanoseconds
        }
        return nil
    }
}
