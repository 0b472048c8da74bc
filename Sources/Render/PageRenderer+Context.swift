import Mustache
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model

/// What templates see (documented in docs/templates.md). Every `url` is relative to the
/// page being rendered.
extension PageRenderer {
    /// The context of `page`, drawn by a template of `output`: what every page shows (the
    /// site, the page, the navigation), and what `output.fill` adds. What its templates
    /// read and the thumbnails they ask for are recorded in `images`.
    package func context(for page: Page, of output: some TemplatedOutput, images: PageScope) -> MustacheValue {
        let config = model.config
        // A page served for missing paths at any depth (the not-found page) links from the
        // site's own path (base_url's, else the server's root) instead of its own.
        let absolute = output.linksFromSiteRoot
        let root = absolute ? config.sitePath : siteRoot(of: page.path)
        func link(_ target: String) -> String { absolute ? root + folder + target : PagePath.relative(from: page.path, to: target) }
        var site: [String: MustacheValue] = ["title": .string(config.title), "language": .string(config.language)]
        if let language, language.rightToLeft || config.isMultilingual { site["dir"] = .string(language.rightToLeft ? "rtl" : "ltr") }
        var pageValue: [String: MustacheValue] = [
            "title": .string(page.title), "path": .string(page.path), "is_\(page.kind.rawValue)": .bool(true),
        ]
        if let base = config.baseURL {
            site["base_url"] = .string(base)
            pageValue["canonical"] = .string(base + folder + (page.path == OutputPath.index ? "" : PagePath.urlEncoded(page.path)))
        }
        var nav: [String: MustacheValue] = [
            "countries": .string(link(OutputPath.index)),
            "cities": .string(link(OutputPath.cities)),
            "flags": .string(link(OutputPath.flags)),
        ]
        if makesContinentPages { nav["continents"] = .string(link(OutputPath.continents)) }
        if makesCreditsPage(scope: images) { nav["credits"] = .string(link(CreditsPage.path)) }
        if page.number > 1 { pageValue["continued"] = .bool(true) }
        var values: [String: MustacheValue] = [
            "site": .object(site),
            "page": .object(pageValue),
            "root": .string(root),
            "generator": .string(Self.generator),
            "nav": .object(nav),
            "words": wordsValue(of: siteWords.language, scope: images),
        ]
        if config.search {
            values["search"] = .bool(true)
            // Where the search box finds its language's index (`fr/search/`) and the pages
            // its results name: this language's folder.
            values["search_root"] = .string(absolute ? root + folder : PagePath.root(of: page.path))
        }
        if let script = scriptWords(scope: images) { values["script_words"] = .string(script) }
        if let data = dataLinks(for: page) { values["data"] = data }
        if let feed = feedLink(from: page.path, scope: images) { values["feed"] = feed }
        if config.isMultilingual { addLanguages(of: page, absolute: absolute, scope: images, into: &values) }
        if let jsonFeed = jsonFeedLink(from: page.path) { values["json_feed"] = jsonFeed }
        var lists: [String: Dependency] = [:]
        // The pages of one's own in the header's menu and in the footer (read when shown).
        let (menu, footer) = freePageLinks(from: page.path, link: link)
        values["menu_pages"] = .array(menu)
        values["footer_pages"] = .array(footer)
        values["has_footer_pages"] = .bool(!footer.isEmpty)
        for key in ["menu_pages", "footer_pages", "has_footer_pages"] { lists[key] = .freePages }
        output.fill(page, of: self, scope: images, values: &values, lists: &lists)
        // Every value is made with the settings (continents, presets, Markdown options...),
        // and links to continent pages only when the theme makes them.
        images.read(.settings)
        images.read(.templateExists(Page.Kind.continent.rawValue))
        images.read(.templateExists(Page.Kind.continents.rawValue))
        return .dynamic(ListedFields(fields: values, lists: lists, scope: images))
    }

