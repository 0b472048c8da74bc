import Foundation
import XCTest
@testable import GazetteerKit
import OptionalTools

/// Pages of one's own (`content/pages/<slug>.md`): each becomes `<slug>.html` with the theme's
/// page template, linked from the header's menu (with `menu`) or the footer, found by search,
/// listed in the sitemap and the data files, checked like the countries and cities.
final class FreePagesTests: XCTestCase {
    static func site(_ extra: [String: String] = [:]) throws -> FixtureSite {
        var files = FixtureSite.good
        files["gazetteer.yaml"] = "title: Test Guide\nbase_url: https://guide.example.org/\n"
        files["content/pages/about.md"] = """
            ---
            title: About this guide
            menu: 1
            ---

            Written by walkers, starting from [Madrid](../cities/madrid.md).
            """
        files["content/pages/credits.md"] = "---\ntitle: Credits\n---\n\nThe flags are drawn by hand.\n"
        for (path, text) in extra { files[path] = text }
        return try FixtureSite(files)
    }

    func testAPageIsMadeAndLinkedFromTheMenuOrTheFooter() throws {
        let site = try Self.site()
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        let about = try XCTUnwrap(site.read("about.html"))
        XCTAssertTrue(about.contains("<title>About this guide · Test Guide</title>"), about)
        XCTAssertTrue(about.contains("<h1>About this guide</h1>"), about)
        XCTAssertTrue(about.contains("<a href=\"cities/madrid.html\">Madrid</a>"), about)
        XCTAssertTrue(about.contains("<li><a href=\"about.html\" aria-current=\"page\">About this guide</a></li>"), about)

        let city = try XCTUnwrap(site.read("cities/madrid.html"))
        let header = try XCTUnwrap(city.firstRange(of: "</header>").map { String(city[..<$0.lowerBound]) })
        XCTAssertTrue(header.contains("<li><a href=\"../about.html\">About this guide</a></li>"), header)
        XCTAssertFalse(header.contains("Credits"), "a page without menu is not in the header")
        let footer = try XCTUnwrap(city.firstRange(of: "<footer").map { String(city[$0.lowerBound...]) })
        XCTAssertTrue(footer.contains("<li><a href=\"../credits.html\">Credits</a></li>"), footer)
        XCTAssertFalse(footer.contains("About this guide"), "a page in the menu is not in the footer")

        // In the sitemap and the data files; the search index knows where its pages are.
        let sitemap = try XCTUnwrap(site.read("sitemap.xml"))
        XCTAssertTrue(sitemap.contains("<loc>https://guide.example.org/about.html</loc>"), sitemap)
        XCTAssertTrue(sitemap.contains("<loc>https://guide.example.org/credits.html</loc>"), sitemap)
        let record = try XCTUnwrap(site.read("about.json"))
        XCTAssertTrue(record.contains("\"kind\":\"page\""), record)
        XCTAssertTrue(record.contains("\"menu\":1"), record)
        XCTAssertTrue(record.contains("Written by walkers"), record)
        XCTAssertNotNil(site.read("data/schema/page.json"))
        XCTAssertTrue(about.contains("<link rel=\"alternate\" type=\"application/json\" href=\"about.json\">"), about)
        XCTAssertTrue(try XCTUnwrap(site.read("search/index.js")).contains(#""page":"{slug}.html""#))
    }

    func testATitleChangeReachesEveryPageAndABodyEditOnlyItsOwn() throws {
        let site = try Self.site()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        try site.write("content/pages/credits.md", "---\ntitle: Credits\n---\n\nThe flags are drawn by hand, with care.\n")
        let body = site.build()
        XCTAssertTrue(body.out.contains("(1 rendered") || body.out.contains("(2 rendered"), body.out)
        try site.write("content/pages/credits.md", "---\ntitle: Thanks\n---\n\nThe flags are drawn by hand, with care.\n")
        XCTAssertEqual(site.build().status, 0)
        XCTAssertTrue(try XCTUnwrap(site.read("index.html")).contains("<li><a href=\"credits.html\">Thanks</a></li>"))
        XCTAssertTrue(try XCTUnwrap(site.read("cities/madrid.html")).contains("<li><a href=\"../credits.html\">Thanks</a></li>"))
        XCTAssertEqual(IncrementalBuildTests.snapshot(site.output), try IncrementalBuildTests.cleanBuild(site))
    }

    func testAPageHasTheChecksOfAnEntry() throws {
        let site = try Self.site([
            "content/pages/about.md": "---\ntitel: About\nmenu: first\n---\n\n[Lisbon](../cities/lisbon.md) ![Map](map.png)\n",
        ])
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        for line in [
            "content/pages/about.md:2:1: unknown key \"titel\" (did you mean \"title\"?)",
            "content/pages/about.md:3:7: \"menu\" must be a whole number, not \"first\" (the page's place in the header's menu: menu: 1 comes first; without menu it is linked from the footer)",
            "content/pages/about.md:6:1: link to a missing page \"../cities/lisbon.md\"",
            "content/pages/about.md:6:31: image \"map.png\" does not exist",
        ] {
            XCTAssertTrue(result.err.contains(line), "\(line)\n\(result.err)")
        }
    }

    func testAPageNamedLikeTheFrontPageIsRefused() throws {
        let site = try Self.site(["content/pages/index.md": "---\ntitle: Home\n---\n"])
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains(
            "content/pages/index.md:1:1: this page would be index.html, which is the guide's front page: rename the file (to about.md, for example)"),
            result.err)
    }

    func testADraftPageIsLeftOutOfTheMenuAndTheBuild() throws {
        let site = try Self.site(["content/pages/about.md": "---\ntitle: About this guide\nmenu: 1\ndraft: true\n---\n\nSoon.\n"])
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        XCTAssertFalse(site.exists("about.html"))
        XCTAssertFalse(try XCTUnwrap(site.read("index.html")).contains("about.html"))
        XCTAssertFalse(try XCTUnwrap(site.read("sitemap.xml")).contains("about.html"))
    }

    func testAReaderFindsAPageBySearch() throws {
        try requireChromium()
        let site = try Self.site()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let found = try SearchBrowserTests.search("walkers", from: "cities/madrid.html", in: site, choose: 1)
        XCTAssertEqual(found["names"], "About this guide")
        XCTAssertTrue(found["path"]?.hasSuffix("about.html") == true, "\(found)")
    }
}
