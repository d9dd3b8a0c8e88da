internal import CGtk
import Synchronization

/// The warnings and critical messages GLib, GTK and libadwaita log while a test runs, for tests
/// that fail on them (as `G_DEBUG=fatal-warnings` would, but naming the message).
///
/// ```swift
/// let warnings = GLibWarnings.collect { window.destroy() }
/// XCTAssertEqual(warnings, [])
/// ```
public enum GLibWarnings {
    private static let recorded = Mutex<[String]?>(nil)
    private static let installed = Mutex(false)

    /// Runs `body` and returns the messages of the warnings and criticals logged meanwhile (they
    /// are still written to standard error).
    @MainActor
    public static func collect(during body: () throws -> Void) rethrows -> [String] {
        installWriter()
        recorded.withLock { $0 = [] }
        defer { recorded.withLock { $0 = nil } }
        try body()
        return recorded.withLock { $0 ?? [] }
    }

    /// The messages recorded so far by the `collect` running now (empty outside one).
    public static var recordedSoFar: [String] { recorded.withLock { $0 ?? [] } }

    /// GLib takes one writer a process (g_log_set_writer_func), so it is set once and records
    /// only while `collect` runs; it passes every message on to GLib's default writer.
    private static func installWriter() {
        installed.withLock { isInstalled in
            guard !isInstalled else { return }
            isInstalled = true
            g_log_set_writer_func(writer, nil, nil)
        }
    }

    private static let writer: GLogWriterFunc = { level, fields, count, data in
        if level.rawValue & (G_LOG_LEVEL_WARNING.rawValue | G_LOG_LEVEL_CRITICAL.rawValue) != 0, let fields {
            for field in UnsafeBufferPointer(start: fields, count: Int(count))
            where field.key.map({ String(cString: $0) }) == "MESSAGE" && field.length < 0 {
                let message = field.value.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? ""
                GLibWarnings.recorded.withLock { $0?.append(message) }
            }
        }
        return g_log_writer_default(level, fields, count, data)
    }
}
