import Load
import Images

extension Page.Kind {
    /// `sitemap.xml`, made without a template.
    package static let sitemap = Page.Kind("sitemap")
}

/// `sitemap.xml` when the site has a `base_url`: every listed page (`Output.listed`), in the
/// byte order of their paths. It reads the settings (the base URL) and the paths of the
/// listed pages (`Dependency.pages`), so it is made again when one is added or removed.
package struct Sitemap: Output {
    package static let path = "sitemap.xml"
    package var kind: Page.Kind { .sitemap }
    package var listed: Bool { false }

    package func files(of site: PageRenderer) -> [Page] {
        site.model.config.baseURL == nil ? [] : [Page(kind: .sitemap, path: Self.path, title: "")]
    }

    package func render(_ page: Page, of site: PageRenderer, scope: PageScope) -> String {
        scope.read(.settings)
        scope.read(.pages)
        return Self.xml(listing: site.listedPaths, baseURL: site.model.config.baseURL ?? "")
    }

    /// Made as bytes: it lists every page.
    static func xml(listing pagePaths: [String], baseURL base: String) -> String {
        var paths = pagePaths.map { Array($0.utf8) }
        paths.sort { $0.lexicographicallyPrecedes($1) }
        var xml: [UInt8] = []
        xml.reserveCapacity(paths.count * (base.utf8.count + 40) + 200)
        xml += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n".utf8
        xml += "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n".utf8
        let escapedBase = Array(ImageHTML.escape(base).utf8)
        for path in paths {
            xml += "  <url><loc>".utf8
            xml += escapedBase
            let encoded = PagePath.urlEncoded(String(decoding: path, as: UTF8.self))
            if encoded.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }) {
                xml += ImageHTML.escape(encoded).utf8
            } else {
                xml += encoded.utf8
            }
            xml += "</loc></url>\n".utf8
        }
        xml += "</urlset>\n".utf8
        return String(decoding: xml, as: UTF8.self)
    }
}
