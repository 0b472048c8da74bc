import Foundation
import Mustache
import Load
import Model

extension Page.Kind {
    /// `feed.json`, a JSON Feed.
    package static let jsonFeed = Page.Kind("json-feed")
}

/// `feed.json`, a JSON Feed (version 1.1, https://www.jsonfeed.org/version/1.1/) of the same
/// entries as the Atom feed, in the same order (`SiteModel.newest`), when the site has a
/// `base_url` (a feed's addresses are absolute). Every page links to it from its head
/// (`json_feed` in the context). Each item is an entry: its page's address as `id` and `url`,
/// its name as `title`, its body as `content_html` with every link made absolute (a reader
/// shows it away from the page), and its date as `date_published` (RFC 3339). It reads what
/// the Atom feed reads: the newest entries with their dates, and each one's front matter and body.
package struct JSONFeed: Output {
    package static let path = "feed.json"
    package static let version = "https://jsonfeed.org/version/1.1"
    package var kind: Page.Kind { .jsonFeed }
    package var listed: Bool { false }

    package func files(of site: PageRenderer) -> [Page] {
        site.makesJSONFeed ? [Page(kind: kind, path: Self.path, title: site.model.config.title)] : []
    }

    package func render(_ page: Page, of site: PageRenderer, scope: PageScope) -> String {
        scope.read(.settings)
        scope.read(.newest)
        let config = site.model.config
        let base = config.baseURL ?? ""
        let items: [JSONValue] = site.model.newest().map { entry in
            scope.read(.frontMatter(entry.path))
            scope.read(.body(entry.path))
            let url = base + PagePath.urlEncoded(entry.outputPath)
            return .object([
                ("id", .string(url)),
                ("url", .string(url)),
                ("title", .string(entry.name)),
                ("content_html", .string(Self.absoluteLinks(site.bodies.html(for: entry.path), from: url))),
                ("date_published", .string(entry.feedDate.text)),
                ("tags", .array([.string(entry.kind == .country ? "country" : "city")])),
            ])
        }
        let feed: JSONValue = .object([
            ("version", .string(Self.version)),
            ("title", .string(config.title)),
            ("home_page_url", .string(base)),
            ("feed_url", .string(base + Self.path)),
            ("language", .string(config.language)),
            ("authors", .array([.object([("name", .string(config.title))])])),
            ("items", .array(items)),
        ])
        return String(decoding: JSONWriter.encode(feed), as: UTF8.self)
    }

    /// `html` with the value of every `href` and `src` that is relative (`../countries/spain.html#top`,
    /// `#top`) made absolute against `page`, the address of the page it was written for.
    static func absoluteLinks(_ html: String, from page: String) -> String {
        let found = LinkScan.scan(html)
        guard !found.isEmpty, let base = URL(string: page) else { return html }
        let bytes = Array(html.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + found.count * page.utf8.count)
        var copied = 0
        for link in found where !hasScheme(link.value) && !link.value.hasPrefix("//") {
            guard let absolute = URL(string: link.value, relativeTo: base)?.absoluteString else { continue }
            let quote = link.offset > 0 ? bytes[link.offset - 1] : 0
            var end = link.offset
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                while end < bytes.count, bytes[end] != quote { end += 1 }
            } else {
                while end < bytes.count, !(bytes[end] == UInt8(ascii: ">") || bytes[end] <= 0x20) { end += 1 }
            }
            out += bytes[copied..<link.offset]
            out += escaped(absolute).utf8
            copied = end
        }
        out += bytes[copied...]
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether a link names its scheme (`https:`, `mailto:`): letters, digits, `+`, `-`, `.`
    /// before the first `:`, and no `/`, `?` or `#` before it.
    private static func hasScheme(_ link: String) -> Bool {
        guard let colon = link.firstIndex(of: ":"), colon > link.startIndex else { return false }
        return link[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }

    /// An attribute's value as HTML writes it inside quotes.
    private static func escaped(_ text: String) -> String {
        guard text.contains(where: { $0 == "&" || $0 == "\"" || $0 == "'" || $0 == "<" || $0 == ">" }) else { return text }
        return text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}

extension PageRenderer {
    /// Whether the site has a JSON Feed: a `base_url`.
    package var makesJSONFeed: Bool { model.config.baseURL != nil }

    /// The `json_feed` value of a page's context: the link to `feed.json`, when the site has one.
    func jsonFeedLink(from page: String) -> MustacheValue? {
        makesJSONFeed ? .string(PagePath.relative(from: folder + page, to: JSONFeed.path)) : nil
    }
}
