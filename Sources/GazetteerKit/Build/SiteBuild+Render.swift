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
import Locking

extension SiteBuild {
    /// A build that renders at most this many pages keeps its data until the next build (see
    /// `keepUntilNextBuild`); a larger one frees it as soon as it can, to keep memory low.
    static let smallBuild = 1000

    struct RenderInput {
        var options: BuildOptions
        var config: SiteConfig
        var scan: SiteLoader.Scan
        var entries: [ContentEntry]
        var planner: ImagePlanner
        var bodies: BodyStore
        var global: String
        var previous: ManifestArchive?
        var previousOutput: ManifestArchive?
        var writer: SiteWriter?
        var staged: StagedFiles
    }

    struct RenderOutcome {
        /// Every page's path, and its manifest record.
        var paths: [String]
        var records: [String: BuildManifest.Record<BuildManifest.PageRecord>]
        /// The thumbnails each rendered page shows.
        var images: [String: [String]]
        /// Every dependency a page read, each once (page records refer to them by position).
        var dependencies: [Dependency]
        /// How many pages were rendered.
        var count: Int
        /// The model and pages of a small build, kept until the next one.
        var kept: [Any]
    }

    /// The model and template stages, then the render stage for the pages whose key changed.
    static func modelAndRender(_ input: RenderInput, timings: inout BuildTimings, diagnostics: inout [Diagnostic])
        throws(DiagnosticList) -> RenderOutcome
    {
        let (options, config, scan, entries, planner, bodies) =
            (input.options, input.config, input.scan, input.entries, input.planner, input.bodies)
        let (previous, previousOutput, writer, staged) = (input.previous, input.previousOutput, input.writer, input.staged)
        let model = SiteModel(config: config, entries: entries)
        timings.lap("model.model")
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
        guard let library, diagnostics.isEmpty else {
            throw DiagnosticList(diagnostics + planner.diagnostics)
        }
        timings.lap("model.templates")
        let renderer = PageRenderer(model: model, library: library, planner: planner, bodies: bodies)
        let pages = renderer.pages + (config.baseURL != nil ? [Page(kind: .sitemap, path: OutputPath.sitemap, title: "")] : [])
        timings.lap("model.pages")
        let values = DependencyValues(
            model: model, entries: entries, settings: scan.configFile?.text, templates: scan.theme.templates,
            pagePaths: pages.filter { $0.kind != .sitemap }.map(\.path),
            imageStamp: { planner.stamp(of: $0) ?? FileStamp.following($0) })
        // A page is rendered again unless what its last rendering read has the same values:
        // each dependency of the last manifest is hashed once, and a page's key mixes theirs.
        let compared = previous != nil && previousOutput != nil ? previous : nil
        let tableValues = compared.map { values.values(of: $0.dependencyTable) } ?? []
        timings.lap("model.values")
        let unchanged = UnsafeBuffer<Bool>(count: pages.count, initial: false)
        let readBefore = UnsafeBuffer<[Int]?>(count: pages.count, initial: nil)
        if let compared {
            let chunks = 8
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                var index = chunk
                while index < pages.count {
                    let page = pages[index]
                    if let (key, read) = compared.keyAndDependencies(ofPage: page.path) {
                        readBefore[index] = read
                        unchanged[index] = DependencyValues.key(for: page, values: read.lazy.map { tableValues[$0] }) == key
                    }
                    index += chunks
                }
            }
        }
        let toRender = pages.indices.filter { !unchanged[$0] }
        timings.lap("model.keys")

        // A page equal to the one in the output is left there.
        let sitemapPages = pages.filter { $0.kind != .sitemap }
        let pagesDone = Locked(0)
        let progress = options.progress
        let rendered = renderer.render(toRender.map { pages[$0] }, sitemapOf: sitemapPages) { page, html throws(DiagnosticList) in
            if let progress { progress.update("pages", pagesDone.withLock { $0 += 1; return $0 }, toRender.count) }
            guard let writer else { return }
            if previousOutput?.pages[page.path] != nil, OutputCompare.same(html, at: options.output.appending(path: page.path)) {
                return
            }
            try writer.write(page.path, html)
            staged.add(page.path)
        }
        diagnostics += rendered.diagnostics + planner.diagnostics + bodies.diagnostics
        if !diagnostics.isEmpty {
            throw DiagnosticList(diagnostics)
        }
        timings.lap("render")
        // The key of what this rendering read (which may differ from what the last one read).
        // Pages not rendered keep their records, which refer to the last manifest's table.
        let copiesRecords = toRender.count < pages.count
        var table = DependencyTable(copiesRecords ? compared!.dependencyTable : [])
        var read = toRender.enumerated().map { n, index in
            // Last time's positions refer to the last table, which is kept only when records are copied.
            table.positions(of: rendered.rendered[n]?.dependencies ?? [], before: copiesRecords ? readBefore[index] : nil)
        }
        let known = copiesRecords ? tableValues.count : 0
        let newValues = values.values(of: Array(table.items[known...]))
        let lists = read
        let keys = UnsafeBuffer<PageKey>(count: toRender.count, initial: PageKey(high: 0, low: 0))
        DispatchQueue.concurrentPerform(iterations: 8) { chunk in
            var n = chunk
            while n < toRender.count {
                let value = { (position: Int) in position < known ? tableValues[position] : newValues[position - known] }
                keys[n] = DependencyValues.key(for: pages[toRender[n]], values: lists[n].lazy.map(value))
                n += 8
            }
        }
        var records: [String: BuildManifest.Record<BuildManifest.PageRecord>] = [:]
        var images: [String: [String]] = [:]
        let copied = pages.indices.filter { unchanged[$0] }
        // A table mostly read by no page any more is compacted: the copied records are then
        // written again (their keys hash values, not positions, so they stay right).
        if copiesRecords, let compact = table.compacted(keeping: read + copied.map { readBefore[$0]! }) {
            table = compact.table
            read = read.map { $0.map { compact.moves[$0]! } }
            for index in copied {
                guard var record = compared!.page(pages[index].path) else { continue }
                record.dependencies = record.dependencies.map { compact.moves[$0]! }
                records[pages[index].path] = .value(record)
            }
        }
        for (n, index) in toRender.enumerated() {
            let shown = rendered.rendered[n]?.images ?? []
            images[pages[index].path] = shown
            records[pages[index].path] = .value(.init(key: keys[n], dependencies: read[n], images: shown))
        }
        for page in pages where records[page.path] == nil {
            records[page.path] = .copied(previous!.pages[page.path]!.range)
        }
        timings.lap("render.records")
        let kept: [Any] = toRender.count <= smallBuild ? [model, pages, values, renderer] : []
        return RenderOutcome(paths: pages.map(\.path), records: records, images: images, dependencies: table.items,
                             count: toRender.count, kept: kept)
    }
}