    /// The words the theme's scripts show (`js_*`, named without the prefix) as JSON for a
    /// `<script type="application/json">`, when the page's language's differ from the English
    /// ones the built-in scripts carry (so an English page is as it was before there were words).
    func scriptWords(scope: PageScope) -> String? {
        scope.read(sorted: siteScriptWordReads)
        return siteScriptWords.json
    }

    /// The script words of `shown` (named without the prefix, sorted), and their JSON when
    /// they differ from the English ones of `builtIn`.
    static func scriptWords(_ shown: Words, builtIn: [String: String]) -> (keys: [String], json: String?) {
        let own = shown.prefixed(scriptPrefix)
        let keys = own.keys.sorted()
        let carried = Words(language: ThemeWords.baseLanguage, texts: builtIn).prefixed(scriptPrefix)
        guard own != carried else { return (keys, nil) }
        let json = JSONValue.object(keys.map { ($0, JSONValue.string(own[$0]!)) })
        return (keys, String(decoding: JSONWriter.encode(json), as: UTF8.self))
    }

    /// The theme's words its scripts show are named `js_<word>`.
    package static let scriptPrefix = "js_"

    /// `page.draft` on the page of a draft (built only when drafts are asked for: `serve`,
    /// `--drafts`), for the banner that says so; read from the entry's front matter.
    package func markDraft(_ entry: ContentEntry, values: inout [String: MustacheValue], scope: PageScope) {
        scope.read(.frontMatter(entry.path))
        guard entry.draft, case .object(var page)? = values["page"] else { return }
        page["draft"] = .bool(true)
        values["page"] = .object(page)
    }

    /// Flags of the gallery that load at once.
    package static let eagerFlags = 24

    /// `eager`: a list row on the first screen, whose picture loads at once (`eager: true`
    /// for templates); made anew instead of once per page.
    package func country(_ country: ContentEntry, from page: String, images: PageScope, withCities: Bool = false, eager: Bool = false)
        -> MustacheValue
    {
        guard withCities || eager else {
            return images.country(country.slug) { makeCountry(country, from: page, images: images, withCities: false) }
        }
        return makeCountry(country, from: page, images: images, withCities: withCities, eager: eager)
    }

    /// The entries of `page` of `list` and what its pagination and letter bar show, each
    /// recorded as a read of that page of the list (`Dependency.slice`): `entries` (also
    /// under `alias`), `groups`, `pagination` (absent when the list has one page) and `letters`.
    package func paged(_ list: PagedList, page: Page, images: PageScope, into values: inout [String: MustacheValue],
               lists: inout [String: Dependency], as alias: String?) {
        let here = page.path
        let number = min(page.number, list.pages.pageCount)
        let range = list.pages.range(ofPage: number)
        var entries: [MustacheValue] = []
        var groups: [MustacheValue] = []
        var group: [MustacheValue] = []
        var groupInitial: Initial?
        var shownInitials: Set<Initial> = []
        func close() {
            guard let initial = groupInitial else { return }
            var value: [String: MustacheValue] = [
                "letter": .string(initial.letter), "anchor": .string(initial.anchor), "entries": .array(group),
            ]
            value["continued"] = .bool(list.pages.letters.first(where: { $0.initial == initial })!.page < number)
            groups.append(.object(value))
            group = []
        }
        for position in range {
            let index = list.pages.order[position]
            let eager = position - range.lowerBound < Self.eagerRows
            let value = list.ofCities
                ? city(model.cities[index], from: here, images: images, withCountry: list.id == "cities", eager: eager)
                : country(model.countries[index], from: here, images: images, eager: eager)
            let initial = list.pages.initials[position]
            if initial != groupInitial {
                close()
                groupInitial = initial
                shownInitials.insert(initial)
            }
            group.append(value)
            entries.append(value)
        }
        close()
        func link(_ n: Int) -> [String: MustacheValue] {
            ["number": .int(n), "url": .string(PagePath.relative(from: here, to: list.path(ofPage: n)))]
        }
        let total = list.pages.pageCount
        if total > 1 {
            let window = PageWindow(current: number, total: total)
            var pagination: [String: MustacheValue] = [
                "current": .int(number), "total": .int(total),
                "pages": .array(window.numbers.map { n in
                    .object(link(n).merging(["current": .bool(n == number)]) { a, _ in a })
                }),
                "first": .object(link(1).merging(["current": .bool(number == 1)]) { a, _ in a }),
                "last": .object(link(total).merging(["current": .bool(number == total)]) { a, _ in a }),
            ]
            pagination["gap_before"] = .bool(window.gapBefore)
            pagination["gap_after"] = .bool(window.gapAfter)
            if number > 1 { pagination["prev"] = .object(link(number - 1)) }
            if number < total { pagination["next"] = .object(link(number + 1)) }
            values["pagination"] = .object(pagination)
        }
        values["letters"] = .array(list.pages.letters.map { initial, n in
            var value: [String: MustacheValue] = [
                "letter": .string(initial.letter), "anchor": .string(initial.anchor),
                "url": .string(PagePath.relative(from: here, to: list.path(ofPage: n)) + "#" + initial.anchor),
            ]
            value["current"] = .bool(shownInitials.contains(initial))
            return .object(value)
        })
        values["entries"] = .array(entries)
        values["groups"] = .array(groups)
        var keys = ["entries", "groups", "pagination", "letters"]
        if let alias {
            values[alias] = values["entries"]
            keys.append(alias)
        }
        for key in keys { lists[key] = list.slice(number) }
    }

