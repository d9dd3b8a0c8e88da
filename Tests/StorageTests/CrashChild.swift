import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Runs one test of this binary as a child process that stops at a named step, and kills it
/// there with SIGKILL: what the vault's and the upgrade's crash tests share.
enum CrashChild {
    /// In the child: says "at <step>" on standard error, where the parent waits for it, and
    /// waits there to be killed.
    static func stop(at step: String) -> Never {
        let line = Array("at \(step)\n".utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        while true { pause() }
    }

    /// Starts `test` with `variable` set to "<folder>\n<step>", waits (30 s at most) until the
    /// child reports "at <step>" on standard error, and kills it there.
    static func runUntilKilled(executable: String, test: String, variable: String, folder: URL, step: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [test]
        var environment = ProcessInfo.processInfo.environment
        environment[variable] = folder.path + "\n" + step
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let handle = errors.fileHandleForReading
        var output = Data()
        let deadline = Date().addingTimeInterval(30)
        while !String(decoding: output, as: UTF8.self).contains("at \(step)\n"), Date() < deadline {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            output += chunk
        }
        XCTAssertTrue(String(decoding: output, as: UTF8.self).contains("at \(step)\n"),
                      "the child did not reach \(step): \(String(decoding: output, as: UTF8.self))")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
    }
}
