import Foundation
import Search

// Builds the index of 10,000 synthetic records and prints the issue's numbers (run in release
// mode: `swift run -c release SearchBench [--no-browser]`).
func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// CPU time of this thread: the machine may be shared, and an update runs on one thread.
func threadCPUMilliseconds(_ body: () throws -> Void) rethrows -> Double {
    func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
    }
    let start = now()
    try body()
    return now() - start
}

var corpus = Corpus()
let records = corpus.records()
print("records: \(records.count) (\(records.filter { $0.kind == .country }.count) countries), body text \(records.reduce(0) { $0 + $1.body.utf8.count } / 1_000_000) MB")

/// The most memory the process has held so far (VmHWM), in MB.
func peakMegabytes() -> Double {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return Double(line.split(separator: " ").dropFirst().first ?? "0").map { $0 / 1024 } ?? 0
}

var build: SearchBuild!
let peakBefore = peakMegabytes()
build = try SearchIndex.build(records)
print(String(format: "peak memory: %.0f MB with the records, %.0f MB after a full build (+%.0f MB)",
             peakBefore, peakMegabytes(), peakMegabytes() - peakBefore))
let buildTimes = try (0..<3).map { _ in try milliseconds { build = try SearchIndex.build(records) } }
let total = build.files.values.reduce(0) { $0 + $1.count }
var digest: UInt64 = 0xcbf2_9ce4_8422_2325
for path in build.files.keys.sorted() { for byte in Array(path.utf8) + build.files[path]! { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 } }
print("files digest: \(String(digest, radix: 16))")
print(String(format: "full build: %.0f ms (median of 3), %d files, %.2f MB (%.1f%% of 120 MB of HTML)",
             median(buildTimes), build.files.count, Double(total) / 1e6, Double(total) / 1.2e6))
for folder in ["w", "d", "t"] {
    let files = build.files.filter { $0.key.hasPrefix("search/\(folder)/") }
    print("  search/\(folder)/: \(files.count) files, \(files.values.reduce(0) { $0 + $1.count } / 1000) KB, largest \(files.values.map(\.count).max()! / 1000) KB")
}
print("  search/index.js: \(build.files["search/index.js"]!.count / 1000) KB")

var bytes: [UInt8] = []
let saveTime = milliseconds { bytes = build.state.encoded() }
var state: SearchState!
let loadTime = try milliseconds { state = try SearchState(decoding: bytes) }
print(String(format: "state: %.1f MB, saved in %.0f ms, read in %.0f ms", Double(bytes.count) / 1e6, saveTime, loadTime))

@MainActor func updateTimes(_ edit: (inout SearchRecord) -> Void, label: String, pick: Int) throws {
    var times: [Double] = [], cpu: [Double] = []
    var written = 0
    for n in 0..<9 {
        var record = records[(pick + n * 997) % records.count]
        edit(&record)
        var update: SearchUpdate!
        cpu.append(try threadCPUMilliseconds {
            times.append(try milliseconds { update = try SearchIndex.update(state, changed: [record], removed: []) })
        })
        written = update.written.count
    }
    print(String(format: "update, %@: %.1f ms (median of 9; %.1f ms of CPU), %d files written", label, median(times), median(cpu), written))
}
try updateTimes({ $0.body += " Newly added sentence about harbours." }, label: "one body edited", pick: 5000)
try updateTimes({ $0.motto = "A new motto" }, label: "one motto edited", pick: 17)
try updateTimes({ $0.name += " Nova" }, label: "one record renamed in place", pick: 4321)
try updateTimes({ $0.name = "Aaa " + $0.name }, label: "one record renamed to the front", pick: 4321)
// A new city whose slug comes right after another's: the records after it in id order move up.
try updateTimes({ $0.slug += "-b"; $0.name += " Nova" }, label: "one city added (ids shift)", pick: 4321)

if !CommandLine.arguments.contains("--no-browser") {
    try BrowserBench(files: build.files, records: records).run()
}
