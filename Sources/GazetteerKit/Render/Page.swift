/// One page of the output before rendering: where it goes, which template draws it and
/// what it is about.
struct Page: Sendable {
    /// `sitemap` is `sitemap.xml`, made without a template.
    enum Kind: String, Sendable, CaseIterable { case index, country, city, cities, flags, notFound = "404", sitemap }

    var kind: Kind
    var path: String
    var title: String
    /// For a country's or a city's page, its position in the model's countries or cities.
    var index = 0

    /// The template that draws this kind of page.
    var template: String { kind.rawValue }
}
