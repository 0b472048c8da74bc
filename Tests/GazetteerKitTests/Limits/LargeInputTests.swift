import Foundation
import XCTest
@testable import GazetteerKit

/// Large and deep content builds, or stops at a documented limit with a located error, in
/// seconds. The inputs here are made in the test, at sizes a debug build handles in a few
/// seconds; `make limits` runs the full sizes (a 50 MB body, a 30,000 x 30,000 PNG, ...) with
/// the release binary and checks its peak memory.
final class LargeInputTests: XCTestCase {
    private func build(_ site: FixtureSite, within limit: TimeInterval = 5,
                       file: StaticString = #filePath, line: UInt = #line) -> (status: Int32, out: String, err: String) {
        let start = Date()
        let result = site.build()
        XCTAssertLessThan(Date().timeIntervalSince(start), limit, "the build took too long", file: file, line: line)
        return result
    }

    private func city(body: String, frontMatter: String = "") -> String {
        "---\nname: Madrid\ncountry: spain\n\(frontMatter)---\n\(body)"
    }

    func testAHundredThousandNestedBlockquotesBuild() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        try site.write("content/cities/madrid.md", city(body: String(repeating: "> ", count: 100_000) + "deep\n"))
        let result = build(site)
        XCTAssertEqual(result.status, 0, result.err)
        let page = try XCTUnwrap(site.read("cities/madrid.html"))
        XCTAssertEqual(page.components(separatedBy: "<blockquote>").count - 1, 100_000)
        XCTAssertTrue(page.contains("<p>deep</p>"))
    }

    func testAHundredThousandNestedListItemsBuild() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        try site.write("content/cities/madrid.md", city(body: String(repeating: "- ", count: 100_000) + "deep\n"))
        let result = build(site)
        XCTAssertEqual(result.status, 0, result.err)
        let page = try XCTUnwrap(site.read("cities/madrid.html"))
        XCTAssertGreaterThanOrEqual(page.components(separatedBy: "<li>").count - 1, 100_000)
        XCTAssertTrue(page.contains("<li>deep</li>"))
    }

    func testABigBodyWithManyLinksBuilds() throws {
        // 5 MB here (50 MB in `make limits`), a link to another page in every paragraph.
        let paragraph = "Plaza Mayor, [Spain](../countries/spain.md) and *more* text to fill the line. " + String(repeating: "word ", count: 180) + "\n\n"
        let count = 5_000_000 / paragraph.utf8.count
        let site = try FixtureSite()
        defer { site.delete() }
        try site.write("content/cities/madrid.md", city(body: String(repeating: paragraph, count: count)))
        let result = build(site, within: 20)
        XCTAssertEqual(result.status, 0, result.err)
        let page = try XCTUnwrap(site.read("cities/madrid.html"))
        XCTAssertGreaterThanOrEqual(page.components(separatedBy: "href=\"../countries/spain.html\"").count - 1, count)
    }

    func testAMegabyteOfFrontMatterBuilds() throws {
        // A list of 100,000 items and a long text: adding an item once copied the whole list.
        let list = "sights:\n" + (0..<100_000).map { "  - sight \($0)\n" }.joined()
        let site = try FixtureSite()
        defer { site.delete() }
        try site.write("content/cities/madrid.md", city(body: "Body.\n", frontMatter: list + "notes: " + String(repeating: "n", count: 100_000) + "\n"))
        let result = build(site, within: 10)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(site.read("cities/madrid.html")?.contains("<p>Body.</p>") ?? false)
    }

    func testATenThousandLevelYAMLFlowStopsAtTheNestingLimit() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        let deep = "deep: " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "\n"
        try site.write("content/cities/madrid.md", city(body: "", frontMatter: deep))
        let result = build(site)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains("content/cities/madrid.md:4:70: front matter is nested more than 64 levels deep"),
                      result.err)
    }

    func testADeepYAMLFlowInGazetteerYAMLStopsAtTheNestingLimit() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        try site.write("gazetteer.yaml", "title: " + String(repeating: "{a: ", count: 10_000) + "\n")
        let result = build(site)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains("gazetteer.yaml:1:"), result.err)
        XCTAssertTrue(result.err.contains("nested more than 64 levels deep"), result.err)
    }

    func testAThirtyThousandSquarePNGFlagIsRefusedFromItsHeader() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        try site.write("content/countries/japan.md", "---\nname: Japan\ncontinent: Asia\nflag: flags/japan.png\n---\n")
        let png = LargePNG.header(width: 30_000, height: 30_000)
        try Data(png).write(to: site.root.appending(path: "content/countries/flags/japan.png"))
        let result = build(site)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains("content/countries/japan.md:4:7:"), result.err)
        XCTAssertTrue(result.err.contains("30000x30000"), result.err)
        XCTAssertTrue(result.err.contains("over the limit of 100 megapixels"), result.err)
    }

    func testAnSVGFlagOfAMillionElementsStopsWithAMessage() throws {
        // 4 MB, under the 10 MB limit for SVG files, but librsvg would take a minute over it.
        let site = try FixtureSite()
        defer { site.delete() }
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="30" height="20">"# + String(repeating: "<g/>", count: 1_000_000) + "</svg>"
        try site.write("content/countries/flags/japan.svg", svg)
        let result = build(site)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains("content/countries/japan.md:5:7:"), result.err)
        XCTAssertTrue(result.err.contains("japan.svg"), result.err)
        XCTAssertTrue(result.err.contains("the SVG has over 100,000 elements, the limit; it was not rendered"), result.err)
    }
}
