import Mustache
import Load
import Model

extension Page.Kind {
    /// An old address of a country or a city (a slug in its `redirect_from`).
    package static let redirect = Page.Kind("redirect")
}

/// A small page at each old address of a renamed country or city (`redirect_from`), sending
/// readers on to its page; not listed (the sitemap leaves it out). `index` is the entry's
/// position in the model's countries or cities, as `entity` says.
package struct RedirectPages: TemplatedOutput {
    package var perLanguage: Bool { true }
    package var kind: Page.Kind { .redirect }
    package var listed: Bool { false }

    package func files(of site: PageRenderer) -> [Page] {
        var pages: [Page] = []
        for (kind, entries) in [(ContentKind.country, site.model.countries), (.city, site.model.cities)] {
            for (index, entry) in entries.enumerated() {
                for redirect in entry.redirects {
                    var page = Page(kind: .redirect, path: redirect.outputPath(kind), title: entry.name, index: index)
                    page.entity = kind
                    pages.append(page)
                }
            }
        }
        return pages
    }

    package func fill(_ page: Page, of site: PageRenderer, scope: PageScope,
                      values: inout [String: MustacheValue], lists: inout [String: Dependency]) {
        let entry = page.entity == .country ? site.model.countries[page.index] : site.model.cities[page.index]
        scope.read(.frontMatter(entry.path))
        let url = PagePath.relative(from: page.path, to: entry.outputPath)
        let canonical = site.model.config.baseURL.map { $0 + PagePath.urlEncoded(entry.outputPath) } ?? url
        values["redirect"] = .object(["url": .string(url), "canonical": .string(canonical), "name": .string(entry.name)])
    }
}
