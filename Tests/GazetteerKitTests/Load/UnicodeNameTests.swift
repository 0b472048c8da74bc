import Foundation
import XCTest
@testable import GazetteerKit
@testable import Load
import OptionalTools

/// Names in any script: slugs keep their letters (NFC, lower case), links are percent-encoded
/// UTF-8, and pages open from disk and from a server. A file name with no letter at all is an
/// error naming the file.
final class UnicodeNameTests: XCTestCase {
    func testSlugsKeepLettersOfAnyScript() {
        XCTAssertEqual(Slug.make("Côte d'Ivoire"), "côte-d-ivoire")
        XCTAssertEqual(Slug.make("Co\u{302}te d'Ivoire"), "côte-d-ivoire", "decomposed input is composed first")
        XCTAssertEqual(Slug.make("大阪"), "大阪")
        XCTAssertEqual(Slug.make("Ελλάδα"), "ελλάδα")
        XCTAssertEqual(Slug.make("São Paulo"), "são-paulo")
        XCTAssertEqual(Slug.make("नई दिल्ली"), "नई-दिल्ली", "combining vowel signs stay in their word")
        XCTAssertEqual(Slug.make("Côte d'Ivoire", ascii: true), "cote-d-ivoire")
        XCTAssertEqual(Slug.make("!!! ???"), "")
    }

    /// The fixture guide with a Greek country and a Japanese and a Portuguese city, built.
    private func unicodeSite() throws -> FixtureSite {
        var files = FixtureSite.good
        files["content/countries/ελλάδα.md"] = "---\nname: Ελλάδα\ncapital: Αθήνα\ncontinent: Europe\n---\n"
        files["content/cities/大阪.md"] = "---\nname: 大阪\ncountry: japan\n---\n\nSee [Greece](../countries/ελλάδα.md).\n"
        files["content/cities/São Paulo.md"] = "---\nname: São Paulo\ncountry: spain\n---\n"
        let site = try FixtureSite(files)
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        return site
    }

    func testUnicodeFilesBuildPagesWithEncodedLinksThatResolve() throws {
        let site = try unicodeSite()
        defer { site.delete() }
        for page in ["countries/ελλάδα.html", "cities/大阪.html", "cities/são-paulo.html"] {
            XCTAssertTrue(site.exists(page), page)
        }
        let list = try XCTUnwrap(site.read("cities/index.html"))
        XCTAssertTrue(list.contains(#"href="%E5%A4%A7%E9%98%AA.html""#), list)
        XCTAssertTrue(list.contains(#"href="s%C3%A3o-paulo.html""#), list)
        let osaka = try XCTUnwrap(site.read("cities/大阪.html"))
        XCTAssertTrue(osaka.contains(#"href="../countries/%CE%B5%CE%BB%CE%BB%CE%AC%CE%B4%CE%B1.html""#), osaka)

        // Served: the encoded address finds the file.
        let server = PreviewServer(root: site.output, injectReloadScript: false, idleTimeout: .seconds(5))
        let port = try server.start()
        defer { server.stop() }
        let served = try RawHTTPClient.get("/cities/%E5%A4%A7%E9%98%AA.html", port: port)
        XCTAssertEqual(served.status, 200)
        XCTAssertTrue(served.text.contains("<h1>大阪</h1>"), served.text)
    }

    /// From disk, in a browser: the encoded link from the list opens the page.
    func testAnEncodedLinkOpensItsPageFromDiskInABrowser() throws {
        try requireChromium()
        let site = try unicodeSite()
        defer { site.delete() }
        try Data("""
            <!doctype html><iframe id="f" src="cities/%E5%A4%A7%E9%98%AA.html"></iframe><script>
            document.getElementById('f').onload = function () {
              document.body.setAttribute('data-title', this.contentDocument.querySelector('h1').textContent);
            };</script>
            """.utf8).write(to: site.output.appending(path: "probe.html"))
        let dom = try HeadlessChromium.dom(of: site.output.appending(path: "probe.html"))
        XCTAssertTrue(dom.contains(#"data-title="大阪""#), dom)
    }

    func testAFileNameWithoutLettersIsAnErrorNamingTheFile() throws {
        var files = FixtureSite.good
        files["content/cities/!!!.md"] = "---\nname: Nowhere\ncountry: spain\n---\n"
        let site = try FixtureSite(files)
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains("content/cities/!!!.md:1:1: this file's name has no letter or digit"), result.err)
    }

    /// A city called `index.md` or `page-2.md` would take the place of a City Guide page: an
    /// error naming both, not a page that silently replaces the other. A country may be called
    /// so (its list pages live in a folder of its own), and so may `page-two.md`.
    func testACityFileNamedLikeACityGuidePageIsAnError() throws {
        var files = FixtureSite.good
        files["content/cities/index.md"] = "---\nname: Index\ncountry: spain\n---\n"
        files["content/cities/page-2.md"] = "---\nname: Page\ncountry: spain\n---\n"
        files["content/cities/page-two.md"] = "---\nname: Page Two\ncountry: spain\n---\n"
        files["content/countries/index.md"] = "---\nname: Indexland\n---\n"
        let site = try FixtureSite(files)
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains("content/cities/index.md:1:1: this file's page would be cities/index.html, which is the City Guide's first page: rename the file (to index-city.md, for example)"), result.err)
        XCTAssertTrue(result.err.contains("content/cities/page-2.md:1:1: this file's page would be cities/page-2.html"), result.err)
        XCTAssertFalse(result.err.contains("page-two.md"), result.err)
        XCTAssertFalse(result.err.contains("countries/index.md"), result.err)
    }

    func testNewMakesSlugsFromAnyNameAndASCIIWhenAsked() throws {
        let site = try FixtureSite(["content/countries/japan.md": "---\nname: Japan\n---\n"])
        defer { site.delete() }
        XCTAssertEqual(site.run(["new", "country", "日本", "--source", site.root.path]).out, "Created content/countries/日本.md\n")
        XCTAssertEqual(site.run(["new", "country", "Ελλάδα", "--source", site.root.path]).out, "Created content/countries/ελλάδα.md\n")
        XCTAssertEqual(site.run(["new", "country", "Côte d'Ivoire", "--ascii-slug", "--source", site.root.path]).out,
                       "Created content/countries/cote-d-ivoire.md\n")
        XCTAssertEqual(site.run(["new", "city", "大阪", "--country", "日本", "--source", site.root.path]).out,
                       "Created content/cities/大阪.md\n")
        XCTAssertEqual(site.run(["new", "country", "???", "--source", site.root.path]).status, 1)
    }
}
