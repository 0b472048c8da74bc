import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model

/// One page of the output before rendering: where it goes, which template draws it and
/// what it is about.
package struct Page: Sendable {
    /// `sitemap` is `sitemap.xml`, made without a template.
    package enum Kind: String, Sendable, CaseIterable { case index, country, city, cities, flags, notFound = "404", sitemap }

    package var kind: Kind
    package var path: String
    package var title: String

    package init(kind: Kind, path: String, title: String, index: Int = 0) {
        self.index = index
        self.kind = kind
        self.path = path
        self.title = title
    }
    /// For a country's or a city's page, its position in the model's countries or cities.
    package var index = 0

    /// The template that draws this kind of page.
    package var template: String { kind.rawValue }
}
