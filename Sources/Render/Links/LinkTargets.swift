import Foundation
import Diagnostics
import Load

/// The files of the output that a page's links may point at (every file of every output,
/// the theme's assets, and what else the build publishes), and how a link found in a page
/// resolves: to one of them, to nothing, or to nowhere the guide can answer for.
///
/// Links are resolved as a browser would from the page's own address, so that the guide
/// works opened from disk and served under any sub-path: a link from the site's root
/// (`/cities/faro.html`) is wrong for both, unless it is the site's own address with
/// `base_url` (`https://example.org/guide/cities/faro.html`, where a folder stands for its
/// `index.html`, as a server answers) or the page links from the
/// site's root by design (the not-found page, served at any depth). External links (a
/// scheme, `//host`) are not followed; thumbnails (`images/`), which the build names itself,
/// are not looked for.
package struct LinkTargets: Sendable {
    package let files: Set<String>
    /// `base_url`, when set.
    package let baseURL: String?
    /// The site's path on its server (`/guide/`, else `/`).
    package let sitePath: String

    package init(files: Set<String>, baseURL: String?, sitePath: String) {
        self.files = files
        self.baseURL = baseURL
        self.sitePath = sitePath
    }

    package enum Resolution: Equatable, Sendable {
        /// Not a link into the guide (external, a fragment, a thumbnail, the page itself).
        case skipped
        /// The file of the output it points at, which exists.
        case file(String)
        /// A file of the output that does not exist (a folder's path ends with `/`).
        case missing(String)
        /// A link from the site's root, resolving (if it resolved) to this path of the output.
        case fromRoot(String?)
        /// Above the site's folder.
        case outside
    }

    /// Where `link`, found in the page at `page`, points.
    package func resolve(_ link: String, from page: String, fromSiteRoot: Bool = false) -> Resolution {
        var value = Substring(link)
        if let hash = value.firstIndex(of: "#") { value = value[..<hash] }
        if let query = value.firstIndex(of: "?") { value = value[..<query] }
        value = value.drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" })
        guard !value.isEmpty else { return .skipped }
        var fromRoot = false, served = false
        if value.hasPrefix("//") { return .skipped }
        if let colon = value.firstIndex(of: ":"), !value[..<colon].contains("/") {
            // A scheme: internal only when it is the site's own address.
            guard let base = baseURL, value.hasPrefix(base) else { return .skipped }
            value = value.dropFirst(base.count)
            (fromRoot, served) = (true, true)
        } else if value.hasPrefix("/") {
            if fromSiteRoot, value.hasPrefix(sitePath) {
                value = value.dropFirst(sitePath.count)
                fromRoot = true
            } else {
                return .fromRoot(Self.normalized(String(value.dropFirst()), in: "").flatMap { files.contains($0) ? $0 : nil })
            }
        }
        let decoded = value.contains("%") ? (String(value).removingPercentEncoding ?? String(value)) : String(value)
        let folder = fromRoot ? "" : Self.folder(of: page)
        guard var path = Self.normalized(decoded, in: folder) else { return .outside }
        // An address on the server (`base_url`'s) may name a folder: the server answers with its index.
        if served, path.isEmpty || path.hasSuffix("/") { path += OutputPath.index }
        if path.isEmpty || path.hasSuffix("/") { return .missing(path) }
        if path.hasPrefix("images/") { return .skipped }
        return files.contains(path) ? .file(path) : .missing(path)
    }

    /// The folder of a site-relative path, with its slash (`cities/` of `cities/lima.html`).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    /// `link` taken from `folder`, with `.` and `..` resolved; nil above the site's folder.
    /// A path ending in a folder keeps its final slash.
    static func normalized(_ link: String, in folder: String) -> String? {
        var parts = folder.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let pieces = link.split(separator: "/", omittingEmptySubsequences: false)
        for (n, piece) in pieces.enumerated() {
            let last = n == pieces.count - 1
            switch piece {
            case "", ".": if last { return parts.joined(separator: "/") + (parts.isEmpty ? "" : "/") }
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
                if last { return parts.joined(separator: "/") + (parts.isEmpty ? "" : "/") }
            default: parts.append(String(piece))
            }
        }
        return parts.joined(separator: "/")
    }

    /// The file of the output nearest to `path`, for "did you mean": the same file name in
    /// another folder, the path with `.html` or `index.html` added, else the closest spelling.
    package func nearest(to path: String) -> String? {
        for guess in [path + ".html", path + "index.html", path + "/index.html"] where files.contains(guess) { return guess }
        let name = (path as NSString).lastPathComponent
        let sameName = files.filter { ($0 as NSString).lastPathComponent == name }.sorted()
        if let first = sameName.first { return first }
        let pages = files.filter { !$0.hasPrefix("images/") }
        if let close = NameSuggestion.closest(to: path, in: pages) { return close }
        let names = Dictionary(pages.map { (($0 as NSString).lastPathComponent, $0) }, uniquingKeysWith: { a, b in min(a, b) })
        return NameSuggestion.closest(to: name, in: names.keys).flatMap { names[$0] }
    }
}
