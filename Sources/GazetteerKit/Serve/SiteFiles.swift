import Foundation
import Glibc
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model
import Render
import Write
import Incremental

/// Maps request paths to files in the site folder: `index.html` for folders, a redirect for a
/// folder named without its slash, and nothing whose real path (symlinks resolved) leaves the folder.
struct SiteFiles: Sendable {
    let root: URL

    enum Resolution: Equatable, Sendable {
        /// A regular file inside the site, by its real path.
        case file(String)
        /// A folder asked for without its trailing slash: send the client here (301).
        case redirect(location: String)
        case notFound
        /// A path that leaves the site, or a file that is not a regular file (403).
        case forbidden
        /// Not a path (400).
        case malformed
    }

    /// Resolves the still-encoded path of a request; `query` is kept on redirects only.
    func resolve(_ encodedPath: String, query: String? = nil) -> Resolution {
        let path: RequestPath
        do { path = try RequestPath(encoded: encodedPath) } catch {
            return error == .malformed ? .malformed : .forbidden
        }
        let rootPath = Self.realPath(root.path) ?? root.standardizedFileURL.path
        guard let real = Self.realPath(([rootPath] + path.segments).joined(separator: "/")) else {
            return errno == EACCES ? .forbidden : .notFound
        }
        guard Self.isInside(real, rootPath) else { return .forbidden }
        switch Self.kind(real) {
        case .some(S_IFDIR):
            guard path.trailingSlash else { return .redirect(location: encodedPath + "/" + (query.map { "?" + $0 } ?? "")) }
            guard let index = Self.realPath(real + "/index.html") else { return .notFound }
            guard Self.isInside(index, rootPath) else { return .forbidden }
            return Self.kind(index) == S_IFREG ? .file(index) : .notFound
        case .some(S_IFREG):
            return path.trailingSlash ? .notFound : .file(real)
        case nil:
            return .notFound
        default:
            return .forbidden
        }
    }

    /// The site's own `404.html`, if it has one.
    var notFoundPage: String? {
        if case .file(let path) = resolve("/404.html") { path } else { nil }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func isInside(_ path: String, _ root: String) -> Bool {
        path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// `S_IFDIR`, `S_IFREG`, ... for an existing path.
    private static func kind(_ path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }
}
