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

final class LiveReloadTests: XCTestCase {
    private func inject(_ html: String) -> String { String(decoding: LiveReload.inject(into: Array(html.utf8)), as: UTF8.self) }

    func testScriptGoesBeforeTheLastClosingBody() {
        let page = "<html><body><p>a</p><pre>&lt;/body&gt;</pre></BODY >\n</html>\n"
        XCTAssertEqual(inject(page), "<html><body><p>a</p><pre>&lt;/body&gt;</pre>" + LiveReload.script() + "</BODY >\n</html>\n")
        XCTAssertEqual(inject("<p>fragment</p>"), "<p>fragment</p>" + LiveReload.script())
        XCTAssertEqual(inject(""), LiveReload.script())
    }

    func testScriptListensForReloadErrorAndClear() {
        for needle in ["new EventSource(\"/__gazetteer/events?since=0\")", "\"reload\"", "location.reload()", "\"error\"",
                       "JSON.parse(e.data)", "\"clear\"", "position:fixed", "z-index:2147483647", "monospace"] {
            XCTAssertTrue(LiveReload.script().contains(needle), needle)
        }
    }

    func testEventsAreOneDataLineOfJSON() {
        XCTAssertEqual(String(decoding: LiveReload.event("reload", data: "1"), as: UTF8.self), "event: reload\ndata: 1\n\n")
        XCTAssertEqual(LiveReload.jsonString("a.md:3:1: \"x\" \\ bad\nnext\tline\r\u{1}\u{2028}é"),
                       #""a.md:3:1: \"x\" \\ bad\nnext\tline\r\u0001\u2028é""#)
    }
}
