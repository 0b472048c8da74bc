// Thumbnail throughput on this machine, with an empty cache each run:
//   photos: 1000x750 JPEGs (100-300 KB of noisy content) -> fill 250x188, 1x and 2x
//   flags:  SVG flags -> fit 115x75, 1x and 2x
// The sources are generated once into /tmp/gazetteer-thumbnails-bench.
//
//   swift run -c release ThumbnailsBench [--runs 3] [--photos 200] [--flags 100] [--only centre|attention|flags]

import Foundation
@_spi(Fixtures) import Thumbnails

struct Options {
    var runs = 3
    var photos = 200
    var flags = 100
    var only: String?
    var corpus = URL(fileURLWithPath: "/tmp/gazetteer-thumbnails-bench")

    init(_ arguments: [String]) {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            let text = iterator.next()
            if argument == "--only", let text { only = text; continue }
            let value = text.flatMap(Int.init)
            switch (argument, value) {
            case ("--runs", let n?): runs = n
            case ("--photos", let n?): photos = n
            case ("--flags", let n?): flags = n
            default:
                FileHandle.standardError.write(Data("usage: ThumbnailsBench [--runs N] [--photos N] [--flags N] [--only centre|attention|flags]\n".utf8))
                exit(2)
            }
        }
    }
}

/// A varied SVG flag: stripes, a cross, a disc or a star field, several aspect ratios, and
/// (for some) the long XML prologue real flag files have.
func flagSVG(_ index: Int) -> String {
    let palette = ["#ce1126", "#ffffff", "#002868", "#009739", "#fedd00", "#000000", "#ff9933", "#0072c6", "#d52b1e"]
    func colour(_ n: Int) -> String { palette[(index * 7 + n * 3) % palette.count] }
    let ratios = [(3, 2), (2, 1), (5, 3), (4, 3), (1, 1), (19, 10), (7, 4)]
    let (rw, rh) = ratios[index % ratios.count]
    let width = rw * 60, height = rh * 60
    var body = ""
    switch index % 4 {
    case 0:
        let stripes = 2 + index % 12
        for s in 0..<stripes {
            body += "<rect y=\"\(Double(height) * Double(s) / Double(stripes))\" width=\"\(width)\" height=\"\(Double(height) / Double(stripes) + 0.5)\" fill=\"\(colour(s))\"/>\n"
        }
    case 1:
        body += "<rect width=\"\(width)\" height=\"\(height)\" fill=\"\(colour(0))\"/>\n"
        body += "<rect x=\"\(width / 3)\" width=\"\(height / 5)\" height=\"\(height)\" fill=\"\(colour(1))\"/>\n"
        body += "<rect y=\"\(height * 2 / 5)\" width=\"\(width)\" height=\"\(height / 5)\" fill=\"\(colour(1))\"/>\n"
    case 2:
        body += "<rect width=\"\(width)\" height=\"\(height)\" fill=\"\(colour(0))\"/>\n"
        body += "<circle cx=\"\(width / 2)\" cy=\"\(height / 2)\" r=\"\(height * 3 / 10)\" fill=\"\(colour(1))\"/>\n"
        body += "<path d=\"M0,0 L\(width / 3),\(height / 2) L0,\(height) Z\" fill=\"\(colour(2))\"/>\n"
    default:
        body += "<rect width=\"\(width)\" height=\"\(height)\" fill=\"\(colour(0))\"/>\n"
        body += "<rect width=\"\(width * 2 / 5)\" height=\"\(height / 2)\" fill=\"\(colour(2))\"/>\n"
        let star = "<path d=\"M0,-5 L1.2,-1.6 L4.8,-1.5 L1.9,0.6 L2.9,4 L0,2 L-2.9,4 L-1.9,0.6 L-4.8,-1.5 L-1.2,-1.6 Z\" fill=\"#fff\""
        for row in 0..<5 {
            for column in 0..<6 {
                body += "\(star) transform=\"translate(\(8 + column * (width * 2 / 5 - 16) / 5),\(8 + row * (height / 2 - 16) / 4)) scale(\(Double(height) / 200))\"/>\n"
            }
        }
        for s in 0..<7 {
            body += "<rect x=\"\(width * 2 / 5)\" y=\"\(height * s / 7)\" width=\"\(width * 3 / 5)\" height=\"\(height / 14)\" fill=\"\(colour(3))\"/>\n"
        }
    }
    let prologue = index % 3 == 0
        ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- " + String(repeating: "Flag drawn from the national standard; public domain. ", count: 25) + "-->\n"
        : ""
    return prologue + "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">\n"
        + body + "</svg>\n"
}

