import Foundation
import Diagnostics
import Load
import Write
import Incremental

extension SiteBuild {
    /// A build that only copies files of `static/` again, as `RebuildPlan.copiesOnly` decides:
    /// they are copied and published like any build's (through the staging folder and the
    /// spare, never half), and the manifest saved again with everything else copied from the
    /// last one. Nothing is listed, parsed, keyed or rendered, so the cost is that of the files,
    /// not of the guide. Nil when the build is not such a one: the whole pipeline runs.
    static func publishStaticFiles(_ last: LastBuild, _ options: BuildOptions, clock: inout BuildClock)
        throws(DiagnosticList) -> BuildSummary?
    {
        guard let paths = copiesOnly(last, options), let check = last.check, let archive = last.archive else { return nil }
        let folder = staticFolder(options)
        let stamps = check.fileStamps(of: paths.map { folder + $0 })
        let writer = try SiteWriter(output: options.output, incremental: true)
        writer.expect(files: paths.count)
        defer { writer.discard() }
        var assets = archive.assets
        for path in paths {
            let full = folder + path
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
            assets: assets)
        manifest.watch = check.renewed(outputFolders: output.folders)
        manifest.watch?.pages = check.watch.pages
        manifest.watch?.dataFiles = check.watch.dataFiles
        manifest.watch?.images = check.watch.images
        manifest.watch?.drafts = check.watch.drafts
        // Every record, the table and its values are the last manifest's parts, as they are.
        try? manifest.saveKeepingParts(of: archive, to: options.cache)
        clock.lap("write.manifest")
        var summary = clock.summary(unchanged: check.watch)
        summary.filesWritten = paths.count
        summary.warnings = SavedWarnings.read(from: options.cache)?.all ?? []
        if options.strict && !summary.warnings.isEmpty { throw DiagnosticList(summary.warnings) }
        return summary
    }

    /// The files of `static/` this build only copies again (`RebuildPlan.copiesOnly`), or nil.
    static func copiesOnly(_ last: LastBuild, _ options: BuildOptions) -> [String]? {
        guard options.writeOutput, options.editBasis == nil, let check = last.check, let archive = last.archive else { return nil }
        return RebuildPlan.copiesOnly(
            changed: check.onlyFilesChanged(), staticFolder: staticFolder(options),
            outputAsLeft: archive.output.matches(options.output),
            published: { archive.assets[$0] != nil }, readByPages: { archive.sourceRanges[$0] != nil })
    }

    /// The absolute path of the guide's `static/`, ending in "/".
    static func staticFolder(_ options: BuildOptions) -> String {
        options.source.resolvingSymlinksInPath().standardizedFileURL.path + "/" + SiteLoader.staticFolder + "/"
    }
}
