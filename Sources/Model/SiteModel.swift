import Foundation
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images

/// The whole guide as validated entries: what the render stage turns into pages. The
/// entries are those of the field stage (and of the manifest), shared, not copied.
package struct SiteModel: Sendable {
    package let config: SiteConfig
    /// The countries' entries, sorted by name (then slug).
    package let countries: [ContentEntry]
    /// The cities' entries, sorted by name (then slug).
    package let cities: [ContentEntry]

    private let countryIndex: [String: Int]
    private let cityIndex: [String: Int]
    private let citiesOfCountry: [String: [Int]]
    /// Each country's continents (aligned with `countries`): the names its entry holds,
    /// resolved in the settings the entries were validated with.
    private let continentsOfCountry: [[Continent]]

    /// The City Guide in pages.
    package let cityPages: ListPages
    /// Each country's cities in pages, by country slug.
    package let cityPagesOfCountry: [String: ListPages]
    /// Each continent's countries in pages, by continent name (continents with countries only).
    package let countryPagesOfContinent: [String: ListPages]
    /// Gallery sections: configured continents in order, each with its countries; empty ones left out.
    package let sections: [(continent: Continent, countries: [ContentEntry])]

    /// The cities nearest each city (by position in `cities`), worked out when first asked for.
    package let nearby: NearbyCities

    /// `entries`: every validated entry, countries and cities, in any order.
    package init(config: SiteConfig, entries: [ContentEntry]) {
        self.config = config
        var countries: [ContentEntry] = []
        var cities: [ContentEntry] = []
        for entry in entries {
            if entry.kind == .country { countries.append(entry) } else { cities.append(entry) }
        }
        countries = Self.sorted(countries)
        cities = Self.sorted(cities)
        (self.countries, self.cities) = (countries, cities)
        nearby = NearbyCities(positions: cities.map(\.position))
        countryIndex = Dictionary(uniqueKeysWithValues: countries.enumerated().map { ($1.slug, $0) })
        cityIndex = Dictionary(cities.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
        let citiesOfCountry = Dictionary(grouping: cities.indices, by: { cities[$0].country ?? "" })
        self.citiesOfCountry = citiesOfCountry

        let configured = Dictionary(config.continents.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let continentsOfCountry = countries.map { $0.continents.compactMap { configured[$0] } }
        self.continentsOfCountry = continentsOfCountry
        var members: [Continent: [Int]] = [:]
        for (index, continents) in continentsOfCountry.enumerated() {
            for continent in continents where members[continent]?.last != index { members[continent, default: []].append(index) }
        }

        // The initial of every city and country, in the alphabet of the guide's `language`.
        let collation = Collation(language: config.language)
        let size = config.pageSize
        let cityInitials = cities.map { collation.initial(of: $0.name) }
        let countryInitials = countries.map { collation.initial(of: $0.name) }
        cityPages = ListPages(members: Array(cities.indices), initials: cityInitials, pageSize: size)
        var cityPagesOfCountry: [String: ListPages] = [:]
        for country in countries {
            cityPagesOfCountry[country.slug] = ListPages(
                members: citiesOfCountry[country.slug] ?? [], initials: cityInitials, pageSize: size)
        }
        self.cityPagesOfCountry = cityPagesOfCountry
        var countryPagesOfContinent: [String: ListPages] = [:]
        var sections: [(continent: Continent, countries: [ContentEntry])] = []
        for continent in config.continents {
            guard let members = members[continent] else { continue }
            countryPagesOfContinent[continent.name] = ListPages(members: members, initials: countryInitials, pageSize: size)
            sections.append((continent, members.map { countries[$0] }))
        }
        self.countryPagesOfContinent = countryPagesOfContinent
        self.sections = sections
    }

    /// Sorted as a reader expects ("Éire" beside "Eire"), the same on every machine. Each
    /// name is folded once, not once per comparison.
    private static func sorted(_ entries: [ContentEntry]) -> [ContentEntry] {
        let keys = entries.map { entry in
            let name = entry.name
            // ASCII folds to lower case; only other names need the slower Foundation call.
            return name.utf8.allSatisfy { $0 < 0x80 }
                ? name.lowercased() : name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        }
        return entries.indices.sorted { a, b in
            keys[a] == keys[b] ? entries[a].slug < entries[b].slug : keys[a] < keys[b]
        }.map { entries[$0] }
    }

    /// How many cities the countries of `continent` have (a city counts once).
    package func cityCount(ofContinent continent: Continent) -> Int {
        (countryPagesOfContinent[continent.name]?.order ?? []).reduce(0) { $0 + (citiesOfCountry[countries[$1].slug]?.count ?? 0) }
    }

    /// The country whose slug is `slug`.
    package func country(_ slug: String) -> ContentEntry? { countryIndex[slug].map { countries[$0] } }

    /// The continents of `country`, in the order its front matter names them.
    package func continents(of country: ContentEntry) -> [Continent] {
        countryIndex[country.slug].map { continentsOfCountry[$0] } ?? []
    }

    /// The position in `cities` of the city whose file is `path`.
    package func cityIndex(ofPath path: String) -> Int? { cityIndex[path] }

    /// The cities nearest the city whose file is `path`, nearest first, with their distances.
    package func nearby(ofCity path: String) -> [(city: ContentEntry, neighbour: NearbyCities.Neighbour)] {
        guard let index = cityIndex[path] else { return [] }
        return nearby.neighbours(of: index).map { (cities[$0.index], $0) }
    }

    package func cityCount(of country: ContentEntry) -> Int { citiesOfCountry[country.slug]?.count ?? 0 }

    /// The positions in `cities` of the cities of the country at `slug`.
    package func cityIndexes(ofCountry slug: String) -> [Int] { citiesOfCountry[slug] ?? [] }

    package func cities(of country: ContentEntry) -> [ContentEntry] { (citiesOfCountry[country.slug] ?? []).map { cities[$0] } }
}
