import Foundation
import Diagnostics
import Load
import Write
import Incremental
import Locking
import Thumbnails

extension SiteBuild {
    /// What publishing left in the output.
    struct Published {
        /// The files copied as they are (theme assets, static/, linked files), by path, with the stamps of their sources.
        var assets: [String: FileStamp]
        var output: BuildManifest.OutputState
        var filesWritten: Int
        /// How many thumbnails the output holds.
        var imageCount: Int
    }

    /// The default theme's script that shows the search box.
    static let searchScript = "assets/search.js"

    /// Write: stages new thumbnails and changed assets, static files and linked files beside the rendered pages, then swaps
    /// the output for the staging folder or updates it (see `SiteWriter`), keeping the files
    /// in it that no build wrote; `replacingForeign`: one where the build writes one is
    /// replaced (else the build fails naming it).
    mutating func publish(_ rendered: RenderOutcome, _ images: Thumbnails, _ search: SearchFiles) throws(DiagnosticList) -> Published {
        let writer = writer!  // a build without an output publishes nothing (`steps`)
        let (staged, changes, previousOutput) = (rendered.staged, images.changes, reuse.output)
        let copied = rendered.copied
        var seen: Set<String> = []
        var linking: [PlannedImage] = []
        for plan in images.plans {
            for image in plan.images where changes.added.contains(image.fileName) && seen.insert(image.fileName).inserted {
                linking.append(image)
            }
        }
        // A hard link each, on every core: a cold build of 249 flags links 1,494 (about 15 us
        // of system time each).
        if !linking.isEmpty {
            let thumbnailer = images.thumbnailer!
            let toLink = linking
            let failures = Parallel.map(toLink.count, chunk: 16) { index -> DiagnosticList? in
                let image = toLink[index]
                do throws(DiagnosticList) {
                    try writer.link(OutputPath.image(image.fileName), from: thumbnailer.cachedFile(image))
                    return nil
                } catch {
                    return error
                }
            }
            if let first = failures.first(where: { $0 != nil }) { throw first! }
            for image in linking { staged.add(OutputPath.image(image.fileName)) }
        }
        // The theme's assets, static/ and the files pages link to, each copied when its stamp changed.
        var assets: [String: FileStamp] = [:]
        for (asset, source) in copied.sources.sorted(by: { $0.key < $1.key }) {
            let stamp = FileStamp.of(source.path)
            if let stamp { assets[asset] = stamp }
            if let stamp, previousOutput?.assets[asset] == stamp { continue }
            try writer.copy(asset, from: source)
            staged.add(asset)
        }
        let placing = staged.paths
        var removing: [String] = []
        if let previousOutput {
            removing += previousOutput.pages.keys.filter { rendered.records[$0] == nil }
            removing += previousOutput.assets.keys.filter { copied.sources[$0] == nil && rendered.records[$0] == nil }
            removing += changes.removed.map(OutputPath.image)
            removing += search.removing
        }
        clock.lap("write.stage")
        var output = previousOutput?.output ?? BuildManifest.OutputState(path: options.output.path, folders: [:])
        // The record of the files the site is made of (`OutputRecord`), when written again.
        var recordWritten = false
        if previousOutput == nil || !placing.isEmpty || !removing.isEmpty {
            BuildManifest.remove(from: options.cache)
            if let previousOutput {
                recordWritten = try writer.update(placing: placing, removing: removing.sorted(), replacingForeign: replacingForeign)
                output = previousOutput.output.restamped(placed: placing)
            } else {
                try writer.replaceOutput(written: placing, replacingForeign: replacingForeign)
                recordWritten = true
                output = BuildManifest.OutputState.current(options.output)
            }
        }
        clock.lap("write.commit")
        return Published(assets: assets, output: output, filesWritten: placing.count + removing.count + (recordWritten ? 1 : 0),
                         imageCount: changes.count)
    }
}
