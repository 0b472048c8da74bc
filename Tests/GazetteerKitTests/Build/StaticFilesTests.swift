import Foundation
import XCTest
@testable import GazetteerKit

/// `static/` is published as it is, folders kept, incrementally and with the rest; a file
/// there that would take the place of a page is an error naming both; Markdown links to
/// files of `static/` and of `content/` (a PDF) are published and point at them.
final class StaticFilesTests: XCTestCase {
    private func site(_ extra: [String: String] = [:]) throws -> FixtureSite {
        var files = FixtureSite.good
        files["static/robots.txt"] = "User-agent: *\nAllow: /\n"
        files["static/.well-known/security.txt"] = "Contact: mailto:guide@example.org\n"
        files["static/files/walks.pdf"] = "%PDF-1.4 walks\n"
        for (path, text) in extra { files[path] = text }
        return try FixtureSite(files)
    }

    func testStaticFilesAreCopiedAsTheyAreThenUpdatedAndRemoved() throws {
        let site = try site()
        defer { site.delete() }
        let first = site.build()
        XCTAssertEqual(first.status, 0, first.err)
        XCTAssertEqual(site.read("robots.txt"), "User-agent: *\nAllow: /\n")
        XCTAssertEqual(site.read(".well-known/security.txt"), "Contact: mailto:guide@example.org\n")
        XCTAssertEqual(site.read("files/walks.pdf"), "%PDF-1.4 walks\n")

        // One file changed: copied again, and nothing else done (no stage but writing runs).
        try site.write("static/robots.txt", "User-agent: *\nDisallow: /drafts/\n")
        let changed = site.build(["--timings"])
        XCTAssertEqual(changed.status, 0, changed.err)
        XCTAssertEqual(site.read("robots.txt"), "User-agent: *\nDisallow: /drafts/\n")
        XCTAssertTrue(changed.out.contains("(0 rendered, 1 files written)"), changed.out)
        XCTAssertFalse(changed.out.contains("\nrender"), "only the file was copied: \(changed.out)")
        XCTAssertFalse(changed.out.contains("\nmodel"), "only the file was copied: \(changed.out)")
        // The record it left finds nothing changed next time.
        XCTAssertTrue(site.build().out.contains("(0 rendered, 0 files written)"))

        // One added, one removed (its emptied folder goes with it).
        try site.write("static/CNAME", "guide.example.org\n")
        try site.remove("static/files/walks.pdf")
        let moved = site.build()
        XCTAssertEqual(moved.status, 0, moved.err)
        XCTAssertEqual(site.read("CNAME"), "guide.example.org\n")
        XCTAssertFalse(site.exists("files/walks.pdf"))
        XCTAssertFalse(site.exists("files"))

        // The same as a build from scratch.
        let incremental = site.snapshot()
        try FileManager.default.removeItem(at: site.root.appending(path: ".gazetteer-cache"))
        XCTAssertEqual(site.build(["--force"]).status, 0)
        XCTAssertEqual(site.snapshot(), incremental)
    }

    /// A guide that had no static/ gets one: its files are watched from then on, so that a
    /// change to one is published by the next build.
    func testAFileOfAStaticFolderMadeSinceTheLastBuildIsPublishedWhenChanged() throws {
        let site = try site()
        defer { site.delete() }
        try FileManager.default.removeItem(at: site.root.appending(path: "static"))
        let first = site.build()
        XCTAssertEqual(first.status, 0, first.err)
        try site.write("static/robots.txt", "User-agent: *\n")
        XCTAssertEqual(site.build().status, 0)
        XCTAssertEqual(site.read("robots.txt"), "User-agent: *\n")
        try site.write("static/robots.txt", "User-agent: *\nDisallow: /\n")
        let changed = site.build()
        XCTAssertEqual(changed.status, 0, changed.err)
        XCTAssertEqual(site.read("robots.txt"), "User-agent: *\nDisallow: /\n", "the changed file is published")
    }

