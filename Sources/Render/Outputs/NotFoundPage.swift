import Mustache
import Load

extension Page.Kind {
    package static let notFound = Page.Kind("404")
}

/// `404.html`, served for any missing path: its links start from the site's own path, and
/// it is not a page for readers (`Output.listed`).
package struct NotFoundPage: TemplatedOutput {
    package var perLanguage: Bool { true }
    package var kind: Page.Kind { .notFound }
    package var listed: Bool { false }
    package var linksFromSiteRoot: Bool { true }

    package func files(of site: PageRenderer) -> [Page] {
        [Page(kind: .notFound, path: OutputPath.notFound, title: site.title("page_not_found"))]
    }

    package func fill(_ page: Page, of site: PageRenderer, scope: PageScope,
                      values: inout [String: MustacheValue], lists: inout [String: Dependency]) {}
}
