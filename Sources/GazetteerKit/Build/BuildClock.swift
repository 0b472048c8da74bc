import Diagnostics
import Foundation
import Incremental

/// A build's start and its step timings (`--timings`), and the summary made from them.
struct BuildClock {
    let started = Date()
    private(set) var timings = BuildTimings()

    /// Charges the time since the previous lap to `step` (see `BuildTimings.lap`).
    mutating func lap(_ step: String) { timings.lap(step) }

    /// Charges `seconds` measured apart to `step` (see `BuildTimings.add`).
    mutating func add(_ step: String, _ seconds: Double) { timings.add(step, seconds) }

    private var elapsed: Double { Date().timeIntervalSince(started) }

    /// A build that found nothing changed since the one that left `watch`.
    func summary(unchanged watch: InputWatch) -> BuildSummary {
        BuildSummary(
            pages: watch.pages, dataFiles: watch.dataFiles, thumbnailsMade: 0, thumbnailsReused: watch.images,
            seconds: elapsed, pagesRendered: 0, filesWritten: 0, timings: timings)
    }

    /// A build that rendered and made these (and published them, unless it writes no output).
    func summary(_ rendered: SiteBuild.RenderOutcome, _ images: SiteBuild.Thumbnails, _ published: SiteBuild.Published?)
        -> BuildSummary {
        BuildSummary(
            pages: rendered.pageCount, dataFiles: rendered.dataFileCount, thumbnailsMade: images.report.made,
            thumbnailsReused: max(0, images.changes.count - images.report.made),
            seconds: elapsed, pagesRendered: rendered.count, filesWritten: published?.filesWritten ?? 0, timings: timings)
    }
}
