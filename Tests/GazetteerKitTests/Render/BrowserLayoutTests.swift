import Foundation
import XCTest
@testable import GazetteerKit
import OptionalTools

/// The default theme's pages in a real browser (headless Chromium, when installed), as a
/// phone shows them: a page holding a 60-letter word is no wider than the screen.
final class BrowserLayoutTests: XCTestCase {
    /// Loads `page` of the built site in a frame `width` pixels wide and returns how wide its
    /// content is (the document's scroll width), as measured by the browser.
    private func contentWidth(of page: String, in site: FixtureSite, width: Int) throws -> Int {
        let probe = site.output.appending(path: "probe.html")
        try Data("""
            <!doctype html><html><body style="margin:0">
            <iframe id="f" src="\(page)" style="width:\(width)px;height:800px;border:0"></iframe>
            <script>
            document.getElementById('f').onload = function () {
              var doc = this.contentDocument.documentElement;
              document.body.setAttribute('data-width', String(doc.scrollWidth));
            };
            </script></body></html>
            """.utf8).write(to: probe)
        let dom = try HeadlessChromium.dom(of: probe)
        let match = try XCTUnwrap(dom.firstMatch(of: /data-width="(\d+)"/), "the probe measured nothing: \(dom)")
        return Int(match.1)!
    }

    func testALongWordWrapsOnAPhoneInsteadOfWideningThePage() throws {
        try requireChromium()
        var files = FixtureSite.good
        let word = String(repeating: "Donaudampfschiff", count: 4).prefix(60)
        files["content/cities/osaka.md"] = "---\nname: Osaka\ncountry: japan\n---\n\nA word: \(word).\n"
        files["content/countries/japan.md"] = """
            ---
            name: Japan
            capital: Tokyo
            continent: Asia
            motto: \(word)
            ---

            Japan \(word).
            """
        let site = try FixtureSite(files)
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        XCTAssertLessThanOrEqual(try contentWidth(of: "cities/osaka.html", in: site, width: 375), 375)
        XCTAssertLessThanOrEqual(try contentWidth(of: "countries/japan.html", in: site, width: 375), 375)
        XCTAssertLessThanOrEqual(try contentWidth(of: "index.html", in: site, width: 375), 375)
    }

    /// What the browser computes for `script` (a JavaScript expression over `doc`, the page's
    /// document) once `page` has loaded in a frame `width` pixels wide.
    private func evaluate(_ script: String, on page: String, in site: FixtureSite, width: Int = 1280) throws -> String {
        let probe = site.output.appending(path: "probe-eval.html")
        try Data("""
            <!doctype html><html><body><iframe id="f" src="\(page)" style="width:\(width)px;height:800px"></iframe><script>
            document.getElementById('f').onload = function () {
              var doc = this.contentDocument;
              document.body.setAttribute('data-result', String(\(script)));
            };</script></body></html>
            """.utf8).write(to: probe)
        let dom = try HeadlessChromium.dom(of: probe)
        let match = try XCTUnwrap(dom.firstMatch(of: /data-result="([^"]*)"/), "nothing evaluated: \(dom)")
        return String(match.1)
    }

    func testChangingTheAccentChangesTheCurrentNavItemAndTheContinentChips() throws {
        try requireChromium()
        let css = try String(contentsOf: ExampleGuideTests.repository.appending(path: "templates/assets/style.css"), encoding: .utf8)
        var files = FixtureSite.good
        files["templates/assets/style.css"] = css.replacingOccurrences(of: "--accent: #0a5fd1;", with: "--accent: #c0007a;")
        let site = try FixtureSite(files)
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let probe = "[doc.querySelector('.site-nav a[aria-current]'), doc.querySelector('.inline-list a')]"
            + ".map(function (e) { var s = getComputedStyle(e); return s.backgroundColor + '/' + s.color; }).join(' ')"
        let colours = try evaluate(probe, on: "countries/spain.html", in: site)
        // Every accent is a mix of the new magenta: red well above blue, in the tint and in the text.
        // (Colours mixed with color-mix() come back as `color(srgb r g b)` with 0-1 channels.)
        var numbers = colours.matches(of: /rgb\((\d+), (\d+), (\d+)\)/).map { (Double($0.1)! / 255, Double($0.3)! / 255) }
        numbers += colours.matches(of: /color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)/).map { (Double($0.1)!, Double($0.3)!) }
        XCTAssertGreaterThanOrEqual(numbers.count, 3, colours)
        for (red, blue) in numbers where !(red > 0.95 && blue > 0.95) {  // skip plain white
            XCTAssertGreaterThan(red, blue, "still blue: \(colours)")
        }
    }

    /// The styles the default theme gives the pieces this round added: pagination laid out in
    /// a row, the A-Z bar's current letter tinted, the search label hidden but for screen
    /// readers. (A rule cut short in style.css nests the rest of the file and drops them.)
    func testPaginationTheLetterBarAndTheSearchBoxAreStyled() throws {
        try requireChromium()
        var files = FixtureSite.good
        files["gazetteer.yaml"] = "title: Test Guide\npage_size: 1\n"
        let site = try FixtureSite(files)
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let probe = "[getComputedStyle(doc.querySelector('.pagination-list')).display,"
            + " getComputedStyle(doc.querySelector('.pagination-list li')).listStyleType,"
            + " getComputedStyle(doc.querySelector('.pagination-status')).fontSize,"
            + " getComputedStyle(doc.querySelector('.site-search-label')).width].join(' ')"
        XCTAssertEqual(try evaluate(probe, on: "cities/page-2.html", in: site), "flex none 13px 1px")
    }
}
