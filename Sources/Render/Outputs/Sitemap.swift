import Load
import Images
import Model

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
        let config = site.model.config
        guard config.isMultilingual else { return Self.xml(listing: site.listedPaths, baseURL: config.baseURL ?? "") }
        return Self.xml(listing: site.listedPaths, baseURL: config.baseURL ?? "", languages: config.languages)
    }

    /// With the guide's languages: each page's `<url>` lists every version of it (this one
    /// included, each with its `hreflang`, then `x-default`, the default language's) as
    /// `xhtml:link`, as search engines read them.
    static func xml(listing pagePaths: [String], baseURL base: String, languages: [LanguageSetting]) -> String {
        let listed = Set(pagePaths)
        func local(_ path: String) -> String {
            for language in languages.dropFirst() where path.hasPrefix(language.folder) { return String(path.dropFirst(language.folder.count)) }
            return path
        }
        func address(_ path: String) -> String {
            ImageHTML.escape(base + PagePath.urlEncoded(path))
        }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n"
        for path in pagePaths.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            xml += "  <url><loc>\(ImageHTML.escape(base) + ImageHTML.escape(PagePath.urlEncoded(path)))</loc>"
            let own = local(path)
            let versions = languages.enumerated().compactMap { index, language -> (String, String)? in
                let version = (index == 0 ? "" : language.folder) + own
                return listed.contains(version) ? (language.code, version) : nil
            }
            if versions.count > 1 {
                for (code, version) in versions {
                    xml += "\n    <xhtml:link rel=\"alternate\" hreflang=\"\(code)\" href=\"\(address(version))\"/>"
                }
                if let first = versions.first, first.0 == languages[0].code {
                    xml += "\n    <xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"\(address(first.1))\"/>"
                }
                xml += "\n  "
            }
            xml += "</url>\n"
        }
        xml += "</urlset>\n"
        return xml
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