    /// A continent with `url` (its page), `gallery_url`, `country_count` and `city_count`.
    package func continentWithCounts(_ continent: Continent, from page: String, images: PageScope) -> MustacheValue {
        var value = self.continent(continent, from: page, scope: images)
        value["url"] = value["page_url"]
        value["gallery_url"] = .string(PagePath.relative(from: page, to: OutputPath.flags) + "#" + continent.slug)
        let countries = model.countryPagesOfContinent[continent.name]?.order.count ?? 0
        let cities = model.cityCount(ofContinent: continent)
        value["country_count"] = .int(countries)
        value["one_country"] = .bool(countries == 1)
        value["city_count"] = .int(cities)
        value["one_city"] = .bool(cities == 1)
        let (members, count) = (Dependency.continent(continent.name), Dependency.continentCities(continent.name))
        return .dynamic(ListedFields(
            fields: value,
            lists: ["country_count": members, "one_country": members, "city_count": count, "one_city": count],
            scope: images))
    }

    /// A country with its cities (for its own page), or as a list row (made once per page:
    /// see `PageScope`).
    private func makeCountry(_ country: ContentEntry, from page: String, images: PageScope, withCities: Bool, eager: Bool = false)
        -> MustacheValue
    {
        let root = siteRoot(of: page)
        var value: [String: MustacheValue] = [
            "slug": .string(country.slug),
            "name": .string(country.name),
            "url": .string(PagePath.relative(from: page, to: country.outputPath)),
            "flag": .dynamic(ImageValue(
                image: country.image, alt: word("flag_of", ["name": country.name], scope: images),
                stem: country.image.stem, root: root, planner: planner,
                owner: country.path, used: images)),
            "continents": .array(model.continents(of: country).map { .object(continent($0, from: page, scope: images)) }),
            "city_count": .int(model.cityCount(of: country)),
            "extra": extra(country.extra),
        ]
        if let official = country.officialName { value["official_name"] = .string(official) }
        if let capital = country.capital { value["capital"] = .string(capital) }
        if let motto = country.motto { value["motto"] = .string(motto) }
        if let credit = creditValue(of: country) { value["credit"] = credit }
        value["eager"] = .bool(eager)
        if withCities {
            value["cities"] = .array(model.cities(of: country).map { city($0, from: page, images: images, withCountry: false) })
        }
        return .dynamic(EntityValue(fields: value, entry: country, bodies: bodies, scope: images))
    }

