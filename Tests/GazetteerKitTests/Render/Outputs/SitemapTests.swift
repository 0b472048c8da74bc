import XCTest
@testable import GazetteerKit
@testable import Render

/// The sitemap is an output like the pages: made again exactly when what it read (the
/// settings and the paths of the pages for readers) changed, and then equal to a clean build.
final class SitemapTests: XCTestCase {
    func testTheSitemapIsMadeAgainOnlyWhenWhatItReadChanged() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        try site.write("gazetteer.yaml", "title: Test Guide\nbase_url: https://example.org/guide\n")
        XCTAssertEqual(site.build().status, 0)
        let first = try XCTUnwrap(site.read("sitemap.xml"))

        // A city's text changes no page path: its page, its record and the two feeds (which
        // show the text of the newest entries) alone are rendered.
        try site.write("content/cities/madrid.md", "---\nname: Madrid\ncountry: spain\npicture: pictures/madrid.svg\n---\n\nOn the Manzanares.\n")
        var result = site.build()
        XCTAssertTrue(result.out.contains("(4 rendered,"), result.out)
        XCTAssertEqual(site.read("sitemap.xml"), first)

        // A new city is a new page: the sitemap lists it.
        try site.write("content/cities/sevilla.md", "---\nname: Sevilla\ncountry: spain\n---\n")
        XCTAssertEqual(site.build().status, 0)
        XCTAssertTrue(try XCTUnwrap(site.read("sitemap.xml")).contains("<loc>https://example.org/guide/cities/sevilla.html</loc>"))
        try IncrementalBuildTests.assertSameAsCleanBuild(site, "after adding Sevilla")

        // A new base URL is a change of the settings it read.
        try site.write("gazetteer.yaml", "title: Test Guide\nbase_url: https://guide.example.org/\n")
        XCTAssertEqual(site.build().status, 0)
        XCTAssertTrue(try XCTUnwrap(site.read("sitemap.xml")).contains("<loc>https://guide.example.org/cities/sevilla.html</loc>"))
        try IncrementalBuildTests.assertSameAsCleanBuild(site, "after changing base_url")

        // Without a base URL there is no sitemap, and the last one is removed.
        try site.write("gazetteer.yaml", "title: Test Guide\n")
        result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertFalse(site.exists("sitemap.xml"))
        try IncrementalBuildTests.assertSameAsCleanBuild(site, "after removing base_url")
    }
}
