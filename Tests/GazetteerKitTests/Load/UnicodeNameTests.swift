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

    /// macOS writes `são.jpg` decomposed (NFD); editors type it composed (NFC). The two look
    /// the same and name the same file, whichever form is on disk and whichever is written,
    /// and what the build writes is named in NFC whatever the source's form.
    func testNamesInEitherUnicodeFormFindTheFile() throws {
        func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
        let (sãoNFD, sãoNFC) = ("sa\u{303}o", "s\u{e3}o")
        let (évoraNFD, évoraNFC) = ("e\u{301}vora", "\u{e9}vora")
        let (álbumNFD, álbumNFC) = ("a\u{301}lbum", "\u{e1}lbum")
        let (toméNFD, toméNFC) = ("s\u{e3}o-tome\u{301}", "s\u{e3}o-tom\u{e9}")
        XCTAssertNotEqual(bytes(sãoNFD), bytes(sãoNFC))
        var files = FixtureSite.good
        // On disk decomposed, written composed: a picture in front matter and in the body, a
        // picture in a folder so named, and a link to a country file so named.
        files["content/cities/pictures/\(sãoNFD).svg"] = FixtureSite.flag("#123456")
        files["content/cities/\(álbumNFD)/bridge.svg"] = FixtureSite.flag("#654321")
        files["content/countries/\(toméNFD).md"] = "---\nname: São Tomé\ncontinent: Africa\niso: ST\n---\n"
        files["content/cities/lisbon.md"] = """
            ---
            name: Lisbon
            country: spain
            picture: pictures/\(sãoNFC).svg
            ---

            ![Tram](pictures/\(sãoNFC).svg) ![Bridge](\(álbumNFC)/bridge.svg) [Islands](../countries/\(toméNFC).md)
            """
        // On disk composed, written decomposed.
        files["content/cities/pictures/\(évoraNFC).svg"] = FixtureSite.flag("#abcdef")
        files["content/cities/evora.md"] = "---\nname: Évora\ncountry: spain\npicture: pictures/\(évoraNFD).svg\n---\n"
        let site = try FixtureSite(files)
        defer { site.delete() }
        let names = try FileManager.default.contentsOfDirectory(atPath: site.root.appending(path: "content/cities/pictures").path)
        XCTAssertTrue(names.contains { bytes($0) == bytes("\(sãoNFD).svg") }, "the file is decomposed on disk")
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.err, "", "no file left unused")

        let images = try FileManager.default.contentsOfDirectory(atPath: site.output.appending(path: "images").path)
        for (nfc, nfd) in [(sãoNFC, sãoNFD), (évoraNFC, évoraNFD)] {
            XCTAssertTrue(images.contains { bytes($0).starts(with: bytes(nfc + ".")) }, "\(nfc) thumbnails: \(images)")
            XCTAssertFalse(images.contains { bytes($0).starts(with: bytes(nfd)) }, "no decomposed name in the output")
        }
        XCTAssertTrue(images.contains { $0.hasPrefix("bridge.") })
        XCTAssertTrue(FileManager.default.fileExists(atPath: site.output.appending(path: "countries/\(toméNFC).html").path),
                      "the page is named in NFC")
        let lisbon = try XCTUnwrap(site.read("cities/lisbon.html"))
        XCTAssertTrue(lisbon.contains(#"href="../countries/s%C3%A3o-tom%C3%A9.html""#), lisbon)
        XCTAssertTrue(lisbon.contains(#"src="../images/s%C3%A3o."#) || lisbon.contains("src=\"../images/\(sãoNFC)."), lisbon)
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
