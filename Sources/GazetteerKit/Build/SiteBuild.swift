import Foundation
import Mustache
import Thumbnails

/// One build, stage by stage: load -> front matter -> Markdown -> model -> render ->
/// thumbnails -> write. Every problem of every stage that can run is collected and
/// reported together; nothing is written unless there is none.
///
/// Builds are incremental (see `BuildManifest`): a content file whose stamp is unchanged is
/// not read again, a page whose key is unchanged is not rendered again, a rendered page equal
/// to the one in the output is not written again, and thumbnails come from the cache. The
/// output is the same, byte for byte, as a build from scratch would make.
public enum SiteBuild {
    public static let requiredTemplates = ["layout", "index", "country", "city", "cities", "flags", "404"]

    public static func run(_ options: BuildOptions) throws(DiagnosticList) -> BuildSummary {
        let started = Date()
        var timings = BuildTimings()
        try checkOutput(options)
        // Nothing changed since the last build: nothing to do.
        let header = BuildManifest.read(from: options.cache)
        if options.writeOutput, let watch = header?.watch, watch.output == options.output.path,
           watch.source == options.source.resolvingSymlinksInPath().standardizedFileURL.path, watch.isUnchanged() {
            timings.lap("load")
            var summary = BuildSummary(
                pages: watch.pages, thumbnailsMade: 0, thumbnailsReused: watch.images,
                seconds: Date().timeIntervalSince(started), pagesRendered: 0, filesWritten: 0)
            summary.timings = timings
            return summary
        }

        // Load: list the content files, read the settings and the theme, take the manifest.
        let scan = try SiteLoader.scan(root: options.source, cacheDirectory: options.cache)
        timings.lap("l.scan")
        var diagnostics: [Diagnostic] = []
        var config = SiteConfig()
        if let file = scan.configFile {
            do throws(DiagnosticList) {
                config = try SiteConfig.parse(YAMLParser.parse(file.text, path: file.path))
            } catch {
                diagnostics += error.diagnostics
            }
        }
        let global = globalKey(scan)
        timings.lap("l.config")
        let manifest = header.flatMap(BuildManifest.decode)
        timings.lap("l.manifest")
        // The previous output, to update in place, when it is as the manifest says.
        let previousOutput = options.writeOutput && manifest?.output.matches(options.output) == true ? manifest : nil
        // The previous inputs, to reuse, when they were read with the same settings and theme.
        let previous = manifest?.globalKey == global ? manifest : nil

        let limits = { var limits = Limits(); limits.maxPixels = config.maxImagePixels; return limits }()
        let imageCache = options.cache.appending(path: "images")
        let planner = ImagePlanner(
            thumbnailer: { () throws(ThumbnailError) in try Thumbnailer(cacheDirectory: imageCache, limits: limits) },
            presets: config.presets, known: manifest?.sources ?? [:])
        let paths = ContentPath(root: scan.root)
        var pageOf: [String: String] = [:]
        for file in scan.content {
            pageOf[file.path] = ContentEntry.outputPath(kind: file.kind, slug: ContentEntry.slug(ofPath: file.path))
        }
        let context = ContentEntry.SourceContext(
            config: config, paths: paths, theme: scan.theme, pages: pageOf,
            countrySlugs: Set(scan.content.filter { $0.kind == .country }.map { ContentEntry.slug(ofPath: $0.path) }),
            planner: planner)
        timings.lap("load")

        // Front matter, Markdown and fields, for the files that are new or changed (or whose
        // links, country or pictures are gone), across the cores.
        let work = ContentWork.plan(scan, previous: previous, context: context, renderBodyImages: previousOutput == nil)
        diagnostics += work.duplicates
        let processed = work.process(context: context, root: scan.root)
        diagnostics += processed.diagnostics
        timings.add("parse", processed.parseShare)
        timings.add("markdown", processed.markdownShare)
        var stamps: [String: FileStamp?] = [:]
        var entries: [ContentEntry] = []
        var digests: [String: String] = [:]
        for file in scan.content {
            if let reused = work.reused[file.path] {
                entries.append(reused.entry)
                stamps[file.path] = reused.stamp
            } else if let fresh = processed.entries[file.path] {
                entries.append(fresh.entry)
                stamps[file.path] = fresh.stamp
            }
        }
        for entry in entries { digests[entry.path] = entry.digest }
        let bodies = BodyStore(context: context, digests: digests)
        for (path, html) in processed.bodies { bodies.put(html, for: path) }

        // Model and templates.
        let model = SiteModel(config: config, entries: entries)
        var library: TemplateLibrary?
        do throws(MustacheErrorList) {
            library = try TemplateLibrary(scan.theme.templates)
        } catch {
            diagnostics += error.errors.map {
                Diagnostic($0.message, at: SourceLocation(path: $0.path, line: $0.line, column: $0.column))
            }
        }
        let present = Set(scan.theme.templates.map(\.name))
        for name in requiredTemplates where !present.contains(name) {
            diagnostics.append(Diagnostic(
                "the theme has no \(name).mustache", at: SourceLocation(path: scan.theme.displayName)))
        }
        timings.lap("model")

        // Render the pages whose key changed, straight into the staging folder.
        guard let library, diagnostics.isEmpty else {
            throw DiagnosticList(diagnostics + planner.diagnostics)
        }
        let renderer = PageRenderer(model: model, library: library, planner: planner, bodies: bodies)
        let pages = renderer.pages
        let keys = PageKeys(
            global: global, model: model, entries: Dictionary(entries.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a }),
            library: library, sources: scan.theme.templates,
            imageStamp: { planner.stamp(of: $0) ?? FileStamp.following($0) })
        let pageKeys = pages.map { keys.key(for: $0) }
        let oldPages = previous?.pages ?? [:]
        let toRender = pages.indices.filter { oldPages[pages[$0].path]?.key != pageKeys[$0] || previousOutput == nil }
        let writer = options.writeOutput ? try SiteWriter(output: options.output) : nil
        let staged = StagedFiles()
        let rendered = renderer.render(toRender.map { pages[$0] }) { page, html throws(DiagnosticList) in
            guard let writer else { return }
            if previousOutput?.pages[page.path] != nil, OutputCompare.same(html, at: options.output.appending(path: page.path)) {
                return
            }
            try writer.write(page.path, html)
            staged.add(page.path)
        }
        diagnostics += rendered.diagnostics + planner.diagnostics + bodies.diagnostics
        if !diagnostics.isEmpty {
            writer?.discard()
            throw DiagnosticList(diagnostics)
        }
        var pageRecords: [String: BuildManifest.PageRecord] = [:]
        for (n, index) in toRender.enumerated() {
            pageRecords[pages[index].path] = BuildManifest.PageRecord(key: pageKeys[index], images: rendered.rendered[n]?.images ?? [])
        }
        for (index, page) in pages.enumerated() where pageRecords[page.path] == nil {
            pageRecords[page.path] = BuildManifest.PageRecord(key: pageKeys[index], images: oldPages[page.path]?.images ?? [])
        }
        if let baseURL = config.baseURL {
            let key = keys.sitemapKey(pages)
            if oldPages["sitemap.xml"]?.key != key || previousOutput == nil, let sitemap = PageRenderer.sitemap(for: pages, baseURL: baseURL) {
                let text = String(decoding: sitemap.contents, as: UTF8.self)
                if let writer, previousOutput?.pages["sitemap.xml"] == nil
                    || !OutputCompare.same(text, at: options.output.appending(path: "sitemap.xml")) {
                    try writer.write("sitemap.xml", text)
                    staged.add("sitemap.xml")
                }
            }
            pageRecords["sitemap.xml"] = BuildManifest.PageRecord(key: key, images: [])
        }
        timings.lap("render")