    package func city(_ city: ContentEntry, from page: String, images: PageScope, withCountry: Bool = true, eager: Bool = false)
        -> MustacheValue
    {
        var value: [String: MustacheValue] = [
            "slug": .string(city.slug),
            "name": .string(city.name),
            "url": .string(PagePath.relative(from: page, to: city.outputPath)),
            "picture": .dynamic(ImageValue(
                image: city.image, alt: city.image.isPlaceholder ? word("no_picture_yet", ["name": city.name], scope: images) : city.name,
                stem: city.image.stem,
                root: siteRoot(of: page), planner: planner, owner: city.path, used: images)),
            "extra": extra(city.extra),
        ]
        if let credit = creditValue(of: city) { value["credit"] = credit }
        value["eager"] = .bool(eager)
        if let position = city.position { value["position"] = Self.position(position) }
        // A country this language leaves out (`untranslated: omit`) is the default language's,
        // its link led there by `fallbackLinks`.
        if withCountry, let country = country(of: city, scope: images) ?? leftOutCountry(of: city) {
            value["country"] = self.country(country, from: page, images: images)
        }
        return .dynamic(EntityValue(fields: value, entry: city, bodies: bodies, scope: images))
    }

    /// The country of `city` in this language, or nil. When this language leaves it out
    /// (`untranslated: omit`), that its page is missing here is recorded (`Dependency.target`),
    /// so that what shows the city is made again when the country's translation comes.
    package func country(of city: ContentEntry, scope: PageScope) -> ContentEntry? {
        guard let slug = city.country else { return nil }
        if let country = model.country(slug) { return country }
        if let other = defaultModel?.country(slug) { scope.read(.target(folder + other.outputPath)) }
        return nil
    }

    /// The default language's entry of a country this language leaves out.
    package func leftOutCountry(of city: ContentEntry) -> ContentEntry? {
        city.country.flatMap { defaultModel?.country($0) }
    }

    /// `url` is the continent's gallery section; `page_url` its page, when the theme makes them.
    /// In a language other than the default, `name` is CLDR's (`Continent.label`) and
    /// `heading` the word `flags_of` with it (read through `scope`), since the settings'
    /// headings are the default language's.
    package func continent(_ continent: Continent, from page: String, scope: PageScope) -> [String: MustacheValue] {
        let heading = folder.isEmpty ? continent.heading : word("flags_of", ["name": continent.label], scope: scope)
        var value: [String: MustacheValue] = [
            "name": .string(continent.label),
            "slug": .string(continent.slug),
            "heading": .string(heading),
            "url": .string(PagePath.relative(from: page, to: OutputPath.flags) + "#" + continent.slug),
        ]
        if makesContinentPages {
            value["page_url"] = .string(PagePath.relative(from: page, to: OutputPath.continent(continent.slug)))
        }
        return value
    }

    /// Front matter keys the generator does not know, passed on as written: a number is the
    /// text the editor wrote (`dial: 0351` shows 0351, not 351; `1.10` stays 1.10), while the
    /// entry keeps it as a number; true and false stay booleans, for sections.
    package func extra(_ entries: [YAMLEntry]) -> MustacheValue {
        .object(Dictionary(entries.map { ($0.key, Self.value($0.value)) }, uniquingKeysWith: { first, _ in first }))
    }

    package static func value(_ node: YAMLNode) -> MustacheValue {
        switch node.value {
        case .null: .null
        case .bool(let b): .bool(b)
        case .int(let n): node.written.map(MustacheValue.string) ?? .int(n)
        case .double(let d): node.written.map(MustacheValue.string) ?? .double(d)
        case .string(let s): .string(s)
        case .sequence(let items): .array(items.map(value))
        case .mapping(let entries):
            .object(Dictionary(entries.map { ($0.key, value($0.value)) }, uniquingKeysWith: { first, _ in first }))
        }
    }
}
