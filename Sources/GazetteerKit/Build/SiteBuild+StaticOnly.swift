import Foundation
import Diagnostics
import Load
import Write
import Incremental

extension SiteBuild {
    /// A build where nothing changed but the bytes of files of `static/` that the last build
    /// published (none added or removed, none a picture a page shows, no other input touched,
    /// the output as it was left):
    /// those files are copied and published like any build's (through the staging folder and
    /// the spare, never half), and the manifest saved again with everything else copied from
    /// the last one. Nothing is listed, parsed, keyed or rendered, so the cost is that of the
    /// files, not of the guide. Nil when the build is not such a one: the whole pipeline runs.
    static func publishStaticFiles(_ last: LastBuild, _ options: BuildOptions, clock: inout BuildClock)
        throws(DiagnosticList) -> BuildSummary?
    {
        guard options.writeOutput, options.editBasis == nil, let check = last.check, let archive = last.archive,
              archive.output.matches(options.output), let changed = check.onlyFilesChanged(), !changed.isEmpty else { return nil }
        let folder = options.source.resolvingSymlinksInPath().standardizedFileURL.path + "/" + SiteLoader.staticFolder + "/"
        let paths = changed.map { String($0.dropFirst(folder.count)) }
        // Each published from static/ by the last build, and none a picture a page shows.
        guard changed.allSatisfy({ $0.hasPrefix(folder) && archive.sourceRanges[$0] == nil }),
              paths.allSatisfy({ archive.assets[$0] != nil }) else { return nil }
        let stamps = check.fileStamps()
        let writer = try SiteWriter(output: options.output, incremental: true)
        defer { writer.discard() }
        var assets = archive.assets
        for (path, full) in zip(paths, changed) {
            guard let stamp = stamps[full] else { return nil }
            try writer.copy(path, from: URL(fileURLWithPath: full))
            assets[path] = stamp
        }
        clock.lap("write.stage")
        BuildManifest.remove(from: options.cache)
        try writer.update(placing: paths, removing: [], replacingForeign: false)
        let output = archive.output.restamped(placed: paths)
        clock.lap("write.commit")
        var manifest = BuildManifest(
            engineKey: archive.engineKey, globalKey: archive.globalKey, output: output, imageCount: archive.imageCount,
            assets: assets, entries: archive.entryRanges.mapValues { .copied($0) },
            sources: archive.sourceRanges.mapValues { .copied($0) }, pages: archive.pages.mapValues { .copied($0.range) })
        manifest.dependencies = archive.dependencyTable
        manifest.dependencyValues = archive.dependencyValues ?? []
        manifest.watch = check.renewed(outputFolders: output.folders)
        manifest.watch?.pages = check.watch.pages
        manifest.watch?.dataFiles = check.watch.dataFiles
        manifest.watch?.images = check.watch.images
        manifest.watch?.drafts = check.watch.drafts
        // Every record is copied from the file (no entry was decoded: see `lastBuild`).
        archive.releaseBytes()
        try? manifest.save(to: options.cache, previous: archive)
        clock.lap("write.manifest")
        var summary = clock.summary(unchanged: check.watch)
        summary.filesWritten = paths.count
        summary.warnings = SavedWarnings.read(from: options.cache)?.all ?? []
        if options.strict && !summary.warnings.isEmpty { throw DiagnosticList(summary.warnings) }
        return summary
    }
}