func prepareCorpus(_ options: Options) throws -> (photos: [URL], flags: [URL]) {
    let manager = FileManager.default
    let photoFolder = options.corpus.appending(path: "photos")
    let flagFolder = options.corpus.appending(path: "flags")
    try manager.createDirectory(at: photoFolder, withIntermediateDirectories: true)
    try manager.createDirectory(at: flagFolder, withIntermediateDirectories: true)
    var photos: [URL] = []
    var made = 0
    for index in 0..<options.photos {
        let url = photoFolder.appending(path: String(format: "city-%03d.jpg", index))
        if !manager.fileExists(atPath: url.path) {
            try ThumbnailFixtures.writePhoto(to: url, format: "jpeg", width: 1000, height: 750, seed: index, sigma: Double(20 + index % 6 * 4), quality: 85)
            made += 1
        }
        photos.append(url)
    }
    var flags: [URL] = []
    for index in 0..<options.flags {
        let url = flagFolder.appending(path: String(format: "flag-%03d.svg", index))
        if !manager.fileExists(atPath: url.path) {
            try Data(flagSVG(index).utf8).write(to: url)
        }
        flags.append(url)
    }
    if made > 0 { print("generated \(made) photos in \(photoFolder.path)") }
    let sizes = photos.map { (try? manager.attributesOfItem(atPath: $0.path)[.size] as? Int) ?? 0 }
    print(String(
        format: "corpus: %d JPEGs 1000x750, %d-%d KB (mean %d KB); %d SVG flags",
        photos.count, (sizes.min() ?? 0) / 1000, (sizes.max() ?? 0) / 1000,
        sizes.reduce(0, +) / max(1, sizes.count) / 1000, flags.count))
    return (photos, flags)
}

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

func run(_ sources: [URL], _ spec: ThumbnailSpec, corpus: URL) throws -> Timing {
    // Fresh each run; all removed at the end (deleting between runs slows file creation).
    let cache = corpus.appending(path: "caches/\(UUID().uuidString)")
    let thumbnailer = try Thumbnailer(cacheDirectory: cache)
    let cpuStart = processorTime()
    let start = Date()
    let plans = try sources.enumerated().map { index, source in
        try thumbnailer.plan(ThumbnailRequest(source: source, spec: spec, stem: "image\(index)"))
    }
    let planned = Date()
    let report = thumbnailer.make(plans)
    let made = Date()
    if !report.errors.isEmpty { throw report.errors[0] }
    return Timing(
        plan: planned.timeIntervalSince(start), make: made.timeIntervalSince(planned), made: report.made,
        cpu: processorTime() - cpuStart)
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
let corpus = try prepareCorpus(options)
print("cores: \(ProcessInfo.processInfo.activeProcessorCount), runs: \(options.runs) (fastest shown)\n")
let cases: [(String, [URL], ThumbnailSpec, Double)] = [
    ("photos  fill 250x188 centre, 1x+2x, JPEG", corpus.photos, ThumbnailSpec(width: 250, height: 188, mode: .fill(.centre)), 200),
    ("photos  fill 250x188 attention, 1x+2x, JPEG", corpus.photos, ThumbnailSpec(width: 250, height: 188, mode: .fill(.attention)), 200),
    ("flags   fit 115x75, 1x+2x, PNG", corpus.flags, ThumbnailSpec(width: 115, height: 75, mode: .fit), 500),
]
let cores = ProcessInfo.processInfo.activeProcessorCount
defer { try? FileManager.default.removeItem(at: options.corpus.appending(path: "caches")) }
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
            + "  %6.2f ms processor time per picture: %4.0f pictures/s on %d otherwise idle cores; target %.0f: %@",
        label, rate, Double(timing.made) / timing.total, timing.plan, timing.make, sources.count, timing.made,
        cpuPerPicture * 1000, idleRate, cores, target, max(rate, idleRate) >= target ? "met" : "MISSED"))
}
var load = [Double](repeating: 0, count: 3)
if getloadavg(&load, 3) == 3 {
    print(String(format: "\nload average while running: %.2f (a busy machine lowers the wall-clock figures)", load[0]))
}
