import Foundation
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
import OptionalTools

/// The injected script in a real browser (headless Chromium, when installed): pages reload
/// after `notifyReload()`, show the located error as an overlay (as text, not markup), and
/// lose the overlay after `clearError()`.
final class BrowserLiveReloadTests: XCTestCase {
    /// The page's DOM as Chromium ends up with it. The page holds a frame on the event stream,
    /// which never finishes loading, so Chromium dumps the DOM at its timeout, after `events`.
    private func finalDOM(_ site: ServedSite, heading: String, events: () throws -> Void) throws -> String {
        try site.write("countries/spain.html", Array("<html><body><h1>\(heading)</h1><iframe src=\"/__gazetteer/events\"></iframe></body></html>".utf8))
        let browser = try HeadlessChromium.launch(["--timeout=2500", "--dump-dom", "http://127.0.0.1:\(site.port)/countries/spain.html"],
                                                  timeout: 30)  // never outlives the test
        let deadline = ContinuousClock.now + .seconds(10)
        while site.server.openEventStreams < 2, ContinuousClock.now < deadline { usleep(10_000) }
        XCTAssertEqual(site.server.openEventStreams, 2, "the page (and its frame) subscribed")
        try events()
        let dom = String(decoding: browser.output.readDataToEndOfFile(), as: UTF8.self)
        browser.process.waitUntilExit()
        return dom
    }

    func testAPageReloadsAndShowsTheErrorOfABrokenBuild() throws {
        try requireChromium()
        let site = try ServedSite()
        site.server.notifyError("content/countries/spain.md:3:9: capital must be <b>text</b>")
        let dom = try finalDOM(site, heading: "Spain") {
            try site.write("countries/spain.html", Array("<html><body><h1>España</h1><iframe src=\"/__gazetteer/events\"></iframe></body></html>".utf8))
            site.server.notifyReload()
        }
        XCTAssertTrue(dom.contains("<h1>España</h1>"), "the page reloaded: \(dom)")
        XCTAssertTrue(dom.contains("id=\"__gazetteer_overlay\""), dom)
        XCTAssertTrue(dom.contains(">content/countries/spain.md:3:9: capital must be &lt;b&gt;text&lt;/b&gt;</div>"), dom)
    }

    func testTheOverlayGoesAwayWhenTheBuildIsFixed() throws {
        try requireChromium()
        let site = try ServedSite()
        site.server.notifyError("content/countries/spain.md:3:9: capital must be text")
        let dom = try finalDOM(site, heading: "Spain") {
            usleep(300_000)
            site.server.clearError()
        }
        XCTAssertTrue(dom.contains("<h1>Spain</h1>"), dom)
        XCTAssertFalse(dom.contains("id=\"__gazetteer_overlay\""), dom)
    }
}
