/// One page of the output before rendering: where it goes, which template draws it and
/// what it is about.
struct Page: Sendable {
    /// `sitemap` is `sitemap.xml`, made without a template.
    enum Kind: String, Sendable, CaseIterable { case index, country, city, cities, flags, notFound = "404", sitemap }
    enum Subject: Sendable { case site, country(Country), city(City) }

    var kind: Kind
    var path: String
    var title: String
    var subject: Subject = .site

    /// The template that draws this kind of page.
    var template: String { kind.rawValue }
}
