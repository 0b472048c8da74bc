import Diagnostics
import Load
import FrontMatter
import Markdown
import Images

extension SiteModel {
    /// The model of validated entries. Continents are looked up by name in the settings the
    /// entries were validated with.
    package init(config: SiteConfig, entries: [ContentEntry]) {
        var countries: [Country] = []
        var cities: [City] = []
        for entry in entries {
            switch entry.kind {
            case .country:
                countries.append(Country(
                    slug: entry.slug, sourcePath: entry.path, name: entry.name, officialName: entry.officialName,
                    capital: entry.capital, motto: entry.motto,
                    continents: entry.continents.compactMap { name in config.continents.first { $0.name == name } },
                    flag: entry.image, extra: entry.extra))
            case .city:
                cities.append(City(
                    slug: entry.slug, sourcePath: entry.path, name: entry.name, countrySlug: entry.country ?? "",
                    picture: entry.image, extra: entry.extra))
            }
        }
        self.init(config: config, countries: countries, cities: cities)
    }
}
