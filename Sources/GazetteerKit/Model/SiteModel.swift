import Foundation

/// The whole guide as validated values: what the render stage turns into pages.
struct SiteModel: Sendable {
    var config: SiteConfig
    /// Sorted by name (then slug).
    var countries: [Country]
    /// Sorted by name (then slug).
    var cities: [City]

    private var countryIndex: [String: Int]
    private var citiesOfCountry: [String: [Int]]

    init(config: SiteConfig, countries: [Country], cities: [City]) {
        // Sorted as a reader expects ("Éire" beside "Eire"), the same on every machine.
        let key = { (name: String) in name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }
        let byName: (String, String, String, String) -> Bool = { n1, s1, n2, s2 in
            let (k1, k2) = (key(n1), key(n2))
            return k1 == k2 ? s1 < s2 : k1 < k2
        }
        self.config = config
        self.countries = countries.sorted { byName($0.name, $0.slug, $1.name, $1.slug) }
        self.cities = cities.sorted { byName($0.name, $0.slug, $1.name, $1.slug) }
        countryIndex = Dictionary(uniqueKeysWithValues: self.countries.enumerated().map { ($1.slug, $0) })
        let sortedCities = self.cities
        citiesOfCountry = Dictionary(grouping: sortedCities.indices, by: { sortedCities[$0].countrySlug })
    }

    func country(_ slug: String) -> Country? { countryIndex[slug].map { countries[$0] } }

    func cities(of country: Country) -> [City] { (citiesOfCountry[country.slug] ?? []).map { cities[$0] } }

    /// Gallery sections: configured continents in order, each with its countries; empty ones left out.
    var sections: [(continent: Continent, countries: [Country])] {
        config.continents.compactMap { continent in
            let members = countries.filter { $0.continents.contains(continent) }
            return members.isEmpty ? nil : (continent, members)
        }
    }
}
