import Foundation
import XCTest
@testable import GazetteerKit
@testable import Load

/// The links a rename rewrites: those the build resolves to the renamed file, only their
/// destinations' bytes, wherever and however they are written.
final class EditLinksTests: XCTestCase {
    private let paths = ContentPath(root: URL(fileURLWithPath: "/nonexistent-guide"))

    private func retarget(_ body: String, in path: String = "content/cities/madrid.md") -> String? {
        EditLinks.retarget(body, bodyStartLine: 5, path: path, target: "content/countries/spain.md", newName: "espana.md",
                           paths: paths, options: .init())
    }

    func testOnlyTheDestinationsOfLinksToTheFileChange() {
        XCTAssertEqual(retarget("See [spain.md](../countries/spain.md#top) and [it](<../countries/spain.md>).\n"),
                       "See [spain.md](../countries/espana.md#top) and [it](<../countries/espana.md>).\n")
        XCTAssertEqual(retarget("[Spain](/countries/spain.md \"title\"), [Not](../countries/notspain.md)\n"),
                       "[Spain](/countries/espana.md \"title\"), [Not](../countries/notspain.md)\n")
        XCTAssertEqual(retarget("Über [Spain][s] and [again][s].\r\n\r\n[s]: ../countries/spain.md\r\n"),
                       "Über [Spain][s] and [again][s].\r\n\r\n[s]: ../countries/espana.md\r\n")
        XCTAssertEqual(retarget("[Spain](spain.md)\n", in: "content/countries/turkey.md"), "[Spain](espana.md)\n")
    }

    func testABodyWithoutSuchLinksIsLeftAlone() {
        XCTAssertNil(retarget("[Spain](spain.md) is a link to a city file here; `[x](../countries/spain.md)` is code.\n"))
        XCTAssertNil(retarget("[Web](https://example.org/countries/spain.md) [Top](#spain.md)\n"))
    }
}
