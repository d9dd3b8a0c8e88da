import Foundation
import XCTest

/// Runs the real `pinform` binary with private XDG folders, as a user would start it.
struct AppProcess {
    struct Output {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    /// The built binary, beside the test bundle.
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["PINFORM_BIN"] { return URL(fileURLWithPath: path) }
        // The test bundle is an executable in the build folder, beside the products.
        return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("pinform")
    }

    let home: URL

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("pinform-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: home) }

    /// Runs `pinform arguments`, killing it after `timeout` seconds.
    func run(_ arguments: [String], timeout: TimeInterval = 20, environment extra: [String: String] = [:]) throws -> Output {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
        environment["XDG_CACHE_HOME"] = home.appendingPathComponent("cache").path
        environment["GSETTINGS_BACKEND"] = "memory"
        environment.merge(extra) { $1 }
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            XCTFail("pinform \(arguments) did not exit within \(timeout) s")
        }
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let error = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return Output(status: process.terminationStatus, standardOutput: output, standardError: error)
    }
}

/// The width and height stored in a PNG file's header.
func pngSize(of url: URL) throws -> (width: Int, height: Int) {
    let data = try Data(contentsOf: url)
    XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "not a PNG")
    func bigEndian(_ offset: Int) -> Int { data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (bigEndian(16), bigEndian(20))
}
