import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model
import Render
import Write
import Incremental

/// The Content-Type the preview server sends for a file, chosen by its extension.
enum MIMEType {
    static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8", "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8", "mjs": "text/javascript; charset=utf-8",
        "json": "application/json", "xml": "application/xml", "txt": "text/plain; charset=utf-8", "csv": "text/csv; charset=utf-8",
        "geojson": "application/geo+json",
        "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg",
        "webp": "image/webp", "avif": "image/avif", "gif": "image/gif", "ico": "image/x-icon",
        "woff2": "font/woff2", "woff": "font/woff", "map": "application/json",
    ]

    /// `text/html; charset=utf-8` for `countries/index.html`; `application/octet-stream` when unknown.
    static func forPath(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "application/octet-stream" }
        return byExtension[name[name.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }

    static func isHTML(_ type: String) -> Bool { type.hasPrefix("text/html") }
}
