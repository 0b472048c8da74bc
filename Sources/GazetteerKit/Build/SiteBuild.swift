import Foundation
import Diagnostics
import Incremental
import Write

/// One build, stage by stage: load -> front matter -> Markdown -> model -> render ->
/// thumbnails -> search index -> write. Every problem of every stage that can run is collected and
/// reported together; nothing is written unless there is none.
///
/// Builds are incremental (see `BuildManifest`): when no input changed, the build stops
/// after checking their stamps; a content file whose stamp is unchanged is not read again;
/// a page whose key is unchanged is not rendered again; a rendered page equal to the one in
/// the output is not written again; thumbnails come from the cache. The output is the same,
/// byte for byte, as a build from scratch would make. What to redo is decided by
/// `RebuildPlan` (and its `keeps`) and by the page keys, never by the steps below.
public enum SiteBuild {
    public static func run(_ options: BuildOptions) throws(DiagnosticList) -> BuildSummary {
        try checkOutput(options)
        let adopting = try claimOutput(options)
        let lock = try BuildLock.acquire(for: options)
        defer { lock.release() }
        return try build(options, replacingForeign: options.force || adopting)
    }

    /// The pipeline, with the output and cache to itself. Each step is in its own file
    /// (`SiteBuild+<Step>.swift`) and takes and gives plain values.
    private static func build(_ options: BuildOptions, replacingForeign: Bool) throws(DiagnosticList) -> BuildSummary {
        releaseLastBuild()
        var clock = BuildClock()
        let last = lastBuild(options, clock: &clock)
        if let watch = last.unchanged {
            var summary = clock.summary(unchanged: watch)
            summary.warnings = SavedWarnings.read(from: options.cache)?.all ?? []
            if options.strict && !summary.warnings.isEmpty { throw DiagnosticList(summary.warnings) }
            summary.thumbnailsRemoved = CachePrune.afterBuild(options, days: nil, imagesChanged: false)
            return summary
        }
        let check = try inputs(options, last: last, clock: &clock)
        var plan = RebuildPlan.make(previous: last.previous, check: check.plan)
        let reuse = last.reused(by: plan)
        // The previous search state, read while the pages are made (nil: a full index).
        let savedSearch = reuse.output != nil && check.config.search
            ? Background { SavedSearch.read(SavedSearch.url(in: options.cache)) } : nil
        clock.lap("load.setup")
        var content = parse(plan, check, reuse, clock: &clock)
        plan.releaseFileLists()
        let warningsFound = contentWarnings(check, last, &content, options, clock: &clock)
        // The staging folder goes whatever happens: moved into place, or discarded.
        let writer = options.writeOutput ? try SiteWriter(output: options.output, incremental: reuse.output != nil) : nil
        defer { writer?.discard() }
        let model = try makeModel(check, content, clock: &clock)
        let basis = options.editBasis.map { _ in
            EditBasis(root: check.scan.root, cache: options.cache, site: model.site, context: check.context,
                      presets: model.presets, planner: check.planner)
        }
        let keys = comparePageKeys(model, check, content, reuse, clock: &clock)
        var rendered = try render(consume model, consume keys, check, content, reuse, to: writer, options, clock: &clock)
        let images = try makeThumbnails(plan, check, content, rendered, reuse, options, clock: &clock)
        // The pages' thumbnails were for finding which to make; their records keep them.
        rendered.images = [:]
        guard let writer else {
            return clock.summary(rendered, images, note: last.note, warnings: (warningsFound.value.warnings + content.entryWarnings).sorted())
        }
        let found = try search(check, content, rendered, images, reuse, savedSearch, to: writer, options, clock: &clock)
        // The bodies' plain texts were for the index alone: not held while the output is
        // published and the manifest saved (12 MB at 10,000 pages).
        content.processed.texts = [:]
        let published = try publish(check, rendered, images, found, reuse, to: writer, options,
                                    replacingForeign: replacingForeign, clock: &clock)
        // The collections' rows are kept while the manifest is saved.
        let keepingRows = keepDataRows(rendered, check, options)
        // The search state is saved while the manifest is.
        let savingSearch = found.saved.map { saved in Background { saved.save(to: options.cache) } }
        let warnings: [Diagnostic]
        (warnings, content.contentFolders) = warningsFound.value
        let saved = SavedWarnings(fingerprint: content.warningsFingerprint, folders: content.contentFolders,
                                  warnings: options.strict ? [] : warnings, entryWarnings: content.entryWarnings)
        saved.save(to: options.cache)
        let entryRecords = content.takeRecords()
        let record = saveRecord(plan, check, last, reuse, content, entryRecords, rendered, images, published, options, clock: &clock)
        if let savingSearch { savingSearch.value; clock.lap("search.save") }
        _ = keepingRows?.value
        if rendered.count <= Self.smallBuild { keepUntilNextBuild(rendered.kept + [last, check, reuse, content, rendered, record]) }
        RetiredFile.finish()
        if let basis { options.editBasis?.receive(basis) }
        var summary = clock.summary(rendered, images, published, note: last.note, warnings: saved.all)
        summary.thumbnailsRemoved = CachePrune.afterBuild(
            options, days: check.config.thumbnailCacheDays, imagesChanged: !images.changes.added.isEmpty || !images.changes.removed.isEmpty)
        return summary
    }

    /// Refuses an output folder that is, or holds, the source, `content/` or `templates/`,
    /// or that lies inside `content/` or `templates/`.
    static func checkOutput(_ options: BuildOptions) throws(DiagnosticList) {
        let output = options.output.resolvingSymlinksInPath().path
        let source = options.source.resolvingSymlinksInPath()
        let protected = [source, source.appending(path: "content"), source.appending(path: "templates")].map(\.path)
        for folder in protected {
            let inside = output == folder || folder.hasPrefix(output + "/") || (folder != source.path && output.hasPrefix(folder + "/"))
            if inside || output == "/" {
                throw DiagnosticList([Diagnostic(
                    "refusing to write the site to \(options.output.path): it would replace \(folder)",
                    at: SourceLocation(path: options.output.path))])
            }
        }
    }
}
