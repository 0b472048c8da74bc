import Foundation
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images

/// The whole guide as validated values: what the render stage turns into pages.
package struct SiteModel: Sendable {
    package var config: SiteConfig
    /// Sorted by name (then slug).
    package var countries: [Country]
    /// Sorted by name (then slug).
    package var cities: [City]

    private var countryIndex: [String: Int]
    private var citiesOfCountry: [String: [Int]]

    /// The initial of every city and country (aligned with `cities` and `countries`), in
    /// the alphabet of the guide's `language`.
    package private(set) var cityInitials: [Initial] = []
    package private(set) var countryInitials: [Initial] = []
    /// The City Guide in pages.
    package private(set) var cityPages = ListPages(members: [], initials: [], pageSize: 1)
    /// Each country's cities in pages, by country slug.
    package private(set) var cityPagesOfCountry: [String: ListPages] = [:]
    /// Each continent's countries in pages, by continent name (continents with countries only).
    package private(set) var countryPagesOfContinent: [String: ListPages] = [:]

    package init(config: SiteConfig, countries: [Country], cities: [City]) {
        // Sorted as a reader expects ("Éire" beside "Eire"), the same on every machine.
        // Each name is folded once, not once per comparison.
        func sorted<T>(_ items: [T], name: (T) -> String, slug: (T) -> String) -> [T] {
            let keys = items.map { item in
                let name = name(item)
                // ASCII folds to lower case; only other names need the slower Foundation call.
                return name.utf8.allSatisfy { $0 < 0x80 }
                    ? name.lowercased() : name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            }
            return items.indices.sorted { a, b in
                keys[a] == keys[b] ? slug(items[a]) < slug(items[b]) : keys[a] < keys[b]
            }.map { items[$0] }
        }
        self.config = config
        self.countries = sorted(countries, name: \.name, slug: \.slug)
        self.cities = sorted(cities, name: \.name, slug: \.slug)
        countryIndex = Dictionary(uniqueKeysWithValues: self.countries.enumerated().map { ($1.slug, $0) })
        let sortedCities = self.cities
        citiesOfCountry = Dictionary(grouping: sortedCities.indices, by: { sortedCities[$0].countrySlug })
        let collation = Collation(language: config.language)
        let size = config.pageSize
        cityInitials = self.cities.map { collation.initial(of: $0.name) }
        countryInitials = self.countries.map { collation.initial(of: $0.name) }
        cityPages = ListPages(members: Array(self.cities.indices), initials: cityInitials, pageSize: size)
        for country in self.countries {
            cityPagesOfCountry[country.slug] = ListPages(
                members: citiesOfCountry[country.slug] ?? [], initials: cityInitials, pageSize: size)
        }
        for continent in config.continents {
            let sortedCountries = self.countries
            let members = sortedCountries.indices.filter { sortedCountries[$0].continents.contains(continent) }
            if members.isEmpty { continue }
            countryPagesOfContinent[continent.name] = ListPages(members: members, initials: countryInitials, pageSize: size)
        }
    }

    /// How many cities the countries of `continent` have (a city counts once).
    package func cityCount(ofContinent continent: Continent) -> Int {
        (countryPagesOfContinent[continent.name]?.order ?? []).reduce(0) { $0 + (citiesOfCountry[countries[$1].slug]?.count ?? 0) }
    }

    package func country(_ slug: String) -> Country? { countryIndex[slug].map { countries[$0] } }

    package func cityCount(of country: Country) -> Int { citiesOfCountry[country.slug]?.count ?? 0 }

    /// The positions in `cities` of the cities of the country at `slug`, and the position
    /// in `countries` of the country at `slug`.
    package func cityIndexes(ofCountry slug: String) -> [Int] { citiesOfCountry[slug] ?? [] }
    package func countryIndex(_ slug: String) -> Int? { countryIndex[slug] }

    package func cities(of country: Country) -> [City] { (citiesOfCountry[country.slug] ?? []).map { cities[$0] } }

    /// Gallery sections: configured continents in order, each with its countries; empty ones left out.
    package var sections: [(continent: Continent, countries: [Country])] {
        config.continents.compactMap { continent in
            let members = countries.filter { $0.continents.contains(continent) }
            return members.isEmpty ? nil : (continent, members)
        }
    }
}
