import Foundation
import Load
import Model
import Incremental

extension SiteBuild {
    /// Remembers this build for the next one (see `BuildManifest`). A manifest that cannot be
    /// written only makes the next build slower.
    @discardableResult
    mutating func saveRecord(_ content: inout Content, _ rendered: RenderOutcome, _ published: Published) -> BuildManifest {
        let entryRecords = content.records(keepingOthersOf: reuse.entries)
        let (scan, planner, check, knownPlans) = (inputs.scan, inputs.planner, last.check, inputs.knownPlans)
        let archiveEntries = reuse.stampedEntries
        var manifest = BuildManifest(
            engineKey: inputs.engine, globalKey: inputs.global, output: published.output, imageCount: published.imageCount,
            assets: published.assets, entries: entryRecords.made, pages: rendered.records)
        (manifest.keepsOtherEntries, manifest.removedEntries) = (entryRecords.keepsOthers, entryRecords.removed)
        (manifest.keepsOtherPages, manifest.removedPages) = (rendered.keptFrom != nil, rendered.removedPages)
        manifest.dependencies = rendered.dependencies
        manifest.dependencyValues = rendered.dependencyValues
        manifest.unreadDependencies = rendered.unreadDependencies
        // The same files as last time (no content file or theme file added or removed, no
        // picture named or no longer named), or files only added: the watch is the last one,
        // stamps renewed (and the added files watched), and the plans are the known ones
        // with this build's new plans over them.
        var added: [String] = []
        var sameImagesNamed = true
        for (path, fresh) in content.processed.entries {
            guard let old = archiveEntries[path] else { added.append(path); continue }
            if old.entry.image.path != fresh.entry.image.path || old.entry.bodyImages != fresh.entry.bodyImages
                || old.entry.files != fresh.entry.files {
                sameImagesNamed = false
            }
        }
        // Nothing removed: every entry of the last build is still here.
        let filesOnlyAdded = !added.isEmpty && content.entries.count == archiveEntries.count + added.count
            && content.contentFolders.allSatisfy { check?.folderState($0) != nil }
        let keeps = plan.keeps(
            themeFoldersUnchanged: check?.foldersUnchanged(under: scan.theme.directory.path) == true
                && check?.foldersUnchanged(under: scan.root.path + "/" + SiteLoader.staticFolder) == true,
            sameImagesNamed: sameImagesNamed, filesOnlyAdded: filesOnlyAdded, check: inputs.plan)
        if keeps.plans, let knownPlans {
            // The plans of the last manifest (`knownPlans` is the one saved over), and the new ones over them.
            manifest.keepsOtherSources = true
            for (path, record) in planner.sources(keeping: [], earlierStamp: { knownPlans.sourceStamp($0) }) {
                if let record { manifest.sources[path] = .value(record) }
            }
        } else {
            var imagePaths: Set<String> = []
            for entry in content.entries {
                imagePaths.insert(entry.image.path)
                imagePaths.formUnion(entry.bodyImages)
            }
            for (path, record) in planner.sources(keeping: imagePaths, earlierStamp: { knownPlans?.sourceStamp($0) }) {
                if let record {
                    manifest.sources[path] = .value(record)
                } else if let range = knownPlans?.sourceRanges[path]?.range {
                    manifest.sources[path] = .copied(range)
                }
            }
        }
        clock.lap("write.manifest")
        switch keeps.watch {
        case .renewed:
            manifest.watch = check?.renewed(outputFolders: published.output.folders)
        case .extended:
            if var watch = check?.renewed(outputFolders: published.output.folders), let check {
                let root = scan.root.path + "/"
                // A file the watch has already (a draft, which has no record) is not added twice.
                for path in check.unwatched(added.map { root + $0 }) {
                    watch.add(path, file: content.processed.entries[String(path.dropFirst(root.count))]?.stamp)
                }
                let pictures = added.flatMap { path in
                    content.processed.entries[path].map { [$0.entry.image.path] + $0.entry.bodyImages + $0.entry.files } ?? []
                }
                for picture in check.unwatched(Set(pictures).sorted()) { watch.add(picture, file: planner.stamp(of: picture)) }
                manifest.watch = watch
            }
        case .remade:
            break
        }
        manifest.watch = manifest.watch
            ?? watch(content, output: published.output)
        manifest.watch?.pages = rendered.pageCount
        manifest.watch?.dataFiles = rendered.dataFileCount
        manifest.watch?.images = published.imageCount
        manifest.watch?.drafts = options.drafts
        clock.lap("write.manifest")
        // Nothing is decoded from the last manifest any more: its records are copied from the file.
        last.archive?.releaseBytes()
        // The site is published already; without its record the next build only does more.
        if (try? manifest.save(to: options.cache, previous: last.archive)) == nil {
            options.notice?("gazetteer: the build record could not be saved in \(options.cache.path): the next build builds everything")
        }
        clock.lap("write.manifest")
        return manifest
    }
}