        // Thumbnails: make those new to the output (or all, for a new output) and stage them.
        var current = BuildManifest(
            globalKey: global, templatesKey: PageKeys.allTemplatesKey(scan.theme.templates),
            output: BuildManifest.OutputState(path: options.output.path, folders: [:]),
            entries: [:], sources: [:], pages: pageRecords, assets: [:])
        for entry in entries { current.entries[entry.path] = .init(stamp: stamps[entry.path] ?? nil, entry: entry) }
        let wanted = current.outputImages
        let before = previousOutput?.outputImages ?? []
        let plans = planner.plans.filter { plan in plan.images.contains { wanted.contains($0.fileName) && !before.contains($0.fileName) } }
        var report = ThumbnailBatchReport()
        var thumbnailer: Thumbnailer?
        if !plans.isEmpty {
            do throws(ThumbnailError) {
                thumbnailer = try planner.thumbnailer()
            } catch {
                writer?.discard()
                throw DiagnosticList([Diagnostic(error.message, at: SourceLocation(path: error.path))])
            }
            report = thumbnailer!.make(plans)
        }
        if !report.errors.isEmpty {
            writer?.discard()
            throw DiagnosticList(report.errors.map {
                Diagnostic($0.message, at: SourceLocation(path: paths.siteRelative(URL(fileURLWithPath: $0.path))))
            })
        }
        timings.lap("thumbnails")

