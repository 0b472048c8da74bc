import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model

/// One file of the output before rendering: where it goes, which output makes it (see
/// `Output`) and what it is about.
package struct Page: Sendable {
    /// Which output makes a file, and for a page drawn by a template, that template's name.
    /// An output names its own kind beside itself (`extension Page.Kind { static let ... }`).
    package struct Kind: RawRepresentable, Hashable, Sendable {
        package var rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }
        package init(_ rawValue: String) { self.rawValue = rawValue }
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

    /// Which language of the guide the page is in: 0 for the default (and only) one, else
    /// its place in `languages:` (see `PageRenderer.translations`).
    package var language = 0

    /// For a redirect page, whether `index` is a position in the model's countries or cities.
    package var entity = ContentKind.country


    /// The template that draws this kind of page.
    package var template: String { kind.rawValue }
}
