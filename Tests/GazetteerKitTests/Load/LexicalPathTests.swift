import XCTest
@testable import Load

/// A body's link to another content file, worked out on its text alone (`ContentPath.lexical`):
/// what the link names from the file it is written in, or nil when only the file system can tell.
final class LexicalPathTests: XCTestCase {
    func testLinksResolveFromTheirFilesFolder() {
        let from = "content/cities/baburg.md"
        XCTAssertEqual(ContentPath.lexical("zotiomnomgrad.md", from: from), "content/cities/zotiomnomgrad.md")
        XCTAssertEqual(ContentPath.lexical("./lima.md", from: from), "content/cities/lima.md")
        XCTAssertEqual(ContentPath.lexical("../countries/bounvixora.md", from: from), "content/countries/bounvixora.md")
        XCTAssertEqual(ContentPath.lexical("../../gazetteer.yaml", from: from), "gazetteer.yaml")
        XCTAssertEqual(ContentPath.lexical("/countries/peru.md", from: from), "content/countries/peru.md")
        XCTAssertEqual(ContentPath.lexical("/../static/a_b-c.txt", from: from), "static/a_b-c.txt")
    }

    func testWhatOnlyTheFileSystemCanTellIsLeftToIt() {
        let from = "content/cities/baburg.md"
        // Above the site's folder.
        XCTAssertNil(ContentPath.lexical("../../../etc/passwd", from: from))
        XCTAssertNil(ContentPath.lexical("/../../x.md", from: from))
        // Two slashes, a space, a letter outside ASCII, an escape: not plain.
        XCTAssertNil(ContentPath.lexical("a//b.md", from: from))
        XCTAssertNil(ContentPath.lexical("new york.md", from: from))
        XCTAssertNil(ContentPath.lexical("zürich.md", from: from))
        XCTAssertNil(ContentPath.lexical("a%20b.md", from: from))
        XCTAssertNil(ContentPath.lexical("", from: from))
        XCTAssertNil(ContentPath.lexical("pictures/", from: from))
        // Climbing out of every folder leaves no path.
        XCTAssertNil(ContentPath.lexical("../..", from: from))
    }
}
