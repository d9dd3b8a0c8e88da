import Glibc

/// Where the benchmark finds the package, the programs it starts and the app's data files.
enum BenchPaths {
    /// The package root: Sources/PinformBench/BenchPaths.swift, three levels up.
    static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    /// The folder of this executable (.build/release), where `pinform` is built too.
    static let binaryDirectory: String = {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return root + "/.build/release" }
        let path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
    }()

    /// This executable.
    static var executable: String {
        binaryDirectory + "/pinform-bench"
    }

    /// `pinform` beside this executable, or $PINFORM_BENCH_APP (to compare another build of it).
    static var app: String {
        if let override = getenv("PINFORM_BENCH_APP").map({ String(cString: $0) }), !override.isEmpty { return override }
        return binaryDirectory + "/pinform"
    }

    /// The app's data folder: $PINFORM_DATA_DIR, else data/ in the package.
    static var data: String {
        if let override = getenv("PINFORM_DATA_DIR").map({ String(cString: $0) }), !override.isEmpty { return override }
        return root + "/data"
    }

    static var anchorSource: String { root + "/Benchmarks/anchor/pin_window.c" }
    static var anchorBinary: String { root + "/.build/anchor/pin_window" }

    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// A new private folder under /tmp.
    static func temporaryDirectory() -> String {
        var template = Array("/tmp/pinform-bench-XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { fatalError("cannot create a temporary folder") }
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
