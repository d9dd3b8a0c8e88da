import Glibc

/// The clocks the benchmarks read, in nanoseconds.
enum Clock {
    static func monotonic() -> Double { read(CLOCK_MONOTONIC) }

    /// Wall-clock time as integer nanoseconds since the epoch (what the programs print).
    static func realtimeNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    /// CPU time of the calling thread.
    static func threadCPU() -> Double { read(CLOCK_THREAD_CPUTIME_ID) }

    /// CPU time of the whole process (every thread).
    static func processCPU() -> Double { read(CLOCK_PROCESS_CPUTIME_ID) }

    private static func read(_ clock: clockid_t) -> Double {
        var now = timespec()
        clock_gettime(clock, &now)
        return Double(now.tv_sec) * 1e9 + Double(now.tv_nsec)
    }
}
