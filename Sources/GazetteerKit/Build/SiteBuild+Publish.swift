import Foundation
import Diagnostics
import Load
import Write
import Incremental

extension SiteBuild {
    /// What publishing left in the output.
    struct Published {
        /// The theme's assets, by path, with the stamps of their sources.
        var assets: [String: FileStamp]
        var output: BuildManifest.OutputState
        var filesWritten: Int
    }

    /// The default theme's script that shows the search box.
    static let searchScript = "assets/search.js"

    /// Write: stages new thumbnails and changed assets beside the rendered pages, then swaps
    /// the output for the staging folder or updates it (see `SiteWriter`).
    static func publish(_ inputs: Inputs, _ rendered: RenderOutcome, _ images: Thumbnails, _ search: SearchFiles, _ reuse: Reuse,
                        to writer: SiteWriter, _ options: BuildOptions, clock: inout BuildClock)
        throws(DiagnosticList) -> Published
    {
        let (scan, staged, changes, previousOutput) = (inputs.scan, rendered.staged, images.changes, reuse.output)
        var seen: Set<String> = []
        for plan in images.plans {
            for image in plan.images where changes.added.contains(image.fileName) && seen.insert(image.fileName).inserted {
                try writer.link(OutputPath.image(image.fileName), from: images.thumbnailer!.cachedFile(image))
                staged.add(OutputPath.image(image.fileName))
            }
        }
        var assets: [String: FileStamp] = [:]
        // The search script only goes with the search index.
        let themeAssets = inputs.config.search ? scan.theme.assets : scan.theme.assets.filter { $0 != searchScript }
        for asset in themeAssets {
            let source = scan.theme.url(of: asset)
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
            removing += previousOutput.assets.keys.filter { !themeAssets.contains($0) }
            removing += changes.removed.map(OutputPath.image)
            removing += search.removing
        }
        clock.lap("write.stage")
        var output = previousOutput?.output ?? BuildManifest.OutputState(path: options.output.path, folders: [:])
        if previousOutput == nil || !placing.isEmpty || !removing.isEmpty {
            BuildManifest.remove(from: options.cache)
            if let previousOutput {
                try writer.update(placing: placing, removing: removing.sorted())
                output = previousOutput.output.restamped(placed: placing)
            } else {
                try writer.replaceOutput()
                output = BuildManifest.OutputState.current(options.output)
            }
        }
        clock.lap("write.commit")
        return Published(assets: assets, output: output, filesWritten: placing.count + removing.count)
    }
}
