import Mustache

/// One kind of file the build renders: entity pages, list pages, the 404 page, the sitemap,
/// data files, the search index's records and whatever comes next (not thumbnails or assets).
/// The build knows nothing of any of them: it asks every output in `Outputs.all` for its
/// files, and renders, keys, writes and removes each of them like any other, through the
/// same recorded scope (`PageScope`).
///
/// **Adding an output** is one Swift file (here, in `Outputs/`), its template if it has one,
/// and its line in `Outputs.all`:
/// - name its kind beside it: `extension Page.Kind { static let feed = Page.Kind("feed") }`
///   (the name of its template, for an output drawn by one; see `TemplatedOutput`);
/// - `files(of:)` gives its paths for this site (none when it is not made), each a `Page`
///   of that kind; a path comes from `OutputPath` or from the output itself;
/// - `render(_:of:scope:)` gives one file's text. It must read every value through `scope`:
///   the values `PageRenderer` makes (entries, pictures, lists) record themselves, and
///   anything read directly records its `Dependency` with `scope.read(_:)`. The file's key
///   is then a hash of what it read, so it is made again exactly when one of those values
///   changes; no dependency is ever written down by hand.
package protocol Output: Sendable {
    /// The kind of every file this output makes.
    var kind: Page.Kind { get }
    /// Whether its files are pages for readers, what `Dependency.pages` lists.
    var listed: Bool { get }
    /// Whether its files are written into the output as they are (else each is a part that
    /// another step assembles, like the search index's records: keyed and kept in the
    /// manifest like a file, and handed over when made, never written).
    var writesFiles: Bool { get }
    /// Whether its files are made in every language of a guide in several (in each other
    /// language's folder: `fr/countries/france.html`), or once (the sitemap, the data files).
    var perLanguage: Bool { get }
    /// Whether each of its files shows every entry of a kind (the collections): the longest
    /// files to make, rendered before the others, so that none is left to the end of the
    /// render stage with the other cores idle.
    var showsEveryEntry: Bool { get }
    /// Its files for this site, in a stable order.
    func files(of site: PageRenderer) -> [Page]
    /// The text of `page`, one of its files, with what it read recorded in `scope`.
    func render(_ page: Page, of site: PageRenderer, scope: PageScope) throws(MustacheError) -> String
    /// The content file whose text `page` shows, for a file about one entry (its page, its
    /// record): the files that show the same one are rendered one after the other, so that
    /// its Markdown is rendered once for all of them (see `BodyStore`). Nil by default.
    func entry(of page: Page, site: PageRenderer) -> String?
}

extension Output {
    package var listed: Bool { true }
    package var writesFiles: Bool { true }
    package var perLanguage: Bool { false }
    package var showsEveryEntry: Bool { false }
    package func entry(of page: Page, site: PageRenderer) -> String? { nil }
}

/// An output whose files a template of the theme draws: the one named like its kind, in
/// strict mode. Every page's context holds the site, the page and the navigation
/// (`PageRenderer.context(for:of:images:)`); `fill` adds what is its own.
package protocol TemplatedOutput: Output {
    /// Whether a theme may lack its template (its `files(of:)` then names none); a theme
    /// without a template that is not optional is refused (`Outputs.requiredTemplates`).
    var templateIsOptional: Bool { get }
    /// Whether its links start from the site's own path instead of the page's (a page
    /// served for missing paths at any depth).
    var linksFromSiteRoot: Bool { get }
    /// Adds what its template shows of `page` to `values`, naming in `lists` the dependency
    /// of each list among them (read when the template looks the list up).
    func fill(_ page: Page, of site: PageRenderer, scope: PageScope,
              values: inout [String: MustacheValue], lists: inout [String: Dependency])
}

extension TemplatedOutput {
    package var linksFromSiteRoot: Bool { false }
    package var templateIsOptional: Bool { false }

    package func render(_ page: Page, of site: PageRenderer, scope: PageScope) throws(MustacheError) -> String {
        try site.library.render(
            page.template, context: site.context(for: page, of: self, images: scope), strict: true,
            included: { scope.read(.template($0)) })
    }
}
