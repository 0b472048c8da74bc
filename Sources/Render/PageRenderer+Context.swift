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
    /// The context of `page`; what its templates read and the thumbnails they ask for are
    /// recorded in `images`.
    package func context(for page: Page, images: PageScope) -> MustacheValue {
        let config = model.config
        // The not-found page is served for missing paths at any depth, so its links start
        // from the site's own path (base_url's, else the server's root) instead of its own.
        let absolute = page.kind == .notFound
        let root = absolute ? config.sitePath : PagePath.root(of: page.path)
        func link(_ target: String) -> String { absolute ? root + target : PagePath.relative(from: page.path, to: target) }
        var site: [String: MustacheValue] = ["title": .string(config.title), "language": .string(config.language)]
        var pageValue: [String: MustacheValue] = [
            "title": .string(page.title), "path": .string(page.path), "is_\(page.kind.rawValue)": .bool(true),
        ]
        if let base = config.baseURL {
            site["base_url"] = .string(base)
            pageValue["canonical"] = .string(base + (page.path == OutputPath.index ? "" : PagePath.urlEncoded(page.path)))
        }
        var values: [String: MustacheValue] = [
            "site": .object(site),
            "page": .object(pageValue),
            "root": .string(root),
            "generator": .string(Self.generator),
            "nav": .object([
                "countries": .string(link(OutputPath.index)),
                "cities": .string(link(OutputPath.cities)),
                "flags": .string(link(OutputPath.flags)),
            ]),
        ]
        var lists: [String: Dependency] = [:]
        switch page.kind {
        case .index:
            values["countries"] = .array(model.countries.map { country($0, from: page.path, images: images) })
            lists["countries"] = .countries
        case .cities:
            values["cities"] = .array(model.cities.map { city($0, from: page.path, images: images) })
            lists["cities"] = .cities
        case .flags:
            values["sections"] = .array(model.sections.map { section in
                var value = continent(section.continent, from: page.path)
                value["countries"] = .array(section.countries.map { country($0, from: page.path, images: images) })
                return .dynamic(ListedFields(
                    fields: value, lists: ["countries": .continent(section.continent.name)], scope: images))
            })
            lists["sections"] = .sections
        case .country:
            values["country"] = country(model.countries[page.index], from: page.path, images: images, withCities: true)
        case .city:
            values["city"] = city(model.cities[page.index], from: page.path, images: images)
        case .notFound, .sitemap:
            break
        }
        // Every value is made with the settings (continents, presets, Markdown options...).
        images.read(.settings)
        return .dynamic(ListedFields(fields: values, lists: lists, scope: images))
    }

    package func country(_ country: Country, from page: String, images: PageScope, withCities: Bool = false) -> MustacheValue {
        guard withCities else {
            return images.country(country.slug) { makeCountry(country, from: page, images: images, withCities: false) }
        }
        return makeCountry(country, from: page, images: images, withCities: true)
    }

    /// A country with its cities (for its own page), or as a list row (made once per page:
    /// see `PageScope`).
    private func makeCountry(_ country: Country, from page: String, images: PageScope, withCities: Bool) -> MustacheValue {
        let root = PagePath.root(of: page)
        var value: [String: MustacheValue] = [
            "slug": .string(country.slug),
            "name": .string(country.name),
            "url": .string(PagePath.relative(from: page, to: country.outputPath)),
            "flag": .dynamic(ImageValue(
                image: country.flag, alt: "Flag of \(country.name)",
                stem: country.flag.isPlaceholder ? "placeholder-flag" : country.slug, root: root, planner: planner,
                owner: country.sourcePath, used: images)),
            "continents": .array(country.continents.map { .object(continent($0, from: page)) }),
            "city_count": .int(model.cityCount(of: country)),
            "extra": extra(country.extra),
        ]
        if let official = country.officialName { value["official_name"] = .string(official) }
        if let capital = country.capital { value["capital"] = .string(capital) }
        if let motto = country.motto { value["motto"] = .string(motto) }
        if withCities {
            value["cities"] = .array(model.cities(of: country).map { city($0, from: page, images: images, withCountry: false) })
        }
        return .dynamic(EntityValue(
            fields: value, path: country.sourcePath, countrySlug: country.slug, bodies: bodies, scope: images))
    }

    package func city(_ city: City, from page: String, images: PageScope, withCountry: Bool = true) -> MustacheValue {
        var value: [String: MustacheValue] = [
            "slug": .string(city.slug),
            "name": .string(city.name),
            "url": .string(PagePath.relative(from: page, to: city.outputPath)),
            "picture": .dynamic(ImageValue(
                image: city.picture, alt: city.picture.isPlaceholder ? "No picture of \(city.name) yet" : city.name,
                stem: city.picture.isPlaceholder ? "placeholder-city" : city.slug,
                root: PagePath.root(of: page), planner: planner, owner: city.sourcePath, used: images)),
            "extra": extra(city.extra),
        ]
        if withCountry, let country = model.country(city.countrySlug) {
            value["country"] = self.country(country, from: page, images: images)
        }
        return .dynamic(EntityValue(fields: value, path: city.sourcePath, bodies: bodies, scope: images))
    }

    package func continent(_ continent: Continent, from page: String) -> [String: MustacheValue] {
        [
            "name": .string(continent.name),
            "slug": .string(continent.slug),
            "heading": .string(continent.heading),
            "url": .string(PagePath.relative(from: page, to: OutputPath.flags) + "#" + continent.slug),
        ]
    }

    /// Front matter keys the generator does not know, passed on as written.
    package func extra(_ entries: [YAMLEntry]) -> MustacheValue {
        .object(Dictionary(entries.map { ($0.key, Self.value($0.value)) }, uniquingKeysWith: { first, _ in first }))
    }

    package static func value(_ node: YAMLNode) -> MustacheValue {
        switch node.value {
        case .null: .null
        case .bool(let b): .bool(b)
        case .int(let n): .int(n)
        case .double(let d): .double(d)
        case .string(let s): .string(s)
        case .sequence(let items): .array(items.map(value))
        case .mapping(let entries):
            .object(Dictionary(entries.map { ($0.key, value($0.value)) }, uniquingKeysWith: { first, _ in first }))
        }
    }
}
