import Foundation

/// Reads what a browser would follow out of generated HTML.
enum HTMLLinks {
    /// Every href, src and srcset URL in `html`, entity `&amp;` decoded.
    static func urls(in html: String) -> [String] {
        var urls: [String] = []
        let pattern = try! NSRegularExpression(pattern: #"(href|src|srcset)="([^"]*)""#)
        let range = NSRange(html.startIndex..., in: html)
        for match in pattern.matches(in: html, range: range) {
            let attribute = String(html[Range(match.range(at: 1), in: html)!])
            let value = String(html[Range(match.range(at: 2), in: html)!]).replacingOccurrences(of: "&amp;", with: "&")
            if attribute == "srcset" {
                urls += value.split(separator: ",").compactMap { $0.split(separator: " ").first.map(String.init) }
            } else {
                urls.append(value)
            }
        }
        return urls
    }

    /// Internal links of the page at `page` that do not lead to a file of `files`.
    static func broken(in html: String, page: String, files: Set<String>) -> [String] {
        urls(in: html).filter { url in
            if url.hasPrefix("#") || url.contains("://") || url.hasPrefix("mailto:") { return false }
            let encoded = String(url.split(separator: "#", omittingEmptySubsequences: false)[0])
            let path = encoded.removingPercentEncoding ?? encoded
            // From the site's root (the not-found page's links, served at any depth), else from the page.
            var parts = path.hasPrefix("/") ? [] : page.split(separator: "/").dropLast().map(String.init)
            for part in path.split(separator: "/") {
                if part == ".." { if parts.isEmpty { return true }; parts.removeLast() }
                else if part != "." { parts.append(String(part)) }
            }
            return !files.contains(parts.joined(separator: "/"))
        }
    }

    /// Width and height of a PNG file, from its header.
    static func pngSize(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data)
        guard bytes.count > 24, bytes[0] == 0x89, bytes[1] == 0x50 else { return nil }
        func be32(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }

    /// The `<img>` elements of `html` as attribute dictionaries.
    static func images(in html: String) -> [[String: String]] {
        let tag = try! NSRegularExpression(pattern: #"<img\s[^>]*>"#)
        let attribute = try! NSRegularExpression(pattern: #"([a-z-]+)="([^"]*)""#)
        return tag.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { match in
            let element = String(html[Range(match.range, in: html)!])
            var attributes: [String: String] = [:]
            for a in attribute.matches(in: element, range: NSRange(element.startIndex..., in: element)) {
                attributes[String(element[Range(a.range(at: 1), in: element)!])] = String(element[Range(a.range(at: 2), in: element)!])
            }
            return attributes
        }
    }
}
