import Foundation
import Mustache
import Thumbnails

/// One build, stage by stage: load -> front matter -> Markdown -> model -> render ->
/// thumbnails -> write. Every problem of every stage that can run is collected and
/// reported together; nothing is written unless there is none.
public enum SiteBuild {
    public static let requiredTemplates = ["layout", "index", "country", "city", "cities", "flags", "404"]

    public static func run(_ options: BuildOptions) throws(DiagnosticList) -> BuildSummary {
        let started = Date()
        try checkOutput(options)
        let source = try SiteLoader.load(root: options.source, cacheDirectory: options.cache)
        var diagnostics: [Diagnostic] = []

        // Settings.
        var config = SiteConfig()
        if let file = source.configFile {
            do throws(DiagnosticList) {
                config = try SiteConfig.parse(YAMLParser.parse(file.text, path: file.path))
            } catch {
                diagnostics += error.diagnostics
            }
        }

        // Front matter.
        var countries: [ParsedContent] = []
        var cities: [ParsedContent] = []
        for (files, kind) in [(source.countries, 0), (source.cities, 1)] {
            for file in files {
                do throws(DiagnosticList) {
                    let parsed = ParsedContent(file: file, document: try FrontMatterParser.parse(file))
                    if kind == 0 { countries.append(parsed) } else { cities.append(parsed) }
                } catch {
                    diagnostics += error.diagnostics
                }
            }
        }

        // Markdown bodies: links to content files become links to pages, images thumbnails.
        let thumbnailer: Thumbnailer
        do throws(ThumbnailError) {
            var limits = Limits()
            limits.maxPixels = config.maxImagePixels
            thumbnailer = try Thumbnailer(cacheDirectory: options.cache.appending(path: "images"), limits: limits)
        } catch {
            throw DiagnosticList(diagnostics + [Diagnostic(error.message, at: SourceLocation(path: error.path))])
        }
        let planner = ImagePlanner(thumbnailer: thumbnailer, presets: config.presets)
        let paths = ContentPath(root: source.root)
        var pages: [String: String] = [:]
        for c in countries { pages[c.file.path] = "countries/\(c.slug).html" }
        for c in cities { pages[c.file.path] = "cities/\(c.slug).html" }
        let bodyRenderer = BodyRenderer(paths: paths, pages: pages, planner: planner, options: config.markdown)
        var bodies: [String: MarkdownBody] = [:]
        for content in countries + cities {
            bodies[content.file.path] = bodyRenderer.render(
                content.document, of: content.file, outputPath: pages[content.file.path]!, diagnostics: &diagnostics)
        }

        // Model.
        let model = SiteModel.build(
            config: config, countries: countries, cities: cities, bodies: bodies, paths: paths,
            theme: source.theme, diagnostics: &diagnostics)

        // Templates.
        var library: TemplateLibrary?
        do throws(MustacheErrorList) {
            library = try TemplateLibrary(source.theme.templates)
        } catch {
            diagnostics += error.errors.map {
                Diagnostic($0.message, at: SourceLocation(path: $0.path, line: $0.line, column: $0.column))
            }
        }
        let present = Set(source.theme.templates.map(\.name))
        for name in requiredTemplates where !present.contains(name) {
            diagnostics.append(Diagnostic(
                "the theme has no \(name).mustache", at: SourceLocation(path: source.theme.displayName)))
        }

        // Render.
        var files: [OutputFile] = []
        if let library, diagnostics.isEmpty {
            let renderer = PageRenderer(model: model, library: library, planner: planner)
            let all = renderer.pages
            let rendered = renderer.render(all)
            files = rendered.files
            diagnostics += rendered.diagnostics
            if let sitemap = renderer.sitemap(for: all) { files.append(sitemap) }
        }
        diagnostics += planner.diagnostics
        if !diagnostics.isEmpty { throw DiagnosticList(diagnostics) }

        // Thumbnails.
        let plans = planner.plans
        let report = thumbnailer.make(plans)
        if !report.errors.isEmpty {
            throw DiagnosticList(report.errors.map {
                Diagnostic($0.message, at: SourceLocation(path: paths.siteRelative(URL(fileURLWithPath: $0.path))))
            })
        }

        // Write.
        guard options.writeOutput else {
            return BuildSummary(pages: files.count, thumbnailsMade: report.made, thumbnailsReused: report.reused,
                                seconds: Date().timeIntervalSince(started))
        }
        var copies: [SiteWriter.Copy] = []
        var seen: Set<String> = []
        for plan in plans {
            for image in plan.images where seen.insert(image.fileName).inserted {
                copies.append(.init(path: "images/\(image.fileName)", source: thumbnailer.cachedFile(image)))
            }
        }
        for asset in source.theme.assets {
            copies.append(.init(path: asset, source: source.theme.directory.appending(path: asset)))
        }
        try SiteWriter(output: options.output).write(files, copies: copies)
        return BuildSummary(
            pages: files.count, thumbnailsMade: report.made, thumbnailsReused: report.reused,
            seconds: Date().timeIntervalSince(started))
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
