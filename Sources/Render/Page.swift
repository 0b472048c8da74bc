import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model

/// One page of the output before rendering: where it goes, which template draws it and
/// what it is about.
package struct Page: Sendable {
    /// `sitemap` is `sitemap.xml`, made without a template. `redirect` is an old address of a
    /// country or a city (a slug in its `redirect_from`), sending readers on to its page.
    package enum Kind: String, Sendable, CaseIterable {
        case index, country, city, cities, flags, notFound = "404", sitemap, continent, continents, redirect
    }

    package var kind: Kind
    package var path: String
    package var title: String

    package init(kind: Kind, path: String, title: String, index: Int = 0, number: Int = 1) {
        self.index = index
        self.number = number
        self.kind = kind
        self.path = path
        self.title = title
    }
    /// For a country's or a city's page, its position in the model's countries or cities.
    package var index = 0
    /// For a page of a list in pages (the City Guide, a country's cities, a continent's
    /// countries), its number, from 1. For a continent's page, `index` is its position in
    /// the model's `sections`.
    package var number = 1

    /// For a redirect page, whether `index` is a position in the model's countries or cities.
    package var entity = ContentKind.country

    /// The template that draws this kind of page.
    package var template: String { kind.rawValue }
}
