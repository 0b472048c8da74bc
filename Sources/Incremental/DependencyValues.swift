import Dispatch
import Mustache
import Thumbnails
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model
import Render

/// The value, now, of everything a page can read (see `Dependency`), and so the key of a
/// page: a hash of its path, kind and title and of the current value of every dependency its
/// last rendering recorded. A page whose key is the one in the manifest would render to the
/// same bytes, so it is neither rendered nor written again.
///
/// Each dependency's value is hashed once per build (`value(of:)`, `values(of:)`), with the
/// dependency itself, however many pages read it; a page's key then only mixes the hashes
/// of its dependencies, in the order its record lists them (`key(for:values:)`).
///
/// Nothing here knows what a template does with a value: adding a value to a page's context
/// needs no code here, only a `Dependency` recorded where the value is looked up.
package struct DependencyValues: Sendable {
    /// Every content file's entry, by site-relative path.
    private let entries: [String: ContentEntry]
    /// The lists, settings, templates and page paths, hashed once.
    private let hashed: [Dependency: PageKey]
    private let imageStamp: @Sendable (String) -> FileStamp?

    /// `pagePaths`: every page but `sitemap.xml`, in the order of the sitemap.
    package init(model: SiteModel, entries: [ContentEntry], settings: String?, templates: [TemplateSource], pagePaths: [String],
         imageStamp: @escaping @Sendable (String) -> FileStamp?) {
        var byPath: [String: ContentEntry] = [:]
        byPath.reserveCapacity(entries.count)
        for entry in entries { byPath[entry.path] = entry }
        self.entries = byPath
        self.imageStamp = imageStamp

        var hashed: [Dependency: PageKey] = [:]
        hashed[.countries] = Self.list(model.countries.map(\.sourcePath))
        hashed[.cities] = Self.list(model.cities.map(\.sourcePath))
        for country in model.countries {
            let cities = model.cityIndexes(ofCountry: country.slug)
            hashed[.citiesOf(country.slug)] = Self.list(cities.map { model.cities[$0].sourcePath })
            hashed[.cityCount(country.slug)] = Self.count(cities.count)
        }
        let sections = model.sections
        hashed[.sections] = Self.list(sections.map(\.continent.name))
        for section in sections {
            hashed[.continent(section.continent.name)] = Self.list(section.countries.map(\.sourcePath))
            hashed[.continentCities(section.continent.name)] = Self.count(model.cityCount(ofContinent: section.continent))
        }
        // Each page of each list in pages: what it holds, and what its pagination and letter bar show.
        for list in PagedList.all(model) {
            var letters = PageKeyHasher()
            letters.add(list.pages.pageCount)
            for (initial, page) in list.pages.letters {
                letters.add(initial.letter)
                letters.add(page)
            }
            let shared = letters.key
            for number in 1...list.pages.pageCount {
                var key = PageKeyHasher()
                key.add(shared)
                let entries = list.entries(ofPage: number, in: model)
                key.add(entries.count)
                for (path, initial) in entries {
                    key.add(path)
                    key.add(initial.letter)
                }
                hashed[list.slice(number)] = key.key
            }
        }
        var key = PageKeyHasher()
        key.add(settings ?? "no settings file")
        hashed[.settings] = key.key
        for template in templates {
            var key = PageKeyHasher()
            key.add(template.text)
            hashed[.template(template.name)] = key.key
        }
        // In the order the sitemap lists them.
        hashed[.pages] = Self.list(pagePaths)
        self.hashed = hashed
    }

    private static func list(_ items: [String]) -> PageKey {
        var key = PageKeyHasher()
        key.add(items.count)
        for item in items { key.add(item) }
        return key.key
    }

    private static func count(_ count: Int) -> PageKey {
        var key = PageKeyHasher()
        key.add(count)
        return key.key
    }

    /// The key of `page`, whose last rendering read dependencies whose `values` (as
    /// `value(of:)` gives them) are these, in this order.
    package static func key(for page: Page, values: some Sequence<PageKey>) -> PageKey {
        var key = PageKeyHasher()
        key.add(page.path)
        key.add(page.kind.rawValue)
        key.add(page.title)
        for value in values { key.add(value) }
        return key.key
    }

    /// The values of `dependencies`, hashed across the cores.
    package func values(of dependencies: [Dependency]) -> [PageKey] {
        let values = UnsafeBuffer<PageKey>(count: dependencies.count, initial: PageKey(high: 0, low: 0))
        let chunks = dependencies.count < 256 ? 1 : 8
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            var index = chunk
            while index < dependencies.count {
                values[index] = value(of: dependencies[index])
                index += chunks
            }
        }
        return values.values
    }

    /// The dependency and its value now, hashed.
    package func value(of dependency: Dependency) -> PageKey {
        var key = PageKeyHasher()
        key.add(Int(dependency.kind.rawValue))
        key.add(dependency.name)
        switch dependency.kind {
        case .frontMatter:
            guard let entry = entries[dependency.name] else { key.add(-1); break }
            key.add(entry.frontMatterDigest)
        case .body:
            guard let entry = entries[dependency.name] else { key.add(-1); break }
            key.add(entry.digest)
            for image in entry.bodyImages { key.add(imageStamp(image)) }
        case .image:
            guard let entry = entries[dependency.name] else { key.add(-1); break }
            key.add(imageStamp(entry.image.path))
        case .countries, .cities, .citiesOf, .sections, .continent, .pages, .slice:
            key.add(hashed[dependency] ?? Self.list([]))
        case .cityCount, .continentCities:
            key.add(hashed[dependency] ?? Self.count(0))
        case .templateExists:
            key.add(hashed[.template(dependency.name)] == nil ? 0 : 1)
        case .settings, .template:
            guard let value = hashed[dependency] else { key.add(-1); break }
            key.add(value)
        }
        return key.key
    }
}
