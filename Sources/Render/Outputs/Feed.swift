import Mustache
import Load
import Model

extension Page.Kind {
    /// `feed.xml`, drawn by `feed.mustache`.
    package static let feed = Page.Kind("feed")
}

/// `feed.xml`, an Atom feed (RFC 4287) of the newest entries (`SiteModel.newest`: by their
/// `date`, else by when the build record first held their file), when the site has a
/// `base_url` (Atom's addresses are absolute). Every page links to it from its head
/// (`feed` in the context). It reads the newest entries with their dates (`Dependency.newest`),
/// each one's front matter and, if the template shows it, its body, so that it is made
/// again when one of them changes or another becomes one of the newest.
package struct Feed: TemplatedOutput {
    package static let path = "feed.xml"
    package var kind: Page.Kind { .feed }
    package var listed: Bool { false }
    /// A theme written before feeds has none.
    package var templateIsOptional: Bool { true }

    package func files(of site: PageRenderer) -> [Page] {
        site.makesFeed ? [Page(kind: .feed, path: Self.path, title: site.model.config.title)] : []
    }

    package func fill(_ page: Page, of site: PageRenderer, scope: PageScope,
                      values: inout [String: MustacheValue], lists: inout [String: Dependency]) {
        let base = site.model.config.baseURL ?? ""
        let newest = site.model.newest()
        let entries: [MustacheValue] = newest.map { entry in
            let url = base + PagePath.urlEncoded(entry.outputPath)
            return .dynamic(EntityValue(
                fields: ["name": .string(entry.name), "url": .string(url), "id": .string(url),
                         "updated": .string(entry.feedDate.text), entry.kind == .country ? "is_country" : "is_city": .bool(true)],
                entry: entry, bodies: site.bodies, scope: scope))
        }
        values["entries"] = .array(entries)
        values["feed"] = .object([
            "id": .string(base), "url": .string(base + Self.path), "home": .string(base),
            "updated": .string(newest.map(\.feedDate).max()?.text ?? EntryDate(seconds: 0).text),
        ])
        lists["entries"] = .newest
        lists["feed"] = .newest
    }
}

extension PageRenderer {
    /// Whether the site has a feed: a `base_url`, and a theme with `feed.mustache`.
    package var makesFeed: Bool { model.config.baseURL != nil && library.source(of: Page.Kind.feed.rawValue) != nil }

    /// The `feed` value of a page's context: the link to the feed, when the site has one.
    func feedLink(from page: String, scope: PageScope) -> MustacheValue? {
        scope.read(.templateExists(Page.Kind.feed.rawValue))
        return makesFeed ? .string(PagePath.relative(from: folder + page, to: Feed.path)) : nil
    }
}
