import Mustache
import Load
import Model

extension Page.Kind {
    package static let country = Page.Kind("country")
    package static let city = Page.Kind("city")
}

/// Each country's page with its cities, and the later pages of its list of cities (`index`
/// is the country's position in the model's countries).
package struct CountryPages: TemplatedOutput {
    package var perLanguage: Bool { true }
    package var kind: Page.Kind { .country }

    package func files(of site: PageRenderer) -> [Page] {
        var pages = site.model.countries.enumerated().map { index, country in
            Page(kind: .country, path: country.outputPath, title: country.name, index: index)
        }
        for (index, country) in site.model.countries.enumerated() {
            let list = PagedList.cities(of: country, in: site.model)
            guard list.pages.pageCount > 1 else { continue }
            pages += (2...list.pages.pageCount).map { number in
                Page(kind: .country, path: list.path(ofPage: number), title: site.title("cities_of_page", ["name": country.name, "number": String(number)]),
                     index: index, number: number)
            }
        }
        return pages
    }

    package func fill(_ page: Page, of site: PageRenderer, scope: PageScope,
                      values: inout [String: MustacheValue], lists: inout [String: Dependency]) {
        let item = site.model.countries[page.index]
        values["country"] = site.country(item, from: page.path, images: scope, withCities: true)
        site.markDraft(item, values: &values, scope: scope)
        values["map"] = .string(page.number == 1 ? site.countryMap(item, from: page.path, scope: scope) : "")
        site.paged(PagedList.cities(of: item, in: site.model), page: page, images: scope, into: &values, lists: &lists, as: nil)
    }

    package func entry(of page: Page, site: PageRenderer) -> String? {
        page.number == 1 ? site.model.countries[page.index].path : nil
    }
}

/// Each city's page (`index` is its position in the model's cities).
package struct CityPages: TemplatedOutput {
    package var perLanguage: Bool { true }
    package var kind: Page.Kind { .city }

    package func files(of site: PageRenderer) -> [Page] {
        site.model.cities.enumerated().map { index, city in
            Page(kind: .city, path: city.outputPath, title: city.name, index: index)
        }
    }

    package func fill(_ page: Page, of site: PageRenderer, scope: PageScope,
                      values: inout [String: MustacheValue], lists: inout [String: Dependency]) {
        site.places(of: site.model.cities[page.index], from: page.path, values: &values, lists: &lists)
        values["city"] = site.city(site.model.cities[page.index], from: page.path, images: scope)
        site.markDraft(site.model.cities[page.index], values: &values, scope: scope)
        values["map"] = .string(site.cityMap(site.model.cities[page.index], from: page.path, scope: scope))
    }

    package func entry(of page: Page, site: PageRenderer) -> String? { site.model.cities[page.index].path }
}
