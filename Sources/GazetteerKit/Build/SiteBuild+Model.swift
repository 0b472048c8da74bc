import Mustache
import Diagnostics
import Load
import Model
import Locking
import Render
import Images

extension SiteBuild {
    /// The guide as a model, its templates, and every page of the site.
    struct Model {
        var site: SiteModel
        var renderer: PageRenderer
        /// Every file of every output (`PageRenderer.pages`).
        var pages: [Page]
        /// The thumbnail presets the templates show flags and pictures with.
        var presets: (flag: Set<String>, picture: Set<String>)
        /// The theme's words the site's language lacks (`ThemeWords.problems`), shown as
        /// warnings (errors with --strict).
        var warnings: [Diagnostic] = []
        /// The files published as they are beside the pages (which links may point at).
        var copied = CopiedFiles()
    }

    /// The model and template stages. Throws every problem found so far, if any.
    mutating func makeModel(_ content: Content) throws(DiagnosticList) -> Model {
        let scan = inputs.scan
        var diagnostics = content.diagnostics
        let config = inputs.config
        // The guide in each other language: its entries as that language shows them (each
        // language's entries made across the cores, then each language's model on a core).
        let (entries, bodies, others) = (content.entries, content.bodies, Array(config.languages.dropFirst()))
        let shown = others.map { language in
            var (shown, translated) = Translations.entries(entries, in: language, base: config.languages[0].code)
            // `untranslated: omit`: an entry with no translation into the language is not in it.
            if config.untranslated == .omit { shown = shown.filter { translated.contains($0.path) } }
            return (shown, translated)
        }
        let models = Parallel.map(others.count + 1) { n -> (model: SiteModel, bodies: BodyStore, translated: Set<String>, texts: Set<String>) in
            guard n > 0 else {
                return (SiteModel(config: config, entries: config.isMultilingual ? entries.filter { $0.language == nil } : entries), bodies, [], [])
            }
            let (language, (inLanguage, translated)) = (others[n - 1], shown[n - 1])
            let withBody = Set(entries.filter { translated.contains($0.path) && $0.hasBody }.map(\.path))
            let bodiesShown = bodies.inLanguage(language) { withBody.contains($0) ? $0 : ContentKind.untranslated($0) }
            return (SiteModel(config: config.inLanguage(language), entries: inLanguage), bodiesShown, translated, withBody)
        }
        let model = models[0].model
        let translations = Array(models.dropFirst())
        diagnostics += SiteModel.redirectProblems(content.entries) { Set(scan.content.map(\.outputPath)) }
        clock.lap("model.model")
        var library: TemplateLibrary?
        do throws(MustacheErrorList) {
            library = try TemplateLibrary(scan.theme.templates)
        } catch {
            diagnostics += error.errors.map {
                Diagnostic($0.message, at: SourceLocation(path: $0.path, line: $0.line, column: $0.column))
            }
        }
        if let library { diagnostics += TemplateCheck.problems(library, presets: inputs.config.presets.keys) }
        // The words of the theme, a word missing in the site's language shown in English.
        let words = ThemeWords(files: scan.theme.words, fallback: inputs.config.language)
        diagnostics += words.errors
        if let library { diagnostics += TemplateCheck.unknownWords(library, known: words.keys) }
        let languages = inputs.config.languages.isEmpty ? [inputs.config.language] : inputs.config.languages.map(\.code)
        var warnings = words.problems(for: languages)
        if options.strict {
            diagnostics += warnings
            warnings = []
        }
        let present = Set(scan.theme.templates.map(\.name))
        for name in Outputs.requiredTemplates where !present.contains(name) {
            diagnostics.append(Diagnostic(
                "the theme has no \(name).mustache", at: SourceLocation(path: scan.theme.displayName)))
        }
        guard let library, diagnostics.isEmpty else {
            // No page will render, so the flags and pictures are planned here with the presets
            // the templates name, and decoded with those the Markdown stage planned: their
            // problems come in this run with the others, not in the next one.
            if let library { Self.planPictures(content.entries, presets: TemplateCheck.presetsUsed(library), planner: inputs.planner) }
            throw DiagnosticList(diagnostics + inputs.planner.diagnostics + pictureProblems())
        }
        clock.lap("model.templates")
        var renderer = PageRenderer(model: model, library: library, planner: inputs.planner, bodies: content.bodies, words: words,
                                    translations: translations)
        let texts = content.processed.texts
        renderer.plainText = { texts[$0]?.text }
        let pages = renderer.pages
        let copied = CopiedFiles(scan: scan, config: config, entries: content.entries, pages: pages)
        if !copied.problems.isEmpty { throw DiagnosticList(copied.problems) }
        // Links may lead to them too (checked as the pages render).
        renderer.publishes(copied.sources.keys)
        clock.lap("model.pages")
        return Model(site: model, renderer: renderer, pages: pages, presets: TemplateCheck.presetsUsed(library), warnings: warnings,
                     copied: copied)
    }

    /// Plans every entry's flag or picture with the presets templates name for it.
    private static func planPictures(_ entries: [ContentEntry], presets: (flag: Set<String>, picture: Set<String>),
                                     planner: ImagePlanner) {
        for entry in entries where !entry.image.isPlaceholder {
            for preset in (entry.kind == .country ? presets.flag : presets.picture).sorted() {
                _ = planner.plan(entry.image, preset: preset, stem: entry.image.stem)
            }
        }
    }
}