        var summary = BuildSummary(
            pages: pageRecords.count, thumbnailsMade: report.made, thumbnailsReused: wanted.count - report.made,
            seconds: 0, pagesRendered: toRender.count, filesWritten: 0)
        guard let writer else {
            summary.seconds = Date().timeIntervalSince(started)
            summary.timings = timings
            return summary
        }

        // Write: stage new thumbnails and changed assets, then swap or update the output.
        var seen: Set<String> = []
        for plan in plans {
            for image in plan.images where wanted.contains(image.fileName) && !before.contains(image.fileName)
                && seen.insert(image.fileName).inserted {
                try writer.link("images/\(image.fileName)", from: thumbnailer!.cachedFile(image))
                staged.add("images/\(image.fileName)")
            }
        }
        for asset in scan.theme.assets {
            let source = scan.theme.directory.appending(path: asset)
            let stamp = FileStamp.of(source.path)
            if let stamp { current.assets[asset] = stamp }
            if let stamp, previousOutput?.assets[asset] == stamp { continue }
            try writer.copy(asset, from: source)
            staged.add(asset)
        }
        let placing = staged.paths
        var removing: [String] = []
        if let previousOutput {
            removing += previousOutput.pages.keys.filter { current.pages[$0] == nil }
            removing += previousOutput.assets.keys.filter { !scan.theme.assets.contains($0) }
            removing += before.subtracting(wanted).map { "images/\($0)" }
        }
        current.sources = planner.sources(keeping: Set(entries.flatMap { [$0.image.file.path] + $0.bodyImages }))
        if previousOutput != nil, placing.isEmpty, removing.isEmpty {
            writer.discard()
            current.output = previousOutput!.output
        } else {
            BuildManifest.remove(from: options.cache)
            if previousOutput != nil {
                try writer.update(placing: placing, removing: removing.sorted())
            } else {
                try writer.replaceOutput()
            }
            current.output = BuildManifest.OutputState.current(options.output)
        }
        summary.filesWritten = placing.count + removing.count
        // A manifest that cannot be written only makes the next build slower.
        current.watch = watch(scan: scan, entries: entries, planner: planner, output: current.output)
        current.watch?.pages = pageRecords.count
        current.watch?.images = wanted.count
        try? current.save(to: options.cache)
        timings.lap("write")
        summary.seconds = Date().timeIntervalSince(started)
        summary.timings = timings
        return summary
    }

    /// What this build read, with the stamps taken before reading, and the output as written.
    static func watch(scan: SiteLoader.Scan, entries: [ContentEntry], planner: ImagePlanner,
                      output: BuildManifest.OutputState) -> InputWatch {
        var watch = InputWatch()
        watch.source = scan.root.path
        watch.output = output.path
        watch.add(FileStamp.executablePath ?? "/", file: FileStamp.executable)
        for (path, state) in scan.watched { watch.add(path, state) }
        for file in scan.content { watch.add(scan.root.path + "/" + file.path, file: file.stamp) }
        var images: Set<String> = []
        for entry in entries {
            images.insert(entry.image.file.path)
            images.formUnion(entry.bodyImages)
        }
        for path in images { watch.add(path, file: planner.stamp(of: path)) }
        for (folder, stamp) in output.folders { watch.add(folder.isEmpty ? output.path : output.path + "/" + folder, .folder(stamp)) }
        return watch
    }

    /// What every page depends on besides its own inputs: the manifest format, the gazetteer
    /// version and executable, the settings file, the theme folder and the site folder.
    static func globalKey(_ scan: SiteLoader.Scan) -> String {
        var key = KeyBuilder()
        key.add(BuildManifest.formatVersion)
        key.add(GazetteerVersion.current)
        key.add(FileStamp.executable)
        key.add(scan.configFile?.text ?? "no settings file")
        key.add(scan.theme.directory.path)
        key.add(scan.root.path)
        return key.digest
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
