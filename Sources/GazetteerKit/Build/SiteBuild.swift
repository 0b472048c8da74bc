import Foundation
import Diagnostics
import Incremental
import Write

/// One build, stage by stage: load -> front matter -> Markdown -> model -> render ->
/// thumbnails -> search index -> write. Every problem of every stage that can run is collected and
/// reported together; nothing is written unless there is none.
///
/// A build is a value holding its context: the options, the last build, the inputs, the
/// rebuild plan and what it lets this build reuse, the clock and the staging folder. Its
/// steps (one a file, `SiteBuild+<Step>.swift`) are its methods, each taking at most three
/// plain values, the results of the steps before it.
///
/// Builds are incremental (see `BuildManifest`): when no input changed, the build stops
/// after checking their stamps; a content file whose stamp is unchanged is not read again;
/// a page whose key is unchanged is not rendered again; a rendered page equal to the one in
/// the output is not written again; thumbnails come from the cache. The output is the same,
/// byte for byte, as a build from scratch would make. What to redo is decided by
/// `RebuildPlan` (and its `keeps`) and by the page keys, never by the steps below.
public struct SiteBuild {
    let options: BuildOptions
    /// Whether a file of the user's where the build writes one is replaced (`--force`, or an
    /// output adopted).
    let replacingForeign: Bool
    let last: LastBuild
    let inputs: Inputs
    var plan: RebuildPlan
    let reuse: Reuse
    var clock: BuildClock
    /// The staging folder, moved into place or discarded (nil: a build that writes no output).
    let writer: SiteWriter?

    public static func run(_ options: BuildOptions) throws(DiagnosticList) -> BuildSummary {
        try checkOutput(options)
        let adopting = try claimOutput(options)
        let lock = try BuildLock.acquire(for: options)
        defer { lock.release() }
        // The folders this build retired (a stale spare, the old site), removed while it ran.
        defer { RetiredFolder.finish() }
        releaseLastBuild()
        var clock = BuildClock()
        var last = lastBuild(options, clock: &clock)
        if let watch = last.unchanged {
            var summary = clock.summary(unchanged: watch)
            summary.warnings = SavedWarnings.read(from: options.cache)?.all ?? []
            if options.strict && !summary.warnings.isEmpty { throw DiagnosticList(summary.warnings) }
            summary.thumbnailsRemoved = CachePrune.afterBuild(options, days: nil, imagesChanged: false)
            return summary
        }
        // Only files of static/ changed: copied, and nothing else done.
        if let summary = try publishStaticFiles(last, options, clock: &clock) { return summary }
        last.decodeEntries()
        let inputs = try Self.inputs(options, last: last, clock: &clock)
        // The last build's entries, decoded on another thread since its manifest was read.
        _ = last.entries
        clock.lap("load.entries")
        let plan = RebuildPlan.make(previous: last.previous, check: inputs.plan)
        clock.lap("load.plan")
        let reuse = last.reused(by: plan)
        var build = SiteBuild(
            options: options, replacingForeign: options.force || adopting, last: last, inputs: inputs, plan: plan,
            reuse: reuse, clock: clock,
            writer: options.writeOutput ? try SiteWriter(output: options.output, incremental: reuse.output != nil) : nil)
        // The staging folder goes whatever happens: moved into place, or discarded.
        defer { build.writer?.discard() }
        do {
            return try build.steps()
        } catch {
            // A full disk is worded once (`SiteWriter`): when the first file to meet it was one
            // the writer's thread was making, its words are there.
            if error.diagnostics.isEmpty { try build.writer?.finishWrites() }
            throw error
        }
    }

