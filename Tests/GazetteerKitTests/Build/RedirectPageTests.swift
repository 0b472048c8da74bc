import Foundation
import XCTest
@testable import GazetteerKit

/// `redirect_from: [old-slug]`: the old address of a renamed country or city sends readers on
/// to its page, from disk or any sub-path, and is left out of the sitemap.
final class RedirectPageTests: XCTestCase {
    private let madrid = """
        ---
        name: Madrid
        country: spain
        redirect_from: [madrid-old, mardid]
        ---

        The capital.
        """

    func testOldAddressesSendReadersToTheNewPage() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        try site.write("gazetteer.yaml", "title: T\nbase_url: https://example.org/guide/\n")
        try site.write("content/cities/madrid.md", madrid)
        try site.write("content/countries/spain.md", """
            ---
            name: Spain
            continent: Europe
            redirect_from: españa
            ---
            """)
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        for old in ["cities/madrid-old.html", "cities/mardid.html"] {
            let html = try XCTUnwrap(site.read(old), "\(old) is missing")
            XCTAssertTrue(html.contains(#"<meta http-equiv="refresh" content="0; url=madrid.html">"#), html)
            XCTAssertTrue(html.contains(#"<a href="madrid.html">Madrid</a>"#), html)
            XCTAssertTrue(html.contains(#"<link rel="canonical" href="https://example.org/guide/cities/madrid.html">"#), html)
            XCTAssertTrue(html.contains(#"<meta name="robots" content="noindex">"#), html)
            XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"), html)
        }
        let spain = try XCTUnwrap(site.read("countries/españa.html"))
        XCTAssertTrue(spain.contains(#"url=spain.html""#), spain)
        let sitemap = try XCTUnwrap(site.read("sitemap.xml"))
        XCTAssertTrue(sitemap.contains("cities/madrid.html"))
        XCTAssertFalse(sitemap.contains("madrid-old"), sitemap)
        XCTAssertFalse(sitemap.contains("espa"), sitemap)
        // The page it names is there, and it is the city's own.
        XCTAssertTrue(site.read("cities/madrid.html")?.contains("The capital.") == true)
    }

    func testAnOldNameThatIsAnotherEntrysNameIsAnError() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        try site.write("content/cities/madrid.md", "---\nname: Madrid\ncountry: spain\nredirect_from: [osaka]\n---\n")
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains(
            "content/cities/madrid.md:4:17: the old name \"osaka\" is the name of a city of the guide (content/cities/osaka.md), "
                + "whose page is at cities/osaka.html"), result.err)
    }

    func testAnOldNameGivenByTwoEntriesIsAnError() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        try site.write("content/cities/madrid.md", "---\nname: Madrid\ncountry: spain\nredirect_from: [capital]\n---\n")
        try site.write("content/cities/osaka.md", "---\nname: Osaka\ncountry: japan\nredirect_from:\n  - capital\n---\n")
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains(
            "content/cities/osaka.md:5:5: the old name \"capital\" can send readers to one page only: "
                + "content/cities/madrid.md gives it too (line 4)"), result.err)
    }

    func testAnOldNameThatIsNoFileNameIsAnError() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        try site.write("content/cities/madrid.md", "---\nname: Madrid\ncountry: spain\nredirect_from: [Old Madrid, page-2, \"../x\", \"!!\"]\n---\n")
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        for expected in [
            "content/cities/madrid.md:4:17: \"Old Madrid\" is not a file name as the guide makes them: write it without \".md\", in lower case, words joined by hyphens (\"old-madrid\")",
            "content/cities/madrid.md:4:29: the old address cities/page-2.html is the name of a page of the City Guide",
            "content/cities/madrid.md:4:37: \"../x\" is not a file name as the guide makes them",
            "content/cities/madrid.md:4:45: \"!!\" is not a file name: an old name in \"redirect_from\" has letters or digits",
        ] {
            XCTAssertTrue(result.err.contains(expected), "\(expected)\n\(result.err)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.output.appending(path: "cities/madrid.html").path))
    }

    func testAddingAndRemovingOldNamesGivesWhatACleanBuildGives() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        try site.write("gazetteer.yaml", "title: T\nbase_url: https://example.org/\n")
        XCTAssertEqual(site.build().status, 0)
        let steps: [(String, () throws -> Void)] = [
            ("old names added", { try site.write("content/cities/madrid.md", self.madrid) }),
            ("a country's old name", {
                try site.write("content/countries/japan.md", "---\nname: Japan\ncontinent: Asia\nredirect_from: [nippon]\n---\n")
            }),
            ("the city renamed", {
                try site.write("content/cities/madrid.md", self.madrid.replacingOccurrences(of: "name: Madrid", with: "name: Madrid City"))
            }),
            ("the file renamed, its old name kept", {
                try site.remove("content/cities/madrid.md")
                try site.write("content/cities/madrid-new.md", self.madrid.replacingOccurrences(of: "[madrid-old, mardid]", with: "[madrid-old, mardid, madrid]"))
                try site.write("content/countries/spain.md", "---\nname: Spain\ncontinent: Europe\n---\n\nSee [Madrid](../cities/madrid-new.md).\n")
            }),
            ("an old name taken out", {
                try site.write("content/cities/madrid-new.md", self.madrid.replacingOccurrences(of: "[madrid-old, mardid]", with: "[madrid]"))
            }),
            ("old names gone", {
                try site.write("content/countries/japan.md", "---\nname: Japan\ncontinent: Asia\n---\n")
                try site.write("content/cities/madrid-new.md", "---\nname: Madrid\ncountry: spain\n---\n")
            }),
        ]
        for (did, step) in steps {
            try step()
            let result = site.build()
            XCTAssertEqual(result.status, 0, "\(did): \(result.err)")
            try IncrementalBuildTests.assertSameAsCleanBuild(site, did)
        }
        XCTAssertFalse(site.exists("cities/madrid-old.html"))
        XCTAssertFalse(site.exists("countries/nippon.html"))
    }
}
