// The build-time half of `SystemLibraryNames` (Plugins/): writes a Swift file naming, for each C
// library a target opens with dlopen, the soname the library found by this build has and the
// package that installs it.
//   SystemLibraryNamesTool OUTPUT NAME=PKGCONFIG:LIBRARY...
// pkg-config gives the library's folder; `lib<LIBRARY>.so` there is what the linker would take
// for `-l<LIBRARY>`; its ELF DT_SONAME is what the loader must be asked for; `dpkg-query -S`
// names the package (none where there is no dpkg, as in a Flatpak).
import Foundation

struct Failure: Error, CustomStringConvertible {
    let description: String
}

/// Runs `executable` with `arguments`; its standard output, or nil when it could not run or failed.
func output(of executable: String, _ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}

/// The first of `names` found in PATH's folders.
func program(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// The `DT_SONAME` of a 64-bit little-endian ELF shared object.
func soname(ofLibraryAt path: String) throws -> String {
    guard let data = FileManager.default.contents(atPath: path) else { throw Failure(description: "cannot read \(path)") }
    let bytes = [UInt8](data)
    func integer(at offset: Int, size: Int) throws -> UInt64 {
        guard offset >= 0, size <= 8, offset + size <= bytes.count else { throw Failure(description: "\(path) is not a complete ELF file") }
        var value: UInt64 = 0
        for index in (0..<size).reversed() { value = value << 8 | UInt64(bytes[offset + index]) }
        return value
    }
    guard bytes.starts(with: [0x7F, 0x45, 0x4C, 0x46]), bytes.count > 64, bytes[4] == 2, bytes[5] == 1 else {
        throw Failure(description: "\(path) is not a 64-bit little-endian ELF file")
    }
    let programHeaders = Int(try integer(at: 0x20, size: 8))
    let headerSize = Int(try integer(at: 0x36, size: 2))
    let headerCount = Int(try integer(at: 0x38, size: 2))
    var loads: [(address: UInt64, offset: UInt64, size: UInt64)] = []
    var dynamic: (offset: Int, size: Int)?
    for index in 0..<headerCount {
        let header = programHeaders + index * headerSize
        let type = try integer(at: header, size: 4)
        let offset = try integer(at: header + 8, size: 8)
        let address = try integer(at: header + 16, size: 8)
        let size = try integer(at: header + 32, size: 8)
        if type == 1 { loads.append((address, offset, size)) }  // PT_LOAD
        if type == 2 { dynamic = (Int(offset), Int(size)) }  // PT_DYNAMIC
    }
    guard let dynamic else { throw Failure(description: "\(path) has no dynamic section") }
    var stringTable: UInt64?
    var sonameOffset: UInt64?
    for entry in stride(from: dynamic.offset, to: dynamic.offset + dynamic.size, by: 16) {
        let tag = try integer(at: entry, size: 8)
        let value = try integer(at: entry + 8, size: 8)
        if tag == 0 { break }  // DT_NULL
        if tag == 5 { stringTable = value }  // DT_STRTAB, an address
        if tag == 14 { sonameOffset = value }  // DT_SONAME, an offset in the string table
    }
    guard let stringTable, let sonameOffset else { throw Failure(description: "\(path) has no soname") }
    guard let segment = loads.first(where: { stringTable >= $0.address && stringTable < $0.address + $0.size }) else {
        throw Failure(description: "\(path): the string table is outside every segment")
    }
    let start = Int(segment.offset + (stringTable - segment.address) + sonameOffset)
    guard start < bytes.count, let end = bytes[start...].firstIndex(of: 0) else { throw Failure(description: "\(path): the soname is cut") }
    return String(decoding: bytes[start..<end], as: UTF8.self)
}

/// A Swift string literal.
func literal(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
}

func main() throws {
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard let outputPath = arguments.first else { throw Failure(description: "usage: SystemLibraryNamesTool OUTPUT NAME=PKGCONFIG:LIBRARY...") }
    guard let pkgConfig = program("pkg-config") ?? program("pkgconf") else {
        throw Failure(description: "pkg-config was not found: install it (Debian: pkgconf) to build Pinform")
    }
    let dpkgQuery = program("dpkg-query")
    var lines = [
        "// Generated at build time by the SystemLibraryNames plugin from the libraries this build found",
        "// (pkg-config, each library's ELF soname, dpkg for its package); do not edit.",
        "",
        "/// The C libraries this module opens with dlopen, as the system it was built on provides them.",
        "enum SystemLibraryNames {",
    ]
    for argument in arguments.dropFirst() {
        let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
        let source = parts.count == 2 ? parts[1].split(separator: ":", maxSplits: 1).map(String.init) : []
        guard source.count == 2 else { throw Failure(description: "not NAME=PKGCONFIG:LIBRARY: \(argument)") }
        let (name, module, library) = (parts[0], source[0], source[1])
        guard let folder = output(of: pkgConfig, ["--variable=libdir", module]), !folder.isEmpty else {
            throw Failure(description: "pkg-config does not know \(module): install its development package (Debian: the -dev package that ships \(module).pc)")
        }
        let found = "\(folder)/lib\(library).so"
        let soname = try soname(ofLibraryAt: found)
        let package = dpkgQuery.flatMap { output(of: $0, ["-S", "\(folder)/\(soname)"]) }
            .flatMap { $0.split(separator: "\n").first }
            .flatMap { $0.split(separator: ":").first.map(String.init) }
        lines.append("    /// \(found)")
        lines.append("    static let \(name) = (soname: \(literal(soname)), package: \(package.map(literal) ?? "nil") as String?)")
    }
    lines.append("}")
    let text = lines.joined(separator: "\n") + "\n"
    // Rewritten only when it changed, so that the module is not compiled again for nothing.
    if (try? String(contentsOfFile: outputPath, encoding: .utf8)) != text {
        try text.write(toFile: outputPath, atomically: true, encoding: .utf8)
    }
}

do {
    try main()
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
