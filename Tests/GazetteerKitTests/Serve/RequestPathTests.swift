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

final class RequestPathTests: XCTestCase {
    private func path(_ encoded: String) throws(RequestPath.Rejection) -> RequestPath { try RequestPath(encoded: encoded) }

    func testSplitsIntoDecodedSegments() throws {
        XCTAssertEqual(try path("/countries/spain.html").segments, ["countries", "spain.html"])
        XCTAssertEqual(try path("/countries/spain.html").trailingSlash, false)
        XCTAssertEqual(try path("/").segments, [])
        XCTAssertEqual(try path("/").trailingSlash, true)
        XCTAssertEqual(try path("/countries/").segments, ["countries"])
        XCTAssertEqual(try path("/countries/").trailingSlash, true)
        XCTAssertEqual(try path("/c%C3%B4te%20d'ivoire.html").segments, ["côte d'ivoire.html"])
        XCTAssertEqual(try path("/a%2520b").segments, ["a%20b"], "decoded exactly once")
        XCTAssertEqual(try path("/a..a/b..").segments, ["a..a", "b.."], "dots inside names are fine")
        XCTAssertEqual(try path("/.well-known/security.txt").segments, [".well-known", "security.txt"])
    }

    func testEscapesAreForbidden() {
        for encoded in ["/../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%2fetc", "/countries/..", "/a/./b",
                        "//etc/passwd", "/%2F%2Fevil.example", "/a//b", "/a%5c..%5cb", "/a\\b", "/a%00.html", "/%2E%2E"] {
            XCTAssertThrowsError(try path(encoded), encoded) { XCTAssertEqual($0 as? RequestPath.Rejection, .forbidden, encoded) }
        }
    }

    /// A pages repository's `.git/` and the build's own `.gazetteer-files` sit in the output
    /// folder; neither is served.
    func testHiddenFilesAreForbidden() {
        for encoded in ["/.git/config", "/.git/", "/.gazetteer-files", "/countries/.DS_Store", "/%2Egit/HEAD", "/..a"] {
            XCTAssertThrowsError(try path(encoded), encoded) { XCTAssertEqual($0 as? RequestPath.Rejection, .forbidden, encoded) }
        }
    }

    func testBrokenEncodingIsMalformed() {
        for encoded in ["/%zz", "/%4", "/abc%", "index.html", "", "/%ff"] {
            XCTAssertThrowsError(try path(encoded), encoded) { XCTAssertEqual($0 as? RequestPath.Rejection, .malformed, encoded) }
        }
    }
}
