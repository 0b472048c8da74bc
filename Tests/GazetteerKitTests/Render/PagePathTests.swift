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

final class PagePathTests: XCTestCase {
    func testLinksBetweenPagesAreRelativeAndNameTheirFiles() {
        XCTAssertEqual(PagePath.relative(from: "index.html", to: "countries/spain.html"), "countries/spain.html")
        XCTAssertEqual(PagePath.relative(from: "countries/spain.html", to: "cities/madrid.html"), "../cities/madrid.html")
        XCTAssertEqual(PagePath.relative(from: "cities/madrid.html", to: "cities/index.html"), "index.html")
        XCTAssertEqual(PagePath.relative(from: "cities/index.html", to: "index.html"), "../index.html")
        XCTAssertEqual(PagePath.root(of: "index.html"), "")
        XCTAssertEqual(PagePath.root(of: "flags/index.html"), "../")
    }
}
