import Foundation

/// The kernel's clock since boot and the boot's identity, which a lockout is bound to so that
/// the wall clock cannot shorten it.
///
/// `system` reads `/proc/uptime` (the kernel's `CLOCK_BOOTTIME`: it runs on during suspend and
/// cannot be set, not even by root) and `/proc/sys/kernel/random/boot_id` (new at every boot).
/// Both are read as files, not through `clock_gettime`, so that a clock faked for the process
/// (`faketime`, an `LD_PRELOAD` library that replaces the time calls) does not move them.
///
/// Within one boot a lockout ends when the boot clock says its duration has passed, however the
/// wall clock moves; the boot clock starts again at 0 at every boot, so a lockout that had not
/// ended when the computer restarted waits its whole duration again (see `PinCheck`).
///
/// ```swift
/// let clock = BootClock.system
/// if let id = clock.id(), let seconds = clock.seconds() { print(id, seconds) }
/// ```
public struct BootClock: Sendable {
    /// The boot's identity, or `nil` when it cannot be read.
    public let id: @Sendable () -> String?
    /// Seconds since boot, suspend included, or `nil` when they cannot be read.
    public let seconds: @Sendable () -> Double?

    /// A clock of the given readings (tests pass fake ones).
    public init(id: @escaping @Sendable () -> String?, seconds: @escaping @Sendable () -> Double?) {
        self.id = id
        self.seconds = seconds
    }

    /// The kernel's boot clock and boot id, read from `/proc`.
    public static let system = BootClock(
        id: { BootClock.firstLine(of: "/proc/sys/kernel/random/boot_id") },
        seconds: {
            guard let line = BootClock.firstLine(of: "/proc/uptime"),
                  let first = line.split(separator: " ").first, let value = Double(first), value.isFinite
            else { return nil }
            return value
        })

    /// No boot clock: lockouts follow the wall clock alone (where `/proc` is missing, and for
    /// tests that move a fake wall clock).
    public static let none = BootClock(id: { nil }, seconds: { nil })

    private static func firstLine(of path: String) -> String? {
        guard case .success(let bytes) = FileOperations.readRegularFile(atPath: path, limit: 256) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        let line = text.split(separator: "\n").first.map(String.init)?.trimmingCharacters(in: .whitespaces)
        return line?.isEmpty == false ? line : nil
    }
}
