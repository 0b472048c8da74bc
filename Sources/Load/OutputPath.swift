/// Where the pages of the output go, relative to the output folder (an output of another kind
/// may also name its own paths: see `Output`).
package enum OutputPath {
    package static let index = "index.html"
    package static let cities = "cities/index.html"
    package static let flags = "flags/index.html"
    package static let notFound = "404.html"
    package static let continents = "continents/index.html"

    /// The page of the continent whose slug is `slug`.
    package static func continent(_ slug: String) -> String { "continents/\(slug).html" }

    /// Page `number` of the list whose first page is at `first`: the first page itself, then
    /// `page-2.html`, ... beside it for a list that has a folder of its own (`cities/index.html`
    /// gives `cities/page-2.html`), else in a folder named like it (`countries/spain.html`
    /// gives `countries/spain/page-2.html`).
    package static func listPage(_ first: String, number: Int) -> String {
        guard number > 1 else { return first }
        let folder = first.hasSuffix("/index.html")
            ? String(first.dropLast("index.html".count)) : String(first.dropLast(".html".count)) + "/"
        return folder + "page-\(number).html"
    }

    /// What a list page at `path` is, in a few words, when `path` is one (`cities/index.html`,
    /// `cities/page-3.html`): a content file whose page it would be must be renamed.
    package static func listPageNamed(_ path: String) -> String? {
        if path == cities { return "the City Guide's first page" }
        guard path.hasPrefix("cities/page-"), path.hasSuffix(".html") else { return nil }
        let number = path.dropFirst("cities/page-".count).dropLast(".html".count)
        guard !number.isEmpty, number.allSatisfy(\.isASCII), number.allSatisfy(\.isNumber) else { return nil }
        return "the name of a page of the City Guide"
    }

    /// The page of the content file of this kind and slug.
    package static func page(_ kind: ContentKind, slug: String) -> String {
        switch kind {
        case .country: "countries/\(slug).html"
        case .city: "cities/\(slug).html"
        case .page: "\(slug).html"
        }
    }

    /// Where a file that is not a page is published, by its site-relative path: a file of
    /// `static/` at the same place in the output (`static/files/map.pdf` -> `files/map.pdf`),
    /// one of `content/` that a page links to where its folders put it
    /// (`content/cities/docs/porto.pdf` -> `cities/docs/porto.pdf`, so that a link relative
    /// to the page works unchanged); nil for any other file.
    package static func published(_ siteRelative: String) -> String? {
        for folder in [SiteLoader.staticFolder + "/", "content/"] where siteRelative.hasPrefix(folder) {
            return String(siteRelative.dropFirst(folder.count))
        }
        return nil
    }

    /// A thumbnail, by its file name.
    package static func image(_ fileName: String) -> String { "images/\(fileName)" }
}
