import Foundation

/// Wall-clock time per build stage, for `gazetteer build --timings`: each stage's total,
/// and under it the steps it was measured in (`load.watch`, `load.scan`, ...).
public struct BuildTimings: Sendable, CustomStringConvertible {
    public static let stages = ["load", "parse", "markdown", "model", "render", "thumbnails", "search", "write"]

    /// Seconds per stage and per step (`stage.step`); a stage that did not run is absent.
    public private(set) var seconds: [String: Double] = [:]
    /// Steps in the order they first ran.
    private var order: [String] = []
    private var mark = DispatchTime.now().uptimeNanoseconds
    /// Processor time (user + system, every thread) per stage, charged at each lap.
    public private(set) var processorSeconds: [String: Double] = [:]
    private var processorMark = BuildTimings.processorTime()

    public init() {}

    /// Seconds of every stage together (the build's `total` line).
    public var stagesTotal: Double { Self.stages.map(total).reduce(0, +) }

    /// Seconds of a stage: its own laps and those of its steps.
    public func total(_ stage: String) -> Double {
        seconds.reduce(0) { sum, item in
            item.key == stage || item.key.hasPrefix(stage + ".") ? sum + item.value : sum
        }
    }

    /// Charges the time since the previous mark to `step` (`stage` or `stage.step`).
    mutating func lap(_ step: String) {
        let now = DispatchTime.now().uptimeNanoseconds
        charge(step, Double(now - mark) / 1e9)
        mark = now
        let processor = Self.processorTime()
        let stage = String(step.prefix { $0 != "." })
        processorSeconds[stage, default: 0] += processor - processorMark
        processorMark = processor
    }

    /// User plus system time of the whole process so far, in seconds.
    static func processorTime() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
    }

    /// Charges `seconds` to `step` and moves the mark past them (for steps measured apart).
    mutating func add(_ step: String, _ seconds: Double) {
        charge(step, seconds)
        mark += UInt64(max(0, seconds) * 1e9)
    }

    private mutating func charge(_ step: String, _ value: Double) {
        if seconds[step] == nil { order.append(step) }
        seconds[step, default: 0] += value
    }

    /// One line per stage in milliseconds, its steps indented under it, then the total.
    public var description: String {
        var lines: [String] = []
        var total = 0.0
        for stage in Self.stages where seconds.keys.contains(where: { $0 == stage || $0.hasPrefix(stage + ".") }) {
            let value = self.total(stage)
            total += value
            lines.append(Self.line(stage, value))
            for step in order where step.hasPrefix(stage + ".") {
                lines.append(Self.line("  " + step.dropFirst(stage.count + 1), seconds[step]!))
            }
        }
        lines.append(Self.line("total", total))
        // How many cores were busy: processor time over wall time, for the build and for
        // each stage that took a noticeable time.
        let processor = processorSeconds.values.reduce(0, +)
        if total > 0 && processor > 0 {
            lines.append(Self.line("processor", processor) + String(format: "  (%.2f cores over the build)", processor / total))
            for stage in Self.stages {
                guard let used = processorSeconds[stage], self.total(stage) >= 0.05 else { continue }
                lines.append(Self.line("  " + stage, used) + String(format: "  (%.2f cores)", used / self.total(stage)))
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func line(_ label: some StringProtocol, _ value: Double) -> String {
        let ms = String(format: "%.1f", value * 1000)
        return String(label).padding(toLength: 14, withPad: " ", startingAt: 0)
            + String(repeating: " ", count: max(0, 9 - ms.count)) + ms + " ms"
    }
}
