import Foundation
import Mustache
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model
import Locking

/// The render stage: every file of every output (see `Output`), most of them pages drawn by
/// the theme's templates in strict mode, across all cores. Thumbnails the pages use are planned on the way (see
/// `ImagePlanner`) and made afterwards.
package struct PageRenderer: Sendable {
    package var model: SiteModel
    package var library: TemplateLibrary
    package var planner: ImagePlanner
    package var bodies: BodyStore
    /// A body's plain text when the Markdown stage kept it (else it is made from the HTML).
    package var plainText: @Sendable (String) -> String? = { _ in nil }
    /// The collections' rows the last build kept, and where this build's are kept (nil: each
    /// collection made whole, nothing kept).
    package var rowStore: DataRowStore?

    /// Whether the theme draws continent pages (a theme without `continent.mustache` and
    /// `continents.mustache`, written before they existed, gets none).
    package var makesContinentPages: Bool

    /// The theme's words in every language (see `ThemeWords`), and those of the site's
    /// language, made once.
    package private(set) var words: ThemeWords
    private(set) var siteWords: Words
    /// `siteWords` (the words of this renderer's language) as templates see them, made once.
    private var siteWordValues: [String: MustacheValue]
    /// The words of `siteWords` the theme's scripts show, and their JSON (see `scriptWords`), made once.
    private(set) var siteScriptWords: (keys: [String], json: String?)
    /// What a page reads by showing them, sorted (read by every page: made once, not named
    /// and hashed again for each).
    private(set) var siteScriptWordReads: [Dependency]

    /// Every file of the site, each output's in the order of `Outputs.all`.
    package private(set) var pages: [Page] = []
    /// The paths of the pages for readers (those of the outputs `listed`), in that order:
    /// what `Dependency.pages` reads.
    package private(set) var listedPaths: [String] = []
    /// Whether an entry's picture or flag has a credit: the credits page is made (see `CreditsPage`).
    package private(set) var hasCredits = false
    /// What links may point at: every file of every output, and those `publishes` adds (see `LinkTargets`).
    package private(set) var targets: LinkTargets

    /// The language whose pages this renderer draws (nil for a guide in one language), and
    /// the folder they go in (`fr/`; "" for the default language).
    package private(set) var language: LanguageSetting?
    package private(set) var folder = ""
    /// On the default language's renderer of a guide in several: one renderer for each other
    /// language, drawing the outputs made per language (`Output.perLanguage`) of its model
    /// (the entries as that language shows them: `ContentEntry.translated(by:into:)`). Their
    /// files are among `pages`, in their folder, `Page.language` naming which.
    package private(set) var translations: [PageRenderer] = []
    /// The entries that have a translation, by language (`fr`) and the entry's path.
    package private(set) var translated: [String: Set<String>] = [:]
    /// Of those, the translations that have a text of their own (the others show their entry's).
    package private(set) var translatedTexts: Set<String> = []
    /// Every entry's name in each language (by the default language's entry's path), for
    /// the search records, which find an entry by its names in the other languages too.
    package private(set) var names: NamesInLanguages = NamesInLanguages()
    /// On another language's renderer, the default language's model: the entry a page links
    /// to when this language leaves it out (`untranslated: omit`), such as a city's country.
    package private(set) var defaultModel: SiteModel?
    /// The paths of every file of every output, in every language's folder: which versions
    /// of a page exist (with `untranslated: omit` a language lacks some).
    package private(set) var siteFiles: Set<String> = []

    /// `translations`: for each language of the guide but the first (`config.languages`),
    /// its model, the bodies as its pages show them and the entries translated into it.
    package init(model: SiteModel, library: TemplateLibrary, planner: ImagePlanner, bodies: BodyStore,
                 words: ThemeWords = ThemeWords(files: []),
                 translations: [(model: SiteModel, bodies: BodyStore, translated: Set<String>, texts: Set<String>)] = []) {
        // Each language's pages are listed on a core of its own.
        let made = Parallel.map(translations.count + 1) { n in
            n == 0 ? PageRenderer(model: model, library: library, planner: planner, bodies: bodies, words: words, language: nil)
                : PageRenderer(model: translations[n - 1].model, library: library, planner: planner, bodies: translations[n - 1].bodies,
                               words: words, language: model.config.languages[n])
        }
        self = made[0]
        language = model.config.languages.first
        for (n, translation) in translations.enumerated() {
            let setting = model.config.languages[n + 1]
            var renderer = made[n + 1]
            renderer.language = setting
            renderer.folder = setting.folder
            renderer.translated = [setting.code: translation.translated]
            translated[setting.code] = translation.translated
            renderer.translatedTexts = translation.texts
            for var page in renderer.pages {
                page.path = setting.folder + page.path
                page.language = n + 1
                pages.append(page)
            }
            listedPaths += renderer.listedPaths.map { setting.folder + $0 }
            self.translations.append(renderer)
        }
        if !self.translations.isEmpty {
            names = NamesInLanguages([model] + self.translations.map(\.model))
        }
        // The other languages' pages are link targets too (without them, the files are those
        // the default language's renderer has already gathered).
        if !self.translations.isEmpty {
            // The default language's files are gathered already: the others' are added to them.
            var files = targets.files
            files.reserveCapacity(pages.count)
            for page in pages where page.language > 0 { files.insert(page.path) }
            targets = LinkTargets(files: files, baseURL: model.config.baseURL, sitePath: model.config.sitePath)
        }
        siteFiles = targets.files
        for n in self.translations.indices {
            self.translations[n].translated = translated
            self.translations[n].names = names
            self.translations[n].defaultModel = model
            self.translations[n].siteFiles = siteFiles
        }
    }

    private init(model: SiteModel, library: TemplateLibrary, planner: ImagePlanner, bodies: BodyStore, words: ThemeWords,
                 language: LanguageSetting?) {
        self.model = model
        self.words = words
        siteWords = words.words(of: language?.code ?? model.config.language)
        siteWordValues = WordsValue.values(of: siteWords)
        siteScriptWords = Self.scriptWords(siteWords, builtIn: words.builtIn)
        siteScriptWordReads = Set(siteScriptWords.keys.map { [siteWords] in Dependency.word(Self.scriptPrefix + $0, in: siteWords.language) }).sorted()
        self.library = library
        self.planner = planner
        self.bodies = bodies
        let names = Set(library.names)
        makesContinentPages = names.contains(Page.Kind.continent.rawValue) && names.contains(Page.Kind.continents.rawValue)
        targets = LinkTargets(files: [], baseURL: model.config.baseURL, sitePath: model.config.sitePath)
        hasCredits = model.countries.contains { $0.credit != nil && !$0.image.isPlaceholder }
            || model.cities.contains { $0.credit != nil && !$0.image.isPlaceholder }
        // Each output's files listed on a core (400,000 pages at 100,000 cities, in one language).
        let outputs = Outputs.all.filter { language == nil || $0.perLanguage }
        let site = self
        let made = Parallel.map(outputs.count) { outputs[$0].files(of: site) }
        pages.reserveCapacity(made.reduce(0) { $0 + $1.count })
        for (output, files) in zip(outputs, made) {
            pages += files
            if output.listed { listedPaths += files.map(\.path) }
        }
        targets = LinkTargets(files: Set(pages.lazy.map(\.path)), baseURL: model.config.baseURL, sitePath: model.config.sitePath)
    }

    /// The renderer of the language of `page`, and the page with its path in that language's
    /// folder (`fr/countries/france.html` -> `countries/france.html`): links between pages
    /// of one language are worked out within its folder, those to the site's assets and
    /// thumbnails from the site's root (`siteRoot(of:)`).
    package func inLanguage(_ page: Page) -> (site: PageRenderer, page: Page) {
        guard page.language > 0 else { return (self, page) }
        let site = translations[page.language - 1]
        var local = page
        local.path = String(page.path.dropFirst(site.folder.count))
        return (site, local)
    }

    /// From the page at `path` (in this language's folder) to the site's root: where the
    /// assets and the thumbnails are.
    package func siteRoot(of path: String) -> String { PagePath.root(of: folder + path) }

    /// The words of the theme in `language` (the site's `language` for now; each page's
    /// own once a guide has several), each from the first language of its chain that has it.
    package func words(of language: String) -> Words {
        language == siteWords.language ? siteWords : words.words(of: language)
    }

    /// `words` as templates see it on a page in `language`, recording what they read into `scope`.
    package func wordsValue(of language: String, scope: PageScope) -> MustacheValue {
        language == siteWords.language
            ? .dynamic(WordsValue(words: siteWords, scope: scope, values: siteWordValues))
            : .dynamic(WordsValue(words: words.words(of: language), scope: scope))
    }

    /// The words a page shows, recording each word read into `scope` (see `WordsValue`):
    /// for Swift code that writes words itself (alt texts, the maps' names).
    package func word(_ key: String, _ values: [String: String] = [:], language: String? = nil, scope: PageScope) -> String {
        let words = words(of: language ?? siteWords.language)
        scope.read(.word(key, in: words.language))
        return words.filled(key, values) ?? key
    }

    /// A page's title made of a word (its placeholders filled with `values`): no scope records
    /// it, as the title is part of every page's key already (`DependencyValues.key(for:positions:of:)`).
    package func title(_ key: String, _ values: [String: String] = [:]) -> String {
        siteWords.filled(key, values) ?? key
    }

    /// Adds the files the output holds besides those of the outputs (the theme's assets,
    /// `static/`, the files pages link to) to what links may point at.
    package mutating func publishes(_ files: some Sequence<String>) {
        targets = targets.adding(files)
    }

    /// List rows whose pictures load at once (the first screen); the others load lazily.
    package static let eagerRows = 8
    package static let generator = "Gazetteer \(GazetteerVersion.current)"

    /// What rendering one page gave: the thumbnails it shows, and where what it read came
    /// from, sorted, each as its number in the stage's `ReadTable`.
    package struct Rendered: Sendable {
        package var images: [String]
        package var reads: [Int32]
    }

    /// Renders `pages` in parallel, each by its output (`Outputs.output`), checks the links of
    /// each (`checkLinks`), and hands each page's text to `deliver` on the thread that
    /// rendered it (so that no more than a page per core is held in memory). Template errors are reported once each, however many
    /// pages hit them, naming the content files a value was missing from (see
    /// `TemplateErrors`); so are errors `deliver` throws.
    package func render(
        _ pages: [Page], deliver: @Sendable (Page, String) throws(DiagnosticList) -> Void
    ) -> (rendered: [Rendered?], read: ReadTable.Items, diagnostics: [Diagnostic]) {
        let templateErrors = TemplateErrors()
        let readTable = ReadTable()
        let groups = renderGroups(pages)
        if let first = groups.first, Outputs.output(pages[first[0]].kind).showsEveryEntry {
            // The collections, rendered first on every core, all show every entry's picture.
            planner.inspectFirst((model.countries + model.cities).compactMap { $0.image.isPlaceholder ? nil : $0.image.path })
        }
        // Groups in batches, each batch's pages rendered one after the other by one core, each
        // page's reads numbered against those of the last page of its kind (`ReadTable.Recent`;
        // a group holds an entry's page, its record...). The collections, each long to render,
        // are each a batch of their own.
        let alone = groups.prefix { Outputs.output(pages[$0[0]].kind).showsEveryEntry }.count
        let batches = (0..<alone).map { $0..<$0 + 1 } + stride(from: alone, to: groups.count, by: 16).map { $0..<min($0 + 16, groups.count) }
        let inBatches = Parallel.map(batches.count) { n in
            var recent: [Page.Kind: ReadTable.Recent] = [:]
            return groups[batches[n]].joined().map { index -> Result<Rendered, DiagnosticList> in
                let page = pages[index]
                let (site, local) = inLanguage(page)
                let scope = PageScope(language: site.folder.isEmpty ? "" : site.language?.code ?? "")
                defer { scope.finish() }
                do throws(MustacheError) {
                    let output = Outputs.output(page.kind)
                    var text = try output.render(local, of: site, scope: scope)
                    let fromRoot = (output as? any TemplatedOutput)?.linksFromSiteRoot ?? false
                    if page.language > 0, model.config.untranslated == .omit, !fromRoot { text = fallbackLinks(page, text, folder: site.folder, scope: scope) }
                    let broken = checkLinks(page, text, fromSiteRoot: fromRoot, scope: scope)
                    guard broken.isEmpty else { return .failure(DiagnosticList(broken)) }
                    do throws(DiagnosticList) {
                        try deliver(page, text)
                        return .success(Rendered(images: scope.fileNames, reads: readTable.numbers(of: scope.dependencies, recent: &recent[page.kind, default: ReadTable.Recent()])))
                    } catch {
                        return .failure(error)
                    }
                } catch {
                    templateErrors.add(error)
                    return .failure(DiagnosticList([]))
                }
            }
        }
        var results = [Result<Rendered, DiagnosticList>](repeating: .failure(DiagnosticList([])), count: pages.count)
        for (batch, made) in zip(batches, inBatches) {
            for (index, result) in zip(groups[batch].joined(), made) { results[index] = result }
        }
        var rendered: [Rendered?] = []
        var diagnostics: Set<Diagnostic> = []
        for result in results {
            switch result {
            case .success(let page): rendered.append(page)
            case .failure(let list): rendered.append(nil); diagnostics.formUnion(list.diagnostics)
            }
        }
        return (rendered, readTable.items, (diagnostics.sorted() + templateErrors.diagnostics).sorted())
    }

    /// `pages` as they are rendered: each group by one thread, in order. The files showing
    /// the text of one entry in one language (`Output.entry(of:site:)`: its page, its record,
    /// its search record) are one group, so that its body is rendered once for all of them
    /// and kept only while they are rendered (see `BodyStore`); every other file is a group
    /// of its own.
    /// The files of outputs that show every entry (`Output.showsEveryEntry`) come first.
    package func renderGroups(_ pages: [Page]) -> [[Int]] {
        let groups = Self.renderGroups(pages.map { page in
            let (site, local) = inLanguage(page)
            return Outputs.output(page.kind).entry(of: local, site: site).map { String(page.language) + "\u{0}" + $0 }
        })
        let first = groups.filter { Outputs.output(pages[$0[0]].kind).showsEveryEntry }
        return first.isEmpty ? groups : first + groups.filter { !Outputs.output(pages[$0[0]].kind).showsEveryEntry }
    }

    /// The indices of `entries` (what each file shows, nil for none) in groups: those of
    /// equal ones together where the first of them is, each other one alone where it is.
    package static func renderGroups(_ entries: [String?]) -> [[Int]] {
        var groups: [String: [Int]] = [:]
        for (index, entry) in entries.enumerated() { if let entry { groups[entry, default: []].append(index) } }
        var order: [[Int]] = []
        order.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            guard let entry else { order.append([index]); continue }
            if let group = groups.removeValue(forKey: entry) { order.append(group) }
        }
        return order
    }
}
