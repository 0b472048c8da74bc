import Foundation
import Load
import Model
import Incremental

extension SiteBuild {
    /// Remembers this build for the next one (see `BuildManifest`). A manifest that cannot be
    /// written only makes the next build slower.
    @discardableResult
    static func saveRecord(_ plan: RebuildPlan, _ inputs: Inputs, _ last: LastBuild, _ reuse: Reuse, _ content: Content,
                           _ rendered: RenderOutcome, _ images: Thumbnails, _ published: Published,
                           _ options: BuildOptions, clock: inout BuildClock) -> BuildManifest {
        let (scan, planner, check, knownPlans) = (inputs.scan, inputs.planner, last.check, inputs.knownPlans)
        let archiveEntries = reuse.stampedEntries
        var manifest = BuildManifest(
            engineKey: inputs.engine, globalKey: inputs.global, output: published.output, imageCount: images.changes.count,
            assets: published.assets, entries: content.records, pages: rendered.records)
        manifest.dependencies = rendered.dependencies
        // The same files as last time (no content file or theme file added or removed, no
        // picture named or no longer named): the watch is the last one, stamps renewed, and
        // unless a picture was planned afresh, so are the plans.
        let keeps = plan.keeps(
            themeFoldersUnchanged: check?.foldersUnchanged(under: scan.theme.directory.path) == true,
            sameImagesNamed: content.processed.entries.allSatisfy { path, fresh in
                archiveEntries[path].map { $0.entry.image.path == fresh.entry.image.path && $0.entry.bodyImages == fresh.entry.bodyImages } ?? false
            },
            madeNewPlans: planner.madeNewPlans, check: inputs.plan)
        if keeps.plans, let knownPlans {
            manifest.sources = knownPlans.sourceRanges.mapValues { .copied($0) }
        } else {
            var imagePaths: Set<String> = []
            for entry in content.entries {
                imagePaths.insert(entry.image.path)
                imagePaths.formUnion(entry.bodyImages)
            }
            for (path, record) in planner.sources(keeping: imagePaths, earlierStamp: { knownPlans?.sourceStamp($0) }) {
                if let record {
                    manifest.sources[path] = .value(record)
                } else if let range = knownPlans?.sourceRanges[path] {
                    manifest.sources[path] = .copied(range)
                }
            }
        }
        clock.lap("write.manifest")
        manifest.watch = (keeps.watch ? check?.renewed(outputFolders: published.output.folders) : nil)
            ?? watch(scan: scan, entries: content.entries, contentFolders: content.contentFolders, planner: planner, output: published.output)
        manifest.watch?.pages = rendered.paths.count
        manifest.watch?.images = images.changes.count
        clock.lap("write.manifest")
        try? manifest.save(to: options.cache, previous: last.archive)
        clock.lap("write.manifest")
        return manifest
    }
}
