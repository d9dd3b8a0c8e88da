#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A TCP proxy on a free port of 127.0.0.1 in front of a private cluster's Unix socket, for
/// fault tests: it forwards, cuts every connection and refuses new ones (the network gone),
/// swallows everything without a word (a network that drops packets: no answer, no end), or
/// drops one connection right after a `COMMIT` went through to the server and before its answer
/// comes back (the save committed, the desk not told).
public final class DroppingProxy: @unchecked Sendable {
    /// The port the desk connects to.
    public let port: Int
    private let target: String
    private let listener: Int32
    private let lock = NSLock()
    private var open: [Int32] = []
    private var refusing = false
    private var swallowing = false
    private var dropAfterCommit = false
    private var stopped = false

    /// Listens on 127.0.0.1 and forwards to `cluster`'s Unix socket.
    public init(to cluster: PostgresCluster) throws {
        target = cluster.socketFolder + "/.s.PGSQL.\(cluster.port)"
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 16) == 0 else {
            close(listener)
            throw PostgresCluster.Unavailable(description: "the proxy could not listen: \(String(cString: strerror(errno)))")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit {
        stop()
    }

    /// Stops listening and cuts every connection.
    public func stop() {
        lock.withLock { stopped = true }
        shutdown(listener, Int32(SHUT_RDWR))
        cutAll()
    }

    /// The network cut: every connection is closed, and new ones are closed as they come,
    /// until `restore()`.
    public func cutAll() {
        let sockets = lock.withLock { () -> [Int32] in
            refusing = true
            return open
        }
        for socket in sockets { shutdown(socket, Int32(SHUT_RDWR)) }
    }

    /// The network silent: nothing more is forwarded either way on any connection, none is
    /// closed, and new ones are accepted and never answered, until `restore()` (the
    /// connections swallowed meanwhile stay silent: what they sent is lost).
    public func swallowAll() {
        lock.withLock {
            swallowing = true
            refusing = false
        }
    }

    /// The network back: connections are forwarded again.
    public func restore() {
        lock.withLock {
            refusing = false
            swallowing = false
            dropAfterCommit = false
        }
    }

    /// The next `COMMIT` a desk sends reaches the server, and its connection is then dropped
    /// before the server's answer comes back to the desk.
    public func dropAfterNextCommit() {
        lock.withLock { dropAfterCommit = true }
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if lock.withLock({ stopped }) { return }
                continue
            }
            guard !lock.withLock({ refusing || stopped }), let server = connectToTarget() else {
                close(client)
                continue
            }
            lock.withLock { open += [client, server] }
            let pair = Pair()
            pair.swallowed = lock.withLock { swallowing }
            Thread.detachNewThread { [self] in pump(from: client, to: server, pair: pair, watchingCommits: true) }
            Thread.detachNewThread { [self] in pump(from: server, to: client, pair: pair, watchingCommits: false) }
        }
    }

    private func connectToTarget() -> Int32? {
        let server = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (index, byte) in target.utf8.prefix(bytes.count - 1).enumerated() { bytes[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(server, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            close(server)
            return nil
        }
        return server
    }

    /// One connection's two directions: once its `COMMIT` went through, nothing more reaches the desk.
    private final class Pair: @unchecked Sendable {
        let lock = NSLock()
        var cut = false
        var finished = 0
        /// Accepted while the network swallowed everything: never forwarded.
        var swallowed = false
    }

    private func pump(from source: Int32, to destination: Int32, pair: Pair, watchingCommits: Bool) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let commit = Array("COMMIT\0".utf8)
        while true {
            let count = read(source, &buffer, buffer.count)
            guard count > 0 else { break }
            let chunk = buffer[0..<count]
            if !watchingCommits, pair.lock.withLock({ pair.cut }) { continue }
            if lock.withLock({ swallowing }) {
                pair.lock.withLock { pair.swallowed = true }
            }
            if pair.lock.withLock({ pair.swallowed }) { continue }
            let dropsHere = watchingCommits && lock.withLock({ dropAfterCommit }) && Self.contains(Array(chunk), commit)
            if dropsHere {
                lock.withLock { dropAfterCommit = false }
                // Cut before the COMMIT goes on: the server can answer it before this thread runs
                // again, and the other direction would pass the answer to the desk.
                pair.lock.withLock { pair.cut = true }
            }
            // A socket cut meanwhile (`cutAll`, the desk gone) answers EPIPE, not SIGPIPE,
            // which would end the whole test process.
            _ = chunk.withUnsafeBytes { send(destination, $0.baseAddress, count, Int32(MSG_NOSIGNAL)) }
            if dropsHere {
                // The server reads the COMMIT (already in its socket) and commits; the desk never hears.
                usleep(300_000)
                shutdown(source, Int32(SHUT_RDWR))
                shutdown(destination, Int32(SHUT_RDWR))
                break
            }
        }
        shutdown(destination, Int32(SHUT_RDWR))
        // Both sockets are closed by the second direction to finish, so that neither is reused meanwhile.
        guard pair.lock.withLock({ () -> Bool in
            pair.finished += 1
            return pair.finished == 2
        }) else { return }
        lock.withLock { open.removeAll { $0 == source || $0 == destination } }
        close(source)
        close(destination)
    }

    private static func contains(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
        guard bytes.count >= part.count else { return false }
        return (0...(bytes.count - part.count)).contains { bytes[$0..<($0 + part.count)].elementsEqual(part) }
    }
}