    /// A picture of static/ that a page shows is thumbnailed; changed, its thumbnails are made again.
    func testAPictureOfStaticIsThumbnailedAndRemadeWhenChanged() throws {
        let site = try site([
            "static/logo.svg": FixtureSite.flag("#112233"),
            "content/cities/madrid.md": "---\nname: Madrid\ncountry: spain\n---\n\n![The guide's logo](/logo.svg)\n",
        ])
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let before = try XCTUnwrap(site.read("cities/madrid.html"))
        XCTAssertTrue(before.contains("src=\"../images/logo."), before)
        try site.write("static/logo.svg", FixtureSite.flag("#445566"))
        let changed = site.build()
        XCTAssertEqual(changed.status, 0, changed.err)
        XCTAssertNotEqual(site.read("cities/madrid.html"), before, "the page shows the new thumbnail")
        XCTAssertEqual(IncrementalBuildTests.snapshot(site.output), try IncrementalBuildTests.cleanBuild(site))
    }

    func testAStaticFileInThePlaceOfAPageIsAnErrorNamingBoth() throws {
        let site = try site(["static/cities/madrid.html": "<p>mine</p>\n", "static/search/x.json": "{}"])
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains(
            "static/cities/madrid.html:1:1: this file would be published as cities/madrid.html, in the place of the page the build makes there (city \"Madrid\"): rename it or move it to another folder of static/"),
            result.err)
        XCTAssertTrue(result.err.contains("static/search/x.json:1:1: this file would be published as search/x.json, in the place of the folder of the search index"), result.err)
        XCTAssertFalse(site.exists("index.html"))
    }

    func testLinksToStaticAndContentFilesArePublishedAndChecked() throws {
        let site = try site([
            "content/cities/docs/madrid-walks.pdf": "%PDF-1.4 madrid\n",
            "content/cities/madrid.md": """
                ---
                name: Madrid
                country: spain
                ---

                The [walks](docs/madrid-walks.pdf), the [other walks](/files/walks.pdf#page=2) and [robots](../../static/robots.txt).
                """,
        ])
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertFalse(result.err.contains("madrid-walks.pdf"), "a linked file is not unused: \(result.err)")
        let page = try XCTUnwrap(site.read("cities/madrid.html"))
        XCTAssertTrue(page.contains("<a href=\"docs/madrid-walks.pdf\">walks</a>"), page)
        XCTAssertTrue(page.contains("<a href=\"../files/walks.pdf#page=2\">other walks</a>"), page)
        XCTAssertTrue(page.contains("<a href=\"../robots.txt\">robots</a>"), page)
        XCTAssertEqual(site.read("cities/docs/madrid-walks.pdf"), "%PDF-1.4 madrid\n")

        // A linked file changed is copied again; once no page links to it, it goes.
        try site.write("content/cities/docs/madrid-walks.pdf", "%PDF-1.4 madrid, second edition\n")
        XCTAssertEqual(site.build().status, 0)
        XCTAssertEqual(site.read("cities/docs/madrid-walks.pdf"), "%PDF-1.4 madrid, second edition\n")
        try site.write("content/cities/madrid.md", "---\nname: Madrid\ncountry: spain\n---\n\nNo walks.\n")
        let unlinked = site.build()
        XCTAssertEqual(unlinked.status, 0, unlinked.err)
        XCTAssertFalse(site.exists("cities/docs/madrid-walks.pdf"))
        XCTAssertTrue(unlinked.err.contains("content/cities/docs/madrid-walks.pdf:1:1: warning: this file is not used"), unlinked.err)
    }

    func testALinkToAMissingStaticFileIsALocatedError() throws {
        let site = try site([
            "content/cities/madrid.md": "---\nname: Madrid\ncountry: spain\n---\n\nThe [walks](../../static/files/walk.pdf).\n",
        ])
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains(
            "content/cities/madrid.md:6:5: link \"../../static/files/walk.pdf\" does not exist (did you mean \"../../static/files/walks.pdf\"?)"),
            result.err)
    }
}
