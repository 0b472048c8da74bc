import Mustache
import Load
import Model

extension Page.Kind {
    /// `picture-credits.html`, drawn by `credits.mustache`.
    package static let credits = Page.Kind("credits")
}

/// `picture-credits.html`, "Picture credits": every picture and flag whose front matter says what it
/// shows, who made it or under which licence (`picture_caption`, `picture_credit`,
/// `picture_license`; `flag_...` for a country), countries then cities, each with its
/// thumbnail and a link to its page. Made when there is one, and the theme has the template;
/// every page's footer links to it then (`nav.credits`). It reads the credited entries with
/// what each says (`Dependency.credits`), and each one's fields and picture as it shows them.
package struct CreditsPage: TemplatedOutput {
    package var perLanguage: Bool { true }
    package static let path = "picture-credits.html"
    package var kind: Page.Kind { .credits }
    /// A theme written before credits has none.
    package var templateIsOptional: Bool { true }

    package func files(of site: PageRenderer) -> [Page] {
        site.hasCredits && site.library.source(of: Page.Kind.credits.rawValue) != nil
            ? [Page(kind: .credits, path: Self.path, title: site.title("picture_credits"))] : []
    }

    package func fill(_ page: Page, of site: PageRenderer, scope: PageScope,
                      values: inout [String: MustacheValue], lists: inout [String: Dependency]) {
        let credited = site.model.credited
        let countries = credited.filter { $0.kind == .country }, cities = credited.filter { $0.kind == .city }
        values["countries"] = .array(countries.map { site.country($0, from: page.path, images: scope) })
        values["cities"] = .array(cities.map { site.city($0, from: page.path, images: scope, withCountry: false) })
        values["has_countries"] = .bool(!countries.isEmpty)
        values["has_cities"] = .bool(!cities.isEmpty)
        for key in ["countries", "cities", "has_countries", "has_cities"] { lists[key] = .credits }
    }
}

extension PageRenderer {
    /// Whether the site has a credits page (and every page's footer a link to it).
    func makesCreditsPage(scope: PageScope) -> Bool {
        scope.read(.anyCredits)
        scope.read(.templateExists(Page.Kind.credits.rawValue))
        return hasCredits && library.source(of: Page.Kind.credits.rawValue) != nil
    }

    /// The `credit` of a country or city for templates: `caption`, `by` and `license`, those
    /// its front matter gives; nil when it gives none, or has no picture of its own.
    func creditValue(of entry: ContentEntry) -> MustacheValue? {
        guard let credit = entry.credit, !entry.image.isPlaceholder else { return nil }
        var value: [String: MustacheValue] = [:]
        if let caption = credit.caption { value["caption"] = .string(caption) }
        if let by = credit.credit { value["by"] = .string(by) }
        if let license = credit.license { value["license"] = .string(license) }
        return .object(value)
    }
}
