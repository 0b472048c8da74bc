import Load
import Markdown
import Model
import Search

extension Page.Kind {
    package static let searchRecord = Page.Kind("search-record")
}

/// Each country's, city's and page of one's own's record for the search index (the `Search` target), while
/// `search:` is on: parts the build's search step assembles into the index's files, never
/// written themselves (`writesFiles`). A record is rendered like any page, through the page
/// scope, so its key is what it read (its front matter and body, its country's front matter,
/// its picture) and the index is updated with exactly the records whose key changed.
///
/// In a guide in several languages each language has its index (`fr/search/`, its records
/// kept at `fr/search/records/...`): a record holds the entry as that language shows it, and
/// its names in the other languages as aliases, so that `Allemagne` finds Germany's French
/// page and `Germany` does too.
package struct SearchRecords: Output {
    package var kind: Page.Kind { .searchRecord }
    package var perLanguage: Bool { true }
    package var listed: Bool { false }
    package var writesFiles: Bool { false }

    /// Where the manifest keeps a record's key: a path no file of the output has.
    package static let folder = "search/records/"

    package static func path(_ id: SearchRecord.ID) -> String { folder + id.kind.rawValue + "/" + id.slug }

    /// The record whose key is kept at `path`, if it is one.
    package static func id(at path: String) -> SearchRecord.ID? {
        guard path.hasPrefix(folder) else { return nil }
        let rest = path.dropFirst(folder.count)
        guard let slash = rest.firstIndex(of: "/"), let kind = SearchRecord.Kind(rawValue: String(rest[..<slash])) else { return nil }
        return SearchRecord.ID(kind: kind, slug: String(rest[rest.index(after: slash)...]))
    }

    /// The thumbnail a record shows: a country's `icon` flag, a city's `small` picture; none
    /// for a page of one's own.
    static func preset(_ kind: ContentKind) -> String? {
        switch kind {
        case .country: "icon"
        case .city: "small"
        case .page: nil
        }
    }

    /// The entries whose records are kept, by the kind of record.
    private static func entries(_ kind: SearchRecord.Kind, of site: PageRenderer) -> [ContentEntry] {
        switch kind {
        case .country: site.model.countries
        case .city: site.model.cities
        case .page: site.model.pages
        }
    }

    package func files(of site: PageRenderer) -> [Page] {
        guard site.model.config.search else { return [] }
        return SearchRecord.Kind.allCases.flatMap { recordKind in
            Self.entries(recordKind, of: site).enumerated().map { n, entry in
                Page(kind: kind, path: Self.path(SearchRecord.ID(kind: recordKind, slug: entry.slug)), title: "", index: n)
            }
        }
    }

    package func entry(of page: Page, site: PageRenderer) -> String? {
        Self.id(at: page.path).map { Self.entries($0.kind, of: site)[page.index].path }
    }

    package func render(_ page: Page, of site: PageRenderer, scope: PageScope) -> String {
        let recordKind = Self.id(at: page.path)!.kind
        let entry = Self.entries(recordKind, of: site)[page.index]
        scope.read(.frontMatter(entry.path))
        scope.read(.body(entry.path))
        let country = site.country(of: entry, scope: scope)
        if let country { scope.read(.frontMatter(country.path)) }
        var thumbnail: SearchRecord.Thumbnail?
        scope.read(.image(entry.path))
        if let preset = Self.preset(entry.kind), let plan = site.planner.plan(entry.image, preset: preset, stem: entry.image.stem),
           let image = plan.images.first {
            scope.add(plan)
            // From the language's folder (the search box's root there) to the site's thumbnails.
            thumbnail = SearchRecord.Thumbnail(file: site.siteRoot(of: "") + OutputPath.image(image.fileName),
                                               width: image.width, height: image.height)
        }
        var aliases = entry.aliases
        // Each other language's version read, there or not (a language may leave it out).
        let own = ContentKind.untranslated(entry.path)
        for (index, language) in site.model.config.languages.enumerated() {
            let path = index == 0 ? own : ContentKind.translation(of: own, into: language.code)
            if path != entry.path { scope.read(.frontMatter(path)) }
        }
        for other in site.names.names(of: entry.path) where other.path != entry.path {
            if other.name != entry.name && !aliases.contains(other.name) { aliases.append(other.name) }
        }
        let body = site.plainText(entry.path) ?? SearchText.plain(fromHTML: site.bodies.html(for: entry.path))
        return SearchRecord(
            kind: recordKind, slug: entry.slug, name: entry.name, officialName: entry.officialName,
            capital: entry.capital, motto: entry.motto, aliases: aliases, countryName: country?.name,
            countrySlug: entry.country, thumbnail: thumbnail, body: body).text
    }
}
