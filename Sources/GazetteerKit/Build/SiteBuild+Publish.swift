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

    /// Write, first part: hands the thumbnails new to the output that were not linked as they
    /// were made (`linkAsPlaced`) to the writer, a hard link each from the cache into the
    /// staging folder, made on the writer's thread (one thread: from two at once they take as
    /// long, for twice the processor time, `FileQueue`); `publish` waits for them.
    func stageThumbnails(_ rendered: RenderOutcome, _ images: Thumbnails) {
        guard let writer, let thumbnailer = images.thumbnailer else { return }
        let changes = images.changes
        // Most were linked as they were made (`linkAsPlaced`).
        var seen = images.linked.value
        var linked: [(path: String, source: URL)] = []
        for plan in images.plans {
            for image in plan.images where changes.added.contains(image.fileName) && seen.insert(image.fileName).inserted {
                linked.append((OutputPath.image(image.fileName), thumbnailer.cachedFile(image)))
            }
        }
        if reuse.output != nil && !linked.isEmpty { writer.expect(files: linked.count) }
        for (path, source) in linked {
            writer.link(path, from: source)
            rendered.staged.add(path)
        }
    }

    /// Write: stages changed assets, static files and linked files beside the rendered pages
    /// and the thumbnails (`stageThumbnails`), then swaps the output for the staging folder or
    /// updates it (see `SiteWriter`), keeping the files in it that no build wrote;
    /// `replacingForeign`: one where the build writes one is replaced (else the build fails
    /// naming it).
    mutating func publish(_ rendered: RenderOutcome, _ images: Thumbnails, _ search: SearchFiles) throws(DiagnosticList) -> Published {
        let writer = writer!  // a build without an output publishes nothing (`steps`)
        let (staged, changes, previousOutput) = (rendered.staged, images.changes, reuse.output)
        let copied = rendered.copied
        // The theme's assets, static/ and the files pages link to, each copied when its stamp changed.
        var assets: [String: FileStamp] = [:]
        var changedAssets: [(path: String, source: URL)] = []
        for (asset, source) in copied.sources.sorted(by: { $0.key < $1.key }) {
            let stamp = FileStamp.of(source.path)
            if let stamp { assets[asset] = stamp }
            if let stamp, previousOutput?.assets[asset] == stamp { continue }
            changedAssets.append((asset, source))
        }
        if previousOutput != nil { writer.expect(files: changedAssets.count) }
        for (asset, source) in changedAssets {
            try writer.copy(asset, from: source)
            staged.add(asset)
        }
        // Every file handed to the writer is made (a failure is this build's error).
        try writer.finishWrites()
        let placing = staged.paths
        var removing: [String] = []
        if let previousOutput {
            if rendered.keptFrom != nil {
                removing += rendered.removedPages
            } else {
                // No page of the last build is gone when as many pages were made and each
                // rendered one was there before (the others are its records, copied): not
                // looked for one by one.
                let sameCount = rendered.records.count == previousOutput.pages.count
                if !sameCount || rendered.records.contains(where: { path, record in
                    if case .copied = record { false } else { previousOutput.pages[path] == nil }
                }) {
                    removing += previousOutput.pages.keys.filter { rendered.records[$0] == nil }
                }
            }
            removing += previousOutput.assets.keys.filter { copied.sources[$0] == nil && !rendered.hasPage($0) }
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
