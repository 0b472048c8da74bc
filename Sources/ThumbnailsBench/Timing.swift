import Foundation

/// How long one run took.
struct Timing {
    var plan: Double
    var make: Double
    var made: Int
    /// Processor time used by the whole process (all threads), in seconds.
    var cpu: Double
    var total: Double { plan + make }
}

/// User plus system processor time of this process so far, in seconds.
func processorTime() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
}
