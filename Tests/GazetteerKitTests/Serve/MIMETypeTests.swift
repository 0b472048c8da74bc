import XCTest
@testable import GazetteerKit
@testable import Diagnostics
@testable import Load
@testable import FrontMatter
@testable import Markdown
@testable import Images
@testable import Model
@testable import Render
@testable import Write
@testable import Incremental

final class MIMETypeTests: XCTestCase {
    func testEveryFileTypeOfTheSiteHasItsContentType() {
        let expected = [
            "index.html": "text/html; charset=utf-8", "assets/style.css": "text/css; charset=utf-8",
            "assets/app.js": "text/javascript; charset=utf-8", "flags/es.svg": "image/svg+xml",
            "thumbs/a.png": "image/png", "thumbs/a.JPG": "image/jpeg", "thumbs/a.jpeg": "image/jpeg",
            "thumbs/a.webp": "image/webp", "thumbs/a.avif": "image/avif", "sitemap.xml": "application/xml",
            "search.json": "application/json", "data/cities.csv": "text/csv; charset=utf-8", "robots.txt": "text/plain; charset=utf-8", "favicon.ico": "image/x-icon",
            "fonts/a.woff2": "font/woff2", "archive.tar.gz": "application/octet-stream", "LICENSE": "application/octet-stream",
            ".hidden": "application/octet-stream", "dir.css/file": "application/octet-stream",
        ]
        for (path, type) in expected { XCTAssertEqual(MIMEType.forPath(path), type, path) }
    }
}