    /// The pipeline, with the output and cache to itself: each step takes and gives plain values.
    private mutating func steps() throws(DiagnosticList) -> BuildSummary {
        // The previous search state, read while the pages are made (nil: a full index).
        let savedSearch = readSearchState()
        clock.lap("load.setup")
        var content = parse()
        // A page of an entry that became a draft goes, with the thumbnails only it showed.
        if !content.drafts.isEmpty { plan.lookForRemoved = true }
        plan.releaseFileLists()
        let warningsFound = contentWarnings(&content)
        let model = try makeModel(content)
        content.entryWarnings += model.warnings
        let basis = options.editBasis.map { _ in
            EditBasis(root: inputs.scan.root, cache: options.cache, site: model.site,
                      translations: inputs.config.isMultilingual ? content.entries.filter { $0.language != nil } : [], context: inputs.context,
                      presets: model.presets, planner: inputs.planner,
                      words: Dictionary(uniqueKeysWithValues: (inputs.config.languages.isEmpty ? [inputs.config.language]
                          : inputs.config.languages.map(\.code)).map { ($0, model.renderer.words(of: $0).prefixed(EditInjection.wordsPrefix)) }))
        }
        if let basis { options.editBasis?.made(basis) }
        // Without a state to update, every record of the index is rendered.
        // Taken, not copied: the update changes the index in place only when it holds it alone.
        let searchState = savedSearch?.take()
        clock.lap("search.read")
        let keys = comparePageKeys(model, content, remaking: searchState == nil ? [.searchRecord] : [])
        var rendered = try render(consume model, consume keys, content)
        // The bodies' plain texts were for the search records alone (12 MB at 10,000 pages).
        content.processed.texts = [:]
        let images = try makeThumbnails(content, rendered)
        // The pages' thumbnails were for finding which to make; their records keep them.
        rendered.images = [:]
        let drafts = content.drafts.map(\.path)
        guard writer != nil else {
            var summary = clock.summary(rendered, images, nil)
            (summary.note, summary.warnings) = (last.note, (warningsFound.value.warnings + content.entryWarnings).sorted())
            summary.drafts = drafts
            return summary
        }
        stageThumbnails(rendered, images)
        // The writer's thread first makes the pages and links the thumbnails handed to it (most
        // linked while the others were made; a cold 10k build waited 0.66 s here when all were
        // linked after the last): the index's files, made on the other threads, do not queue
        // with them in the file system, and `search.index` is the index alone (0.6 s, against
        // 1.2 s with the two mixed).
        try writer?.finishWrites()
        clock.lap("search.wait")
        let found = try search(content, rendered, consume searchState)
        // The records' texts were for the index alone: not held while the output is published.
        rendered.parts = [:]
        let published = try publish(rendered, images, found)
        // A build that replaced the output leaves the spare the next update publishes through
        // (a hard link per file), made while the manifest is saved: else the first edit after
        // it makes it (about 0.6 s at 10,000 pages).
        let output = options.output
        let makingSpare = reuse.output == nil ? Background { SiteWriter.prepareSpare(for: output) } : nil
        // The search state is saved while the manifest is.
        let cache = options.cache
        let states = found.saved
        let savingSearch = states.isEmpty ? nil : Background { for (folder, saved) in states { saved.save(to: cache, folder: folder) } }
        let warnings: [Diagnostic]
        (warnings, content.contentFolders, content.warningsFingerprint) = (warningsFound.value.warnings, warningsFound.value.folders,
                                                                           warningsFound.value.fingerprint)
        let saved = SavedWarnings(fingerprint: content.warningsFingerprint, folders: content.contentFolders,
                                  warnings: options.strict ? [] : warnings, entryWarnings: content.entryWarnings)
        saved.save(to: options.cache)
        let record = saveRecord(&content, rendered, published)
        if let savingSearch { savingSearch.value; clock.lap("search.save") }
        // The rows go with the output just published.
        commitDataRows(rendered)
        if rendered.count <= Self.smallBuild { Self.keepUntilNextBuild(rendered.kept + [self, content, rendered, record]) }
        RetiredFile.finish()
        if let makingSpare { makingSpare.value; clock.lap("write.spare") }
        if let basis { options.editBasis?.receive(basis) }
        var summary = clock.summary(rendered, images, published)
        (summary.note, summary.warnings) = (last.note, saved.all)
        summary.drafts = drafts
        summary.thumbnailsRemoved = CachePrune.afterBuild(
            options, days: inputs.config.thumbnailCacheDays, imagesChanged: !images.changes.added.isEmpty || !images.changes.removed.isEmpty)
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
