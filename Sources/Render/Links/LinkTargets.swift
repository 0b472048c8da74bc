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
    /// The files of the outputs.
    package let files: Set<String>
    /// The files published beside them (`PageRenderer.publishes`): a set of their own, so that
    /// the outputs' (400,000 paths at 100,000 cities, shared by every language) is not copied.
    package private(set) var published: Set<String> = []
    /// `base_url`, when set.
    package let baseURL: String?
    /// The site's path on its server (`/guide/`, else `/`).
    package let sitePath: String

    package init(files: Set<String>, baseURL: String?, sitePath: String) {
        self.files = files
        self.baseURL = baseURL
        self.sitePath = sitePath
    }

    /// Whether the output holds a file at `path`.
    package func contains(_ path: String) -> Bool { files.contains(path) || published.contains(path) }

    /// These targets and the files `more` besides.
    package func adding(_ more: some Sequence<String>) -> LinkTargets {
        var targets = self
        targets.published.formUnion(more)
        return targets
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

    /// Where `link`, found in the page at `page`, points. It runs for every link of every page
    /// a build renders, so it works on the link's bytes (a plain relative link allocates only
    /// the path it resolves to).
    package func resolve(_ link: String, from page: String, fromSiteRoot: Bool = false) -> Resolution {
        let all = Array(link.utf8)
        let end = all.firstIndex { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "?") } ?? all.count
        var start = 0
        while start < end, all[start] == UInt8(ascii: " ") || all[start] == UInt8(ascii: "\t") || all[start] == UInt8(ascii: "\n") {
            start += 1
        }
        guard start < end else { return .skipped }
        var value = all[start..<end]
        var fromRoot = false, served = false
        if value.starts(with: Self.twoSlashes) { return .skipped }
        if let colon = value.firstIndex(of: UInt8(ascii: ":")), !value[..<colon].contains(UInt8(ascii: "/")) {
            // A scheme: internal only when it is the site's own address.
            guard let base = baseURL, value.starts(with: base.utf8) else { return .skipped }
            value = value.dropFirst(base.utf8.count)
            (fromRoot, served) = (true, true)
        } else if value.first == UInt8(ascii: "/") {
            if fromSiteRoot, value.starts(with: sitePath.utf8) {
                value = value.dropFirst(sitePath.utf8.count)
                fromRoot = true
            } else {
                return .fromRoot(Self.normalized(value.dropFirst(), in: []).flatMap { contains($0) ? $0 : nil })
            }
        }
        if value.contains(UInt8(ascii: "%")) {
            let text = String(decoding: value, as: UTF8.self)
            value = Array((text.removingPercentEncoding ?? text).utf8)[...]
        }
        let folder = fromRoot ? ArraySlice<UInt8>() : Self.folder(of: page)
        guard var path = Self.normalized(value, in: folder) else { return .outside }
        // An address on the server (`base_url`'s) may name a folder: the server answers with its index.
        if served, path.isEmpty || path.hasSuffix("/") { path += OutputPath.index }
        if path.isEmpty || path.hasSuffix("/") { return .missing(path) }
        if path.utf8.starts(with: Self.images) { return .skipped }
        return contains(path) ? .file(path) : .missing(path)
    }

    private static let twoSlashes = Array("//".utf8)
    private static let images = Array("images/".utf8)

    /// The folder of a site-relative path, with its slash (`cities/` of `cities/lima.html`).
    static func folder(of path: String) -> ArraySlice<UInt8> {
        let bytes = Array(path.utf8)
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return [] }
        return bytes[...slash]
    }

    /// `link` taken from `folder` (UTF-8), with `.` and `..` resolved; nil above the site's
    /// folder. A path ending in a folder keeps its final slash.
    static func normalized(_ link: ArraySlice<UInt8>, in folder: ArraySlice<UInt8>) -> String? {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        // The parts so far, joined by slashes (no slash first or last), and how many there are.
        var path: [UInt8] = []
        path.reserveCapacity(folder.count + link.count + 1)
        var parts = 0
        func append<C: Collection<UInt8>>(_ part: C) {
            if parts > 0 { path.append(slash) }
            path.append(contentsOf: part)
            parts += 1
        }
        for part in folder.split(separator: slash) { append(part) }
        func asFolder() -> String {
            if parts > 0 { path.append(slash) }
            return String(decoding: path, as: UTF8.self)
        }
        var at = link.startIndex
        while true {
            let stop = link[at...].firstIndex(of: slash) ?? link.endIndex
            let piece = link[at..<stop]
            let last = stop == link.endIndex
            if piece.isEmpty || piece.elementsEqual(CollectionOfOne(dot)) {
                if last { return asFolder() }
            } else if piece.count == 2, piece.first == dot, piece.last == dot {
                guard parts > 0 else { return nil }
                parts -= 1
                path.removeSubrange((path.lastIndex(of: slash) ?? 0)...)
                if last { return asFolder() }
            } else {
                append(piece)
            }
            if last { return String(decoding: path, as: UTF8.self) }
            at = link.index(after: stop)
        }
    }

    /// The file of the output nearest to `path`, for "did you mean": the same file name in
    /// another folder, the path with `.html` or `index.html` added, else the closest spelling.
    package func nearest(to path: String) -> String? {
        for guess in [path + ".html", path + "index.html", path + "/index.html"] where contains(guess) { return guess }
        let name = (path as NSString).lastPathComponent
        let files = files.union(published)
        let sameName = files.filter { ($0 as NSString).lastPathComponent == name }.sorted()
        if let first = sameName.first { return first }
        let pages = files.filter { !$0.hasPrefix("images/") }
        if let close = NameSuggestion.closest(to: path, in: pages) { return close }
        let names = Dictionary(pages.map { (($0 as NSString).lastPathComponent, $0) }, uniquingKeysWith: { a, b in min(a, b) })
        return NameSuggestion.closest(to: name, in: names.keys).flatMap { names[$0] }
    }
}
