// Thumbnail throughput on this machine, with an empty cache each run:
//   photos: 1000x750 JPEGs (100-300 KB of noisy content) -> fill 250x188, 1x and 2x
//   rotated: the same photos stored turned, with EXIF orientation 6 (the direct path turns
//            them upright) -> fill 250x188, 1x and 2x
//   flags:  SVG flags -> fit 115x75, 1x and 2x
// The sources are generated once into /tmp/gazetteer-thumbnails-bench.
//
//   swift run -c release ThumbnailsBench [--runs 3] [--photos 200] [--flags 100] [--only centre|attention|rotated|flags]

import Foundation
import Locking
import Thumbnails
import ThumbnailsTestSupport

func prepareCorpus(_ options: Options) throws -> (photos: [URL], rotated: [URL], flags: [URL]) {
    let manager = FileManager.default
    let photoFolder = options.corpus.appending(path: "photos")
    let flagFolder = options.corpus.appending(path: "flags")
    let rotatedFolder = options.corpus.appending(path: "rotated")
    try manager.createDirectory(at: photoFolder, withIntermediateDirectories: true)
    try manager.createDirectory(at: rotatedFolder, withIntermediateDirectories: true)
    try manager.createDirectory(at: flagFolder, withIntermediateDirectories: true)
    var photos: [URL] = []
    var made = 0
    for index in 0..<options.photos {
        let url = photoFolder.appending(path: String(format: "city-%03d.jpg", index))
        if !manager.fileExists(atPath: url.path) {
            try ThumbnailFixtures.writePhoto(
                to: url, format: "jpeg", width: 1000, height: 750, seed: index, sigma: Double(20 + index % 6 * 4),
                quality: 85)
            made += 1
        }
        photos.append(url)
    }
    var rotated: [URL] = []
    for index in 0..<options.rotated {
        let url = rotatedFolder.appending(path: String(format: "city-%03d.jpg", index))
        if !manager.fileExists(atPath: url.path) {
            try ThumbnailFixtures.writePhoto(
                to: url, format: "jpeg", width: 750, height: 1000, seed: 1000 + index,
                sigma: Double(20 + index % 6 * 4), quality: 85, orientation: 6)
            made += 1
        }
        rotated.append(url)
    }
    var flags: [URL] = []
    for index in 0..<options.flags {
        let url = flagFolder.appending(path: String(format: "flag-%03d.svg", index))
        if !manager.fileExists(atPath: url.path) {
            try Data(FlagArt.svg(index).utf8).write(to: url)
        }
        flags.append(url)
    }
    if made > 0 { print("generated \(made) photos in \(options.corpus.path)") }
    let sizes = photos.map { (try? manager.attributesOfItem(atPath: $0.path)[.size] as? Int) ?? 0 }
    print(String(
        format: "corpus: %d JPEGs 1000x750, %d-%d KB (mean %d KB); %d EXIF-rotated JPEGs; %d SVG flags",
        photos.count, (sizes.min() ?? 0) / 1000, (sizes.max() ?? 0) / 1000,
        sizes.reduce(0, +) / max(1, sizes.count) / 1000, rotated.count, flags.count))
    return (photos, rotated, flags)
}

/// The caches this process made: removed at the end, and only they (another run of the benchmark
/// may be using the same corpus folder at the same time).
let madeCaches = Locked<[URL]>([])

func run(_ sources: [URL], _ spec: ThumbnailSpec, corpus: URL) throws -> Timing {
    // Fresh each run; all removed at the end (deleting between runs slows file creation).
    let cache = corpus.appending(path: "caches/\(UUID().uuidString)")
    madeCaches.withLock { $0.append(cache) }
    let thumbnailer = try Thumbnailer(cacheDirectory: cache)
    let cpuStart = processorTime()
    let start = Date()
    // Planned from several threads at once, as the site build does while rendering pages.
    let planned = Parallel.map(sources.count) { index in
        Result { () throws(ThumbnailError) -> ThumbnailPlan in
            try thumbnailer.plan(ThumbnailRequest(source: sources[index], spec: spec, stem: "image\(index)"))
        }
    }
    let plans = try planned.map { try $0.get() }
    let planEnd = Date()
    let report = thumbnailer.make(plans)
    let made = Date()
    if !report.errors.isEmpty { throw report.errors[0] }
    return Timing(
        plan: planEnd.timeIntervalSince(start), make: made.timeIntervalSince(planEnd), made: report.made,
        cpu: processorTime() - cpuStart)
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
let corpus = try prepareCorpus(options)
print("cores: \(ProcessInfo.processInfo.activeProcessorCount), runs: \(options.runs) (fastest shown)\n")
let cases: [(String, [URL], ThumbnailSpec, Double)] = [
    ("photos  fill 250x188 centre, 1x+2x, JPEG", corpus.photos, ThumbnailSpec(width: 250, height: 188, mode: .fill(.centre)), 200),
    ("photos  fill 250x188 attention, 1x+2x, JPEG", corpus.photos, ThumbnailSpec(width: 250, height: 188, mode: .fill(.attention)), 200),
    ("rotated fill 250x188 centre, 1x+2x, JPEG (EXIF orientation 6)", corpus.rotated, ThumbnailSpec(width: 250, height: 188, mode: .fill(.centre)), 200),
    ("flags   fit 115x75, 1x+2x, PNG", corpus.flags, ThumbnailSpec(width: 115, height: 75, mode: .fit), 500),
]
let cores = ProcessInfo.processInfo.activeProcessorCount
defer { for cache in madeCaches.withLock({ $0 }) { try? FileManager.default.removeItem(at: cache) } }
for (label, sources, spec, target) in cases where !sources.isEmpty {
    if let only = options.only, !label.contains(only) { continue }
    var best: Timing?
    for _ in 0..<options.runs {
        let timing = try run(sources, spec, corpus: options.corpus)
        if best == nil || timing.total < best!.total { best = timing }
    }
    let timing = best!
    let rate = Double(sources.count) / timing.total
    let cpuPerPicture = timing.cpu / Double(sources.count)
    let idleRate = Double(cores) / cpuPerPicture
    print(String(
        format: "%@\n  %6.0f pictures/s wall (%4.0f images/s; plan %.3f s + make %.3f s for %d pictures, %d images)\n"
            + "  %6.2f ms processor time per picture: %4.0f pictures/s on %d otherwise idle cores\n"
            + "  target %.0f pictures/s: %@ by the wall clock, %@ by processor time",
        label, rate, Double(timing.made) / timing.total, timing.plan, timing.make, sources.count, timing.made,
        cpuPerPicture * 1000, idleRate, cores, target, rate >= target ? "met" : "missed",
        idleRate >= target ? "met" : "missed"))
}
var load = [Double](repeating: 0, count: 3)
if getloadavg(&load, 3) == 3 {
    print(String(format: "\nload average while running: %.2f (a busy machine lowers the wall-clock figures)", load[0]))
}
