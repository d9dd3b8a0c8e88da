import Foundation
import Glibc

/// A fresh software TPM (Debian's `swtpm`) listening on localhost, with its own state folder,
/// stopped on `stop()` or `deinit`. For the tests and `pinform-bench` only: never linked into the
/// app. `tcti` is what tpm2-tss (`PINFORM_TPM2_TCTI`) and tpm2-tools take.
public final class SoftwareTPM {
    /// Why a software TPM could not be used. Tests fail with it; they never skip.
    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }

    /// The TCTI configuration that reaches this TPM: `swtpm:host=127.0.0.1,port=…`.
    public let tcti: String
    private let process: Process
    private let state: String

    /// Starts swtpm on a free pair of ports (the swtpm TCTI uses `port` and `port + 1`).
    public init() throws {
        let swtpm = try SoftwareTPM.tool("swtpm")
        var template = Array(URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("pinform-swtpm.XXXXXX").path.utf8CString)
        guard let created = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw Unavailable(description: "could not create a folder for the software TPM's state")
        }
        state = String(cString: created)
        var lastFailure = "no attempt"
        for _ in 0..<8 {
            let port = try SoftwareTPM.freePortPair()
            let process = Process()
            // Through util-linux's setpriv, so swtpm dies with the process that started it even
            // when that one crashes.
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = [
                "--pdeathsig", "KILL", swtpm, "socket", "--tpm2",
                "--tpmstate", "dir=\(state)",
                "--server", "type=tcp,port=\(port),bindaddr=127.0.0.1",
                "--ctrl", "type=tcp,port=\(port + 1),bindaddr=127.0.0.1",
                "--flags", "not-need-init,startup-clear",
            ]
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            if SoftwareTPM.waitUntilListening(port: UInt16(port), while: process) {
                self.process = process
                tcti = "swtpm:host=127.0.0.1,port=\(port)"
                return
            }
            // Another process took the port in between, or swtpm failed: try other ports.
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            lastFailure = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
        try? FileManager.default.removeItem(atPath: state)
        throw Unavailable(description: "swtpm did not start: \(lastFailure)")
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: state)
    }

    /// Stops the software TPM (its state folder goes with this object).
    public func stop() {
        if process.isRunning {
            process.terminate()
        }
        process.waitUntilExit()
    }

    /// Runs a tpm2-tools command against this TPM and returns what it printed.
    @discardableResult
    public func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try SoftwareTPM.tool(tool))
        process.arguments = ["--tcti", tcti] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let complaints = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Unavailable(description: "\(tool) \(arguments.joined(separator: " ")) failed: "
                + String(decoding: complaints, as: UTF8.self))
        }
        return String(decoding: printed, as: UTF8.self)
    }

    /// `TPM2_PT_LOCKOUT_COUNTER` as `tpm2_getcap properties-variable` reports it.
    public func lockoutCounter() throws -> Int {
        let output = try run("tpm2_getcap", ["properties-variable"])
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("TPM2_PT_LOCKOUT_COUNTER:") }),
              let hex = line.split(separator: "x").last, let value = Int(hex.trimmingCharacters(in: .whitespaces), radix: 16)
        else {
            throw Unavailable(description: "tpm2_getcap printed no lockout counter:\n\(output)")
        }
        return value
    }

    /// The full path of a tool from Debian's swtpm or tpm2-tools packages.
    public static func tool(_ name: String) throws -> String {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
            + ["/usr/bin", "/usr/sbin"]
        for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
            return "\(folder)/\(name)"
        }
        throw Unavailable(description: "\(name) is not installed: the TPM tests need Debian's swtpm, swtpm-tools "
            + "and tpm2-tools (scripts/test installs them; or apt-get install swtpm swtpm-tools tpm2-tools)")
    }

    /// A port `p` such that `p` and `p + 1` are both free on localhost right now.
    private static func freePortPair() throws -> Int {
        for _ in 0..<50 {
            let port = Int.random(in: 20_000..<60_000)
            if isFree(port), isFree(port + 1) {
                return port
            }
        }
        throw Unavailable(description: "no free pair of TCP ports on localhost")
    }

    private static func isFree(_ port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = loopback(port: UInt16(port))
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    /// Waits (10 s at most) until something accepts connections on `port`, or `process` ended.
    private static func waitUntilListening(port: UInt16, while process: Process) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, process.isRunning {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = loopback(port: port)
            let connected = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            close(socket)
            if connected { return true }
            usleep(20_000)
        }
        return false
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}
