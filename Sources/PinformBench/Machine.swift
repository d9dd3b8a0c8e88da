import Glibc

/// What the figures were taken on: cores, processor, load, time.
enum Machine {
    static var cores: Int { Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    /// The processor's model name from /proc/cpuinfo.
    static var processor: String {
        for line in readFile("/proc/cpuinfo")?.split(separator: "\n") ?? [] where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingCharacters()
            }
        }
        return "unknown"
    }

    /// The 1, 5 and 15 minute load averages ("3.93 4.56 2.98").
    static var load: String {
        guard let text = readFile("/proc/loadavg") else { return "unknown" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    /// The system, the toolkit's versions, the display and the renderer the GTK sections get
    /// ("Debian GNU/Linux 13 (trixie), GTK 4.18.6, libadwaita 1.7.6, X11 (:99), GSK_RENDERER unset").
    static var platform: String {
        let system = readFile("/etc/os-release")?.split(separator: "\n")
            .first { $0.hasPrefix("PRETTY_NAME=") }
            .map { $0.dropFirst("PRETTY_NAME=".count).filter { $0 != "\"" } } ?? "unknown system"
        let gtk = ChildProcess.shellOutput("pkg-config --modversion gtk4") ?? "?"
        let adwaita = ChildProcess.shellOutput("pkg-config --modversion libadwaita-1") ?? "?"
        func variable(_ name: String) -> String? {
            getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        let display = variable("WAYLAND_DISPLAY").map { "Wayland (\($0))" }
            ?? variable("DISPLAY").map { "X11 (\($0))" } ?? "no display"
        let renderer = variable("GSK_RENDERER").map { "GSK_RENDERER=" + $0 } ?? "GSK_RENDERER unset (GTK's default)"
        return "\(system), GTK \(gtk), libadwaita \(adwaita), \(display), \(renderer)"
    }

    /// The current UTC time as "2025-11-29 12:31 UTC".
    static var date: String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)) UTC"
    }

    /// One field of /proc/self/status in kibibytes ("VmHWM").
    static func status(_ field: String, pid: pid_t? = nil) -> Double? {
        let path = pid.map { "/proc/\($0)/status" } ?? "/proc/self/status"
        for line in readFile(path)?.split(separator: "\n") ?? [] where line.hasPrefix(field + ":") {
            let number = line.dropFirst(field.count + 1).filter { $0.isNumber }
            return Double(String(number))
        }
        return nil
    }

    /// The whole of a small text file (procfs files report size 0, so read until the end).
    static func readFile(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension Substring {
    func trimmingCharacters() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
