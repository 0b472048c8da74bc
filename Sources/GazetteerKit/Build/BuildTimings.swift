import Foundation

/// Wall-clock time per build stage, in the order the stages ran, for `gazetteer build --timings`.
public struct BuildTimings: Sendable, CustomStringConvertible {
    public static let stages = ["load", "parse", "markdown", "model", "render", "thumbnails", "write"]

    /// Seconds per stage; a stage that did not run is absent.
    public private(set) var seconds: [String: Double] = [:]
    private var mark = DispatchTime.now().uptimeNanoseconds

    public init() {}

    /// Charges the time since the previous mark to `stage` (added, if it ran before).
    mutating func lap(_ stage: String) {
        let now = DispatchTime.now().uptimeNanoseconds
        seconds[stage, default: 0] += Double(now - mark) / 1e9
        mark = now
    }

    /// Charges `seconds` to `stage` and moves the mark past them (for stages measured apart).
    mutating func add(_ stage: String, _ seconds: Double) {
        self.seconds[stage, default: 0] += seconds
        mark += UInt64(max(0, seconds) * 1e9)
    }

    /// One line per stage, with milliseconds, then the total.
    public var description: String {
        var lines: [String] = []
        var total = 0.0
        for stage in Self.stages + seconds.keys.filter({ !Self.stages.contains($0) }).sorted() {
            guard let value = seconds[stage] else { continue }
            total += value
            lines.append(Self.line(stage, value))
        }
        lines.append(Self.line("total", total))
        return lines.joined(separator: "\n")
    }

    private static func line(_ stage: String, _ value: Double) -> String {
        let ms = String(format: "%.1f", value * 1000)
        return stage.padding(toLength: 12, withPad: " ", startingAt: 0)
            + String(repeating: " ", count: max(0, 9 - ms.count)) + ms + " ms"
    }
}
