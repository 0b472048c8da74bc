import Foundation
import XCTest
@testable import GazetteerKit

/// `draft: true` keeps an entry out of `gazetteer build` (a link to it from a published page
/// is a located error); `--drafts` builds it with a banner, `serve` shows it so, and
/// `gazetteer check` lists the drafts it left out.
final class DraftTests: XCTestCase {
    private func site(_ extra: [String: String] = [:]) throws -> FixtureSite {
        var files = FixtureSite.good
        files["content/cities/toledo.md"] = "---\nname: Toledo\ncountry: spain\ndraft: true\n---\n\nNot written yet.\n"
        for (path, text) in extra { files[path] = text }
        return try FixtureSite(files)
    }

    func testADraftIsLeftOutOfTheBuildAndItsListsAndDataFiles() throws {
        let site = try site()
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertFalse(site.exists("cities/toledo.html"))
        XCTAssertTrue(site.exists("cities/madrid.html"))
        XCTAssertFalse(try XCTUnwrap(site.read("cities/index.html")).contains("Toledo"))
        XCTAssertFalse(try XCTUnwrap(site.read("countries/spain.html")).contains("Toledo"))
        for (path, text) in site.snapshot() where path.hasSuffix(".json") || path.hasSuffix(".xml") || path.hasSuffix(".csv") {
            XCTAssertFalse(String(decoding: text, as: UTF8.self).contains("toledo"), path)
        }

        // Published: its page comes; a draft again: it goes, as a build from scratch would have it.
        try site.write("content/cities/toledo.md", "---\nname: Toledo\ncountry: spain\n---\n\nWritten.\n")
        XCTAssertEqual(site.build().status, 0)
        XCTAssertTrue(site.exists("cities/toledo.html"))
        try site.write("content/cities/toledo.md", "---\nname: Toledo\ncountry: spain\ndraft: true\n---\n\nNot yet.\n")
        let again = site.build()
        XCTAssertEqual(again.status, 0, again.err)
        XCTAssertFalse(site.exists("cities/toledo.html"))
        let incremental = site.snapshot()
        try FileManager.default.removeItem(at: site.root.appending(path: ".gazetteer-cache"))
        XCTAssertEqual(site.build(["--force"]).status, 0)
        XCTAssertEqual(site.snapshot().keys.sorted(), incremental.keys.sorted())
        XCTAssertEqual(site.snapshot(), incremental)
    }

    func testALinkToADraftIsALocatedError() throws {
        let site = try site([
            "content/cities/madrid.md": "---\nname: Madrid\ncountry: spain\n---\n\nA day trip to [Toledo](toledo.md).\n",
            "content/countries/portugal.md": "---\nname: Portugal\ncontinent: Europe\ndraft: true\n---\n",
            "content/cities/porto.md": "---\nname: Porto\ncountry: portugal\n---\n",
        ])
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains(
            "content/cities/madrid.md:6:15: link to a draft page \"content/cities/toledo.md\" (draft: true in it): it is not published, so the link would be broken; remove the link or publish Toledo (build with --drafts to see it)"),
            result.err)
        XCTAssertTrue(result.err.contains(
            "content/cities/porto.md:3:10: this city's country \"portugal\" is a draft (draft: true in content/countries/portugal.md), so it is not published: publish the country, or make this city a draft too"),
            result.err)
        // With --drafts, all is published.
        XCTAssertEqual(site.build(["--drafts"]).status, 0)
    }

    func testDraftsBuildsThemWithABanner() throws {
        let site = try site()
        defer { site.delete() }
        let result = site.build(["--drafts"])
        XCTAssertEqual(result.status, 0, result.err)
        let page = try XCTUnwrap(site.read("cities/toledo.html"))
        XCTAssertTrue(page.contains("<p class=\"draft-banner\" role=\"note\"><strong>Draft</strong>"), page)
        XCTAssertFalse(try XCTUnwrap(site.read("cities/madrid.html")).contains("draft-banner"))
        // A build without --drafts after one with them (or after serve) takes the draft out,
        // though no file changed; and puts it back with --drafts again.
        XCTAssertEqual(site.build().status, 0)
        XCTAssertFalse(site.exists("cities/toledo.html"))
        XCTAssertEqual(site.build(["--drafts"]).status, 0)
        XCTAssertTrue(site.exists("cities/toledo.html"))
    }

    func testAValueThatIsNotTrueOrFalseIsALocatedError() throws {
        let site = try site(["content/cities/toledo.md": "---\nname: Toledo\ncountry: spain\ndraft: yes\n---\n"])
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains(
            "content/cities/toledo.md:4:8: \"draft\" must be true or false, not \"yes\" (draft: true keeps the page out of `gazetteer build` until you remove it)"),
            result.err)
    }

    func testCheckListsTheDrafts() throws {
        let site = try site()
        defer { site.delete() }
        let result = site.run(["check", "--source", site.root.path])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("1 draft not published (draft: true; --drafts builds them):\n  content/cities/toledo.md\n"), result.out)
    }

    func testServeShowsDraftsWithTheBanner() throws {
        let site = try site()
        defer { site.delete() }
        let box = OutputBox()
        let session = ServeSession(
            options: BuildOptions(source: site.root), port: 0,
            output: TextOutput(print: { box.append(out: $0) }, error: { box.append(err: $0) }))
        let port = try session.start()
        defer { session.stop() }
        let page = try RawHTTPClient.get("/cities/toledo.html", port: port)
        XCTAssertEqual(page.status, 200, box.err)
        XCTAssertTrue(page.text.contains("class=\"draft-banner\""), page.text)
    }
}
