import Foundation
import Mustache
import Thumbnails
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model
import Render
import Write
import Incremental

/// One build, stage by stage: load -> front matter -> Markdown -> model -> render ->
/// thumbnails -> write. Every problem of every stage that can run is collected and
/// reported together; nothing is written unless there is none.
///
/// Builds are incremental (see `BuildManifest`): when no input changed, the build stops
/// after checking their stamps; a content file whose stamp is unchanged is not read again;
/// a page whose key is unchanged is not rendered again; a rendered page equal to the one in
/// the output is not written again; thumbnails come from the cache. The output is the same,
/// byte for byte, as a build from scratch would make.
public enum SiteBuild {
    public static let requiredTemplates = ["layout", "index", "country", "city", "cities", "flags", "404"]

    public static func run(_ options: BuildOptions) throws(DiagnosticList) -> BuildSummary {
        try checkOutput(options)
        let lock = try BuildLock.acquire(for: options)
        defer { lock.release() }
        return try runAlone(options)
    }

    /// The build, with the output and cache to itself.
    private static func runAlone(_ options: BuildOptions) throws(DiagnosticList) -> BuildSummary {
        releaseLastBuild()
        let started = Date()
        var timings = BuildTimings()

        // Nothing changed since the last build: nothing to do.
        var note: String?
        func unusable(_ why: String) { note = "The build manifest (\(BuildManifest.url(in: options.cache).path)) is \(why): building everything." }
        let found = ManifestArchive.read(from: options.cache)
        if case .unusable(let why) = found { unusable(why) }
        var archive = found.archive
        timings.lap("load.read")
        var check: InputWatch.Check?
        if options.writeOutput, let watch = archive?.watch, watch.output == options.output.path,
           watch.source == options.source.resolvingSymlinksInPath().standardizedFileURL.path {
            let result = watch.check()
            if result.unchanged {
                timings.lap("load.watch")
                return BuildSummary(
                    pages: watch.pages, thumbnailsMade: 0, thumbnailsReused: watch.images,
                    seconds: Date().timeIntervalSince(started), pagesRendered: 0, filesWritten: 0, timings: timings)
            }
            check = result
        }
        timings.lap("load.watch")
        if archive?.load() == false {
            archive = nil
            unusable(ManifestArchive.damaged)
        }
        // Decoded while the site folder is listed: most builds need them.
        let decoding = archive.map { archive in Background { archive.entries() ?? [:] } }
        timings.lap("load.index")

        // Load: list the content files, read the settings and the theme.
        let scan = try SiteLoader.scan(root: options.source, cacheDirectory: options.cache, prior: check)
        timings.lap("load.scan")
        var diagnostics: [Diagnostic] = []
        var config = SiteConfig()
        if let file = scan.configFile {
            do throws(DiagnosticList) {
                config = try SiteConfig.parse(YAMLParser.parse(file.text, path: file.path))
            } catch {
                diagnostics += error.diagnostics
            }
        }
        let engine = engineKey()
        let global = globalKey(scan, engine: engine)
        timings.lap("load.manifest")

        let limits = { var limits = Limits(); limits.maxPixels = config.maxImagePixels; return limits }()
        let imageCache = options.cache.appending(path: "images")
        let plansArchive = RebuildPlan.knowsPlans(previousEngineKey: archive?.engineKey, engineKey: engine) ? archive : nil
        let planner = ImagePlanner(
            thumbnailer: { () throws(ThumbnailError) in try Thumbnailer(cacheDirectory: imageCache, limits: limits) },
            presets: config.presets, known: { plansArchive?.source($0, only: $1) })
        // Pictures' stamps, taken by the check (the content files' went to the scan).
        if let check {
            let contentFolders = Set(["content/countries", "content/cities"].map { scan.root.path + "/" + $0 })
            planner.prefill(check.fileStamps(skipping: contentFolders))
        }
        let paths = ContentPath(root: scan.root)
        let context = ContentEntry.SourceContext(
            config: config, paths: paths, theme: scan.theme, files: ContentFiles(scan),
            countrySlugs: Set(scan.content.filter { $0.kind == .country }.map(\.slug)), planner: planner)
        // What to redo, decided once.
        let inputs = RebuildPlan.Check(
            engineKey: engine, globalKey: global,
            outputAsLeft: options.writeOutput && archive?.output.matches(options.output) == true,
            files: scan.content, listedBefore: scan.listedBefore, filesGone: check?.filesGone != false,
            pictureExists: { planner.stamp(of: $0) != nil }, pictureUnchanged: { planner.isUnchanged($0) })
        let plan = RebuildPlan.make(
            previous: archive.map { archive in
                RebuildPlan.Previous(engineKey: archive.engineKey, globalKey: archive.globalKey, entries: decoding?.value ?? [:])
            },
            check: inputs)
        let previousOutput = plan.output == .update ? archive : nil
        let previous = plan.reusesEntries ? archive : nil
        let archiveEntries = previous != nil || previousOutput != nil ? decoding?.value ?? [:] : [:]
        timings.lap("load.setup")

        // Front matter, Markdown and fields, for the files the plan names, across the cores.
        diagnostics += plan.duplicates
        timings.lap("parse.plan")
        let processed = ContentWork.process(plan.parse, context: context, root: scan.root)
        diagnostics += processed.diagnostics
        timings.add("parse", processed.parseShare)
        timings.add("markdown", processed.markdownShare)
        var entries: [ContentEntry] = []
        var records: [String: BuildManifest.Record<BuildManifest.StampedEntry>] = [:]
        entries.reserveCapacity(scan.content.count)
        records.reserveCapacity(scan.content.count)
        for file in scan.content {
            if plan.reuse.contains(file.path), let reused = archiveEntries[file.path], let range = previous?.entryRanges[file.path] {
                entries.append(reused.entry)
                records[file.path] = .copied(range)
            } else if let fresh = processed.entries[file.path] {
                entries.append(fresh.entry)
                records[file.path] = .value(.init(stamp: fresh.stamp, entry: fresh.entry))
            }
        }
        let bodies = BodyStore(context: context) { path in
            processed.entries[path]?.entry.digest ?? archiveEntries[path]?.entry.digest
        }
        for (path, html) in processed.bodies { bodies.put(html, for: path) }

        timings.lap("model.entries")
        // Files in content/ that no page uses: warnings, or with --strict errors.
        let warnings = ContentWarnings.find(root: scan.root, loaded: scan.content.map(\.path), entries: entries)
        if options.strict { diagnostics += warnings }
        timings.lap("model.warnings")

        // Model, templates and the pages whose key changed, rendered straight into the staging
        // folder (what this needs is freed when it is done, before thumbnails are made).
        let writer = options.writeOutput ? try SiteWriter(output: options.output) : nil
        // The staging folder goes whatever happens: moved into place, or discarded.
        defer { writer?.discard() }
        let staged = StagedFiles()
        let rendered: RenderOutcome
        do throws(DiagnosticList) {
            rendered = try modelAndRender(
                RenderInput(
                    options: options, config: config, scan: scan, entries: entries, planner: planner, bodies: bodies,
                    global: global, previous: previous, previousOutput: previousOutput, writer: writer, staged: staged),
                timings: &timings, diagnostics: &diagnostics)
        } catch {
            // The pictures planned so far are decoded all the same, so that their problems
            // come in this run with the others, not in the next one.
            throw DiagnosticList(error.diagnostics + pictureProblems(planner.plans, planner: planner, paths: paths))
        }
        let pageRecords = rendered.records
        let pagePaths = rendered.paths

        // Thumbnails: make those new to the output, and find those it no longer needs.
        let changes = ImageChanges(
            previousOutput: previousOutput, outputEntries: archiveEntries, entries: entries, processed: processed,
            pages: pagePaths, renderedImages: rendered.images, output: options.output, nothingDeleted: !plan.lookForRemoved)
        let plans = planner.plans.filter { plan in plan.images.contains { changes.added.contains($0.fileName) } }
        var report = ThumbnailBatchReport()
        var thumbnailer: Thumbnailer?
        if !plans.isEmpty {
            do throws(ThumbnailError) {
                thumbnailer = try planner.thumbnailer()
            } catch {
                throw DiagnosticList([Diagnostic(error.message, at: SourceLocation(path: error.path))])
            }
            var onMade: (@Sendable (Int, Int) -> Void)?
            if let progress = options.progress { onMade = { done, total in progress.update("thumbnails", done, total) } }
            report = thumbnailer!.make(plans, progress: onMade)
        }
        if !report.errors.isEmpty {
            throw DiagnosticList(report.errors.map { error in
                planner.located(error) { paths.siteRelative(URL(fileURLWithPath: $0)) }
            })
        }
        timings.lap("thumbnails")

        var summary = BuildSummary(
            pages: pagePaths.count, thumbnailsMade: report.made, thumbnailsReused: max(0, changes.count - report.made),
            seconds: 0, pagesRendered: rendered.count, filesWritten: 0)
        summary.note = note
        summary.warnings = options.strict ? [] : warnings
        guard let writer else {
            summary.seconds = Date().timeIntervalSince(started)
            summary.timings = timings
            return summary
        }

        // Write: stage new thumbnails and changed assets, then swap or update the output.
        var seen: Set<String> = []
        for plan in plans {
            for image in plan.images where changes.added.contains(image.fileName) && seen.insert(image.fileName).inserted {
                try writer.link(OutputPath.image(image.fileName), from: thumbnailer!.cachedFile(image))
                staged.add(OutputPath.image(image.fileName))
            }
        }
        var assets: [String: FileStamp] = [:]
        for asset in scan.theme.assets {
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
            removing += previousOutput.pages.keys.filter { pageRecords[$0] == nil }
            removing += previousOutput.assets.keys.filter { !scan.theme.assets.contains($0) }
            removing += changes.removed.map(OutputPath.image)
        }
        timings.lap("write.stage")
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
        summary.filesWritten = placing.count + removing.count

        timings.lap("write.commit")
        // Remember all this for the next build. A manifest that cannot be written only makes
        // the next build slower.
        var manifest = BuildManifest(
            engineKey: engine, globalKey: global,
            output: output, imageCount: changes.count, assets: assets, entries: records, pages: pageRecords)
        manifest.dependencies = rendered.dependencies
        // The same files as last time (no content file or theme file added or removed, no
        // picture named or no longer named): the watch is the last one, stamps renewed, and
        // unless a picture was planned afresh, so are the plans.
        let keeps = plan.keeps(
            themeFoldersUnchanged: check?.foldersUnchanged(under: scan.theme.directory.path) == true,
            sameImagesNamed: processed.entries.allSatisfy { path, fresh in
                archiveEntries[path].map { $0.entry.image.path == fresh.entry.image.path && $0.entry.bodyImages == fresh.entry.bodyImages } ?? false
            },
            madeNewPlans: planner.madeNewPlans, check: inputs)
        if keeps.plans, let plansArchive {
            manifest.sources = plansArchive.sourceRanges.mapValues { .copied($0) }
        } else {
            var imagePaths: Set<String> = []
            for entry in entries {
                imagePaths.insert(entry.image.path)
                imagePaths.formUnion(entry.bodyImages)
            }
            for (path, record) in planner.sources(keeping: imagePaths, earlierStamp: { plansArchive?.sourceStamp($0) }) {
                if let record {
                    manifest.sources[path] = .value(record)
                } else if let range = plansArchive?.sourceRanges[path] {
                    manifest.sources[path] = .copied(range)
                }
            }
        }
        timings.lap("write.manifest")
        manifest.watch = (keeps.watch ? check?.renewed(outputFolders: output.folders) : nil)
            ?? watch(scan: scan, entries: entries, planner: planner, output: output)
        manifest.watch?.pages = pagePaths.count
        manifest.watch?.images = changes.count
        timings.lap("write.manifest")
        try? manifest.save(to: options.cache, previous: archive)
        timings.lap("write.manifest")
        summary.seconds = Date().timeIntervalSince(started)
        summary.timings = timings
        if rendered.count <= Self.smallBuild {
            keepUntilNextBuild(rendered.kept + [archive as Any, archiveEntries, entries, records, pageRecords, manifest,
                                                planner, bodies, scan, processed])
        }
        return summary
    }

    /// The last build's data. Freeing a large site's model, one string at a time, takes longer
    /// than the rest of a small incremental build, and the process usually exits right after:
    /// so it is freed when the next build in the same process starts instead.
    private final class Keeper: @unchecked Sendable {
        let lock = NSLock()
        var objects: [Any] = []
    }

    private static let keeper = Keeper()

    private static func keepUntilNextBuild(_ objects: [Any]) {
        keeper.lock.lock()
        keeper.objects = objects
        keeper.lock.unlock()
    }

    private static func releaseLastBuild() {
        keeper.lock.lock()
        let last = keeper.objects
        keeper.objects = []
        keeper.lock.unlock()
        _ = last
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

    /// The problems of decoding `plans`' pictures (made into the cache, so a later build
    /// reuses them), located where content named each picture.
    static func pictureProblems(_ plans: [ThumbnailPlan], planner: ImagePlanner, paths: ContentPath) -> [Diagnostic] {
        guard !plans.isEmpty, let thumbnailer = try? planner.thumbnailer() else { return [] }
        return thumbnailer.make(plans).errors.map { error in
            planner.located(error) { paths.siteRelative(URL(fileURLWithPath: $0)) }
        }
    }
}
