import CSodium
#if canImport(Glibc)
import Glibc
#endif

/// Keeps the PIN and the keys in this process's memory away from other processes and from disk.
public enum ProcessProtection {
    /// Makes the process non-dumpable (`PR_SET_DUMPABLE` 0): no core file, and the user's other
    /// processes can neither ptrace it nor read `/proc/<pid>/mem`. Call it first thing in `main`.
    ///
    /// - Returns: whether it took effect.
    @discardableResult
    public static func makeUndumpable() -> Bool {
        var noCoreDumps = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCoreDumps)
        return pf_set_not_dumpable() == 0
    }

    /// Whether the process is dumpable now (`PR_GET_DUMPABLE`).
    public static var isDumpable: Bool { pf_is_dumpable() != 0 }
}
