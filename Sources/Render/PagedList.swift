import Load
import Model

/// A list of the guide shown in pages: the City Guide, a country's cities or a continent's
/// countries. Page 1 is at `first`; the others are named by `OutputPath.listPage`.
package struct PagedList: Sendable {
    /// How the list is named in its pages' dependencies (`Dependency.slice`): `cities`,
    /// `country/<slug>`, `continent/<name>`.
    package var id: String
    package var pages: ListPages
    /// The output path of page 1.
    package var first: String
    /// Whether the entries are cities (else countries).
    package var ofCities: Bool

    package func path(ofPage number: Int) -> String { OutputPath.listPage(first, number: number) }

    package static func cities(_ model: SiteModel) -> PagedList {
        PagedList(id: "cities", pages: model.cityPages, first: OutputPath.cities, ofCities: true)
    }

    package static func cities(of country: ContentEntry, in model: SiteModel) -> PagedList {
        PagedList(id: "country/\(country.slug)",
                  pages: model.cityPagesOfCountry[country.slug] ?? ListPages(members: [], initials: [], pageSize: model.config.pageSize),
                  first: country.outputPath, ofCities: true)
    }

    /// Nil for a continent without countries (it has no page).
    package static func countries(of continent: Continent, in model: SiteModel) -> PagedList? {
        model.countryPagesOfContinent[continent.name].map {
            PagedList(id: "continent/\(continent.name)", pages: $0, first: OutputPath.continent(continent.slug), ofCities: false)
        }
    }

    /// Every list in pages of the guide.
    package static func all(_ model: SiteModel) -> [PagedList] {
        [cities(model)] + model.countries.map { cities(of: $0, in: model) }
            + model.config.continents.compactMap { countries(of: $0, in: model) }
    }

    /// The dependency of page `number` of this list.
    package func slice(_ number: Int) -> Dependency { .slice(id, page: number) }

    /// The source files of the entries of page `number`, with their initials.
    package func entries(ofPage number: Int, in model: SiteModel) -> [(path: String, initial: Initial)] {
        pages.range(ofPage: number).map { position in
            let index = pages.order[position]
            return ((ofCities ? model.cities : model.countries)[index].path, pages.initials[position])
        }
    }
}
