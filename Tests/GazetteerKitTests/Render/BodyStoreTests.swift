import XCTest
@testable import Render

/// A body shown by several files (an entry's page, its record, its search record) is rendered
/// once: those files are rendered one after the other by one thread, and the body is kept meanwhile.
final class BodyStoreTests: XCTestCase {
    func testTheFilesShowingOneEntryAreRenderedTogether() {
        // The outputs list their files kind by kind: the pages, then the records, then the
        // search records; a list page shows no one entry.
        let entries: [String?] = ["a.md", "b.md", nil, "a.md", "b.md", "a.md", "b.md", nil]
        XCTAssertEqual(PageRenderer.renderGroups(entries), [[0, 3, 5], [1, 4, 6], [2], [7]])
        XCTAssertEqual(PageRenderer.renderGroups([nil, nil]), [[0], [1]], "files about no entry keep their order")
        XCTAssertEqual(PageRenderer.renderGroups([]), [])
    }

    func testTheRecentBodiesForgetTheOldestFirst() {
        var recent = RecentBodies(capacity: 2)
        recent.remember("<p>A</p>", for: "a.md")
        recent.remember("<p>B</p>", for: "b.md")
        recent.remember("<p>A again</p>", for: "a.md")
        XCTAssertEqual(recent.body(of: "a.md"), "<p>A</p>", "a body already kept is kept as it is")
        recent.remember("<p>C</p>", for: "c.md")
        XCTAssertNil(recent.body(of: "a.md"), "the oldest goes first")
        XCTAssertEqual(recent.body(of: "b.md"), "<p>B</p>")
        recent.remember("<p>D</p>", for: "d.md")
        XCTAssertNil(recent.body(of: "b.md"))
        XCTAssertEqual([recent.body(of: "c.md"), recent.body(of: "d.md")], ["<p>C</p>", "<p>D</p>"])
    }
}
