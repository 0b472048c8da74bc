import Mustache
import Load
import Model

extension Page.Kind {
    package static let index = Page.Kind("index")
    package static let cities = Page.Kind("cities")
    package static let flags = Page.Kind("flags")
    package static let continents = Page.Kind("continents")
    package static let continent = Page.Kind("continent")
}

/// The index: every country.
package struct IndexPage: TemplatedOutput {
    package var perLanguage: Bool { true }
    package var kind: Page.Kind { .index }

    package func files(of site: PageRenderer) -> [Page] {
        [Page(kind: .index, path: OutputPath.index, title: site.title("countries"))]
    }

    package func fill(_ page: Page, of site: PageRenderer, scope: PageScope,
                      values: inout [String: MustacheValue], lists: inout [String: Dependency]) {
        values["countries"] = .array(site.model.countries.enumerated().map { n, item in
            site.country(item, from: page.path, images: scope, eager: n < PageRenderer.eagerRows)
        })
        lists["countries"] = .countries
        values["map"] = .string(site.worldMap(from: page.path, scope: scope))
    }
}

/// The City Guide: every city, in pages (pages without entries are not made).
package struct CityGuide: TemplatedOutput {
    package var perLanguage: Bool { true }
    package var kind: Page.Kind { .cities }

    package func files(of site: PageRenderer) -> [Page] {
        let guide = PagedList.cities(site.model)
        return [Page(kind: .cities, path: OutputPath.cities, title: site.title("city_guide"))]
            + (guide.pages.pageCount < 2 ? [] : (2...guide.pages.pageCount).map { number in
                Page(kind: .cities, path: guide.path(ofPage: number), title: site.title("city_guide_page", ["number": String(number)]), number: number)
            })
    }

    package func fill(_ page: Page, of site: PageRenderer, scope: PageScope,
                      values: inout [String: MustacheValue], lists: inout [String: Dependency]) {
        site.paged(PagedList.cities(site.model), page: page, images: scope, into: &values, lists: &lists, as: "cities")
    }
}

/// The flag gallery: every country's flag, by continent.
package struct FlagGallery: TemplatedOutput {
    package var perLanguage: Bool { true }
    package var kind: Page.Kind { .flags }

    package func files(of site: PageRenderer) -> [Page] {
        [Page(kind: .flags, path: OutputPath.flags, title: site.title("flags"))]
    }

    package func fill(_ page: Page, of site: PageRenderer, scope: PageScope,
                      values: inout [String: MustacheValue], lists: inout [String: Dependency]) {
        var shown = 0
        values["sections"] = .array(site.model.sections.map { section in
            var value = site.continent(section.continent, from: page.path, scope: scope)
            value["countries"] = .array(section.countries.map { item in
                shown += 1
                return site.country(item, from: page.path, images: scope, eager: shown <= PageRenderer.eagerFlags)
            })
            return .dynamic(ListedFields(
                fields: value, lists: ["countries": .continent(section.continent.name)], scope: scope))
        })
        lists["sections"] = .sections
    }
}

/// The list of continents, when the theme draws continent pages.
package struct ContinentsPage: TemplatedOutput {
    package var perLanguage: Bool { true }
    package var kind: Page.Kind { .continents }
    package var templateIsOptional: Bool { true }

    package func files(of site: PageRenderer) -> [Page] {
        site.makesContinentPages ? [Page(kind: .continents, path: OutputPath.continents, title: site.title("continents"))] : []
    }

    package func fill(_ page: Page, of site: PageRenderer, scope: PageScope,
                      values: inout [String: MustacheValue], lists: inout [String: Dependency]) {
        values["continents"] = .array(site.model.sections.map {
            site.continentWithCounts($0.continent, from: page.path, images: scope)
        })
        lists["continents"] = .sections
    }
}

/// Each continent's countries, in pages, when the theme draws continent pages (`index` is
/// the continent's position in the model's `sections`).
package struct ContinentPages: TemplatedOutput {
    package var perLanguage: Bool { true }
    package var kind: Page.Kind { .continent }
    package var templateIsOptional: Bool { true }

    package func files(of site: PageRenderer) -> [Page] {
        guard site.makesContinentPages else { return [] }
        var pages: [Page] = []
        for (index, section) in site.model.sections.enumerated() {
            guard let list = PagedList.countries(of: section.continent, in: site.model) else { continue }
            pages += (1...list.pages.pageCount).map { number in
                Page(kind: .continent, path: list.path(ofPage: number),
                     title: number == 1 ? section.continent.label
                        : site.title("continent_page", ["name": section.continent.label, "number": String(number)]),
                     index: index, number: number)
            }
        }
        return pages
    }

    package func fill(_ page: Page, of site: PageRenderer, scope: PageScope,
                      values: inout [String: MustacheValue], lists: inout [String: Dependency]) {
        let section = site.model.sections[page.index]
        values["continent"] = site.continentWithCounts(section.continent, from: page.path, images: scope)
        values["map"] = .string(page.number == 1 ? site.continentMap(page.index, from: page.path, scope: scope) : "")
        if let list = PagedList.countries(of: section.continent, in: site.model) {
            site.paged(list, page: page, images: scope, into: &values, lists: &lists, as: "countries")
        }
    }
}
