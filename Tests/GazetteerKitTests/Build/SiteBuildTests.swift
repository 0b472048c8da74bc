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

/// Whole-site builds of fixture guides, good and broken, asserting on the output a user gets.
final class SiteBuildTests: XCTestCase {
    func testGoodSiteHasEveryPageAndEveryLinkResolves() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("Built 12 pages and 16 data files"), result.out)
        for page in ["index.html", "countries/spain.html", "countries/japan.html", "countries/turkey.html",
                     "cities/index.html", "cities/madrid.html", "cities/osaka.html", "flags/index.html", "404.html",
                     "continents/index.html", "continents/asia.html", "continents/europe.html"] {
            XCTAssertTrue(site.exists(page), "\(page) is missing")
        }
        XCTAssertFalse(site.exists("sitemap.xml"), "no base_url, so no sitemap")
        let files = site.snapshot()
        let names = Set(files.keys)
        for (path, data) in files where path.hasSuffix(".html") {
            let html = String(decoding: data, as: UTF8.self)
            XCTAssertEqual(HTMLLinks.broken(in: html, page: path, files: names), [], "broken links in \(path)")
        }
    }

    func testEveryImageHasTheSizeItsTagPromises() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let files = site.snapshot()
        var checked = 0
        for (path, data) in files where path.hasSuffix(".html") {
            for img in HTMLLinks.images(in: String(decoding: data, as: UTF8.self)) {
                XCTAssertNotNil(img["alt"], "an image without alt text in \(path)")
                let src = try XCTUnwrap(img["src"]).replacingOccurrences(of: "../", with: "")
                guard src.hasSuffix(".png"), let size = files[src].flatMap(HTMLLinks.pngSize) else { continue }
                XCTAssertEqual(String(size.width), img["width"], "\(src) in \(path)")
                XCTAssertEqual(String(size.height), img["height"], "\(src) in \(path)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 5)
    }

    func testMarkdownLinksBecomePageLinks() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        XCTAssertTrue(site.read("countries/spain.html")!.contains("href=\"../cities/madrid.html\""))
        XCTAssertTrue(site.read("cities/madrid.html")!.contains("href=\"../countries/spain.html#top\""))
    }

    func testGalleryHasSectionsInOrderAndTwoContinentCountriesInBoth() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let html = try XCTUnwrap(site.read("flags/index.html"))
        let asian = try XCTUnwrap(html.range(of: "Asian Flags"))
        let european = try XCTUnwrap(html.range(of: "European Flags"))
        XCTAssertLessThan(asian.lowerBound, european.lowerBound)
        XCTAssertFalse(html.contains("African Flags"), "empty sections are left out")
        XCTAssertEqual(html.components(separatedBy: "countries/turkey.html").count - 1, 2)
    }

    func testCityWithoutPictureShowsThePlaceholder() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let html = try XCTUnwrap(site.read("cities/osaka.html"))
        XCTAssertTrue(html.contains("placeholder-city."), "the placeholder picture is used")
    }

    /// Two cities showing the same picture share its thumbnails, named after the picture: a
    /// guide that uses one photo for many places makes its thumbnails once.
    func testCitiesSharingAPictureShareItsThumbnails() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        let alone = site.build(["--output", site.root.appending(path: "alone").path, "--cache", site.root.appending(path: "cache1").path])
        let made = try XCTUnwrap(alone.out.firstMatch(of: /(\d+) thumbnails made/).map { Int($0.1)! })
        XCTAssertGreaterThan(made, 0)
        try site.write("content/cities/toledo.md", "---\nname: Toledo\ncountry: spain\npicture: pictures/madrid.svg\n---\n")
        let shared = site.build(["--output", site.root.appending(path: "shared").path, "--cache", site.root.appending(path: "cache2").path])
        XCTAssertEqual(shared.status, 0, shared.err)
        XCTAssertTrue(shared.out.contains("\(made) thumbnails made"), "no more thumbnails than without Toledo: \(shared.out)")
        let toledo = try String(contentsOf: site.root.appending(path: "shared/cities/toledo.html"), encoding: .utf8)
        let madrid = try String(contentsOf: site.root.appending(path: "shared/cities/madrid.html"), encoding: .utf8)
        let names = { (html: String) in Set(html.matches(of: /images\/(madrid\.[0-9a-f]{8}\.\w+)/).map { String($0.1) }) }
        XCTAssertFalse(names(toledo).isEmpty, "Toledo shows thumbnails named after the picture")
        XCTAssertTrue(names(toledo).isSubset(of: names(madrid).union(names(toledo))))
        XCTAssertFalse(names(toledo).isDisjoint(with: names(madrid)), "the same files on both pages")
    }

    func testTwoBuildsAreByteIdentical() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        // Two builds from scratch, each with its own output and cache folder.
        var outputs: [[String: Data]] = []
        for name in ["first", "second"] {
            let folder = site.root.appending(path: ".builds/\(name)")
            let result = site.build(["--output", folder.appending(path: "site").path, "--cache", folder.appending(path: "cache").path])
            XCTAssertEqual(result.status, 0, result.err)
            // 32 thumbnails: those the pages show, and the flags of the countries without cities,
            // which only their search records show.
            XCTAssertTrue(result.out.contains("(28 rendered, 84 files written), 32 thumbnails made"), result.out)
            outputs.append(IncrementalBuildTests.snapshot(folder.appending(path: "site")))
        }
        XCTAssertFalse(outputs[0].isEmpty)
        XCTAssertEqual(Set(outputs[0].keys), Set(outputs[1].keys))
        for (path, data) in outputs[0] { XCTAssertEqual(outputs[1][path], data, path) }
    }

    func testDeletedContentLeavesNoStalePage() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        XCTAssertTrue(site.exists("cities/osaka.html"))
        try site.remove("content/cities/osaka.md")
        XCTAssertEqual(site.build().status, 0)
        XCTAssertFalse(site.exists("cities/osaka.html"))
        XCTAssertFalse(site.read("cities/index.html")!.contains("Osaka"))
    }

    func testBrokenSiteReportsEveryErrorLocatedAndKeepsThePreviousOutput() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let before = site.snapshot()
        try site.write("content/cities/madrid.md", """
            ---
            name: Madrid
            country: spian
            ---
            """)
        try site.write("content/cities/nameless.md", """
            ---
            country: japan
            ---
            """)
        try site.write("content/countries/japan.md", """
            ---
            name: Japan
            name: Nippon
            continent: Asai
            ---
            """)
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains("content/cities/madrid.md:3:10: unknown country \"spian\" (did you mean \"spain\"?)"), result.err)
        XCTAssertTrue(result.err.contains("content/cities/nameless.md:"), result.err)
        XCTAssertTrue(result.err.contains("missing required field \"name\""), result.err)
        XCTAssertTrue(result.err.contains("content/countries/japan.md:3:1:"), result.err)
        XCTAssertEqual(site.snapshot(), before, "a failed build leaves the previous site as it was")
    }

    func testBrokenContentLinkIsAnError() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        try site.write("content/countries/japan.md", """
            ---
            name: Japan
            ---

            See [Osaka](../cities/osaka.md) and [Kyoto](../cities/kyoto.md).
            """)
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains("content/countries/japan.md:5:"), result.err)
        XCTAssertTrue(result.err.contains("kyoto.md"), result.err)
        XCTAssertFalse(result.err.contains("osaka.md\""), result.err)
    }

    func testPathsMayNotLeaveTheSiteFolder() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        try site.write("content/countries/japan.md", """
            ---
            name: Japan
            flag: ../../../../../../etc/passwd
            ---
            """)
        try FileManager.default.createSymbolicLink(
            atPath: site.root.appending(path: "content/countries/flags/link.svg").path, withDestinationPath: "/etc/hostname")
        try site.write("content/countries/spain.md", """
            ---
            name: Spain
            flag: flags/link.svg
            ---
            """)
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains("content/countries/japan.md:3:7: flag \"../../../../../../etc/passwd\" is outside the site folder"), result.err)
        XCTAssertTrue(result.err.contains("content/countries/spain.md:3:7: flag \"flags/link.svg\" is outside the site folder"), result.err)
    }

    func testBrokenImageIsAnErrorNamingTheFile() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        try site.write("content/countries/flags/japan.svg", "this is not an image")
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains("content/countries/japan.md:5:7: image \"flags/japan.svg\" is not a well-formed SVG drawing"),
                      result.err)
    }

    func testFrontMatterIsEscapedAndRawHTMLDropped() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        try site.write("content/countries/japan.md", """
            ---
            name: "<script>alert(1)</script>"
            capital: Tokyo
            ---

            <b>bold</b> and [x](javascript:alert(1))
            """)
        XCTAssertEqual(site.build().status, 0)
        let html = try XCTUnwrap(site.read("countries/japan.html"))
        XCTAssertFalse(html.contains("<script>alert"))
        XCTAssertTrue(html.contains("&lt;script&gt;"))
        XCTAssertFalse(html.contains("<b>bold</b>"))
        XCTAssertFalse(html.contains("javascript:"))
    }

    func testSitemapWhenBaseURLIsSet() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        try site.write("gazetteer.yaml", "title: T\nbase_url: https://example.org/guide\n")
        XCTAssertEqual(site.build().status, 0)
        let xml = try XCTUnwrap(site.read("sitemap.xml"))
        XCTAssertTrue(xml.contains("<loc>https://example.org/guide/countries/spain.html</loc>"))
        XCTAssertFalse(xml.contains("404.html"))
    }

    func testUnknownSettingIsAnError() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        try site.write("gazetteer.yaml", "title: T\ntitel: x\n")
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains(
            "gazetteer.yaml:2:1: unknown setting \"titel\" (it looks like a misspelling of \"title\", which is set on line 1: remove one of them)"),
            result.err)
    }

    func testRefusesToWriteOverTheSource() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        for output in [site.root.path, site.root.appending(path: "content").path,
                       site.root.appending(path: "content/out").path] {
            let result = site.build(["--output", output])
            XCTAssertEqual(result.status, 1, output)
            XCTAssertTrue(result.err.contains("refusing"), result.err)
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: site.root.appending(path: "content/countries/spain.md").path))
    }
}
