import Foundation
import XCTest
@testable import GazetteerKit
@testable import Model
@testable import FrontMatter

/// `untranslated: omit` leaves an entry with no translation out of a language: no page, no
/// row, no switcher link or hreflang to it, no sitemap entry; the language's links to it lead
/// to the default language's page, so the build's link check stays green.
final class UntranslatedOmitTests: XCTestCase {
    static func files() -> [String: String] {
        var files = FixtureSite.good
        files["gazetteer.yaml"] = """
            title: Test Guide
            base_url: https://example.org/
            untranslated: omit
            languages:
              - {code: en, name: English}
              - {code: fr, name: Français}
            """
        files["content/countries/japan.fr.md"] = "---\nname: Japon\n---\n"
        files["content/cities/madrid.fr.md"] = "---\nname: Madrid\n---\n\nLa capitale de l'[Espagne](../countries/spain.md#top).\n"
        return files
    }

    func testAnUntranslatedEntryIsLeftOutOfTheLanguageWithoutBrokenLinks() throws {
        let site = try FixtureSite(Self.files())
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 0, "the link check is green: \(result.err)")
        XCTAssertFalse(site.exists("fr/countries/spain.html"), "no French page")
        XCTAssertFalse(site.exists("fr/countries/spain.json"), "no French record")
        XCTAssertTrue(site.exists("fr/countries/japan.html") && site.exists("fr/cities/madrid.html"), "the translated ones are there")
        XCTAssertTrue(site.exists("countries/spain.html"), "the default language has every entry")
        let index = try XCTUnwrap(site.read("fr/index.html"))
        XCTAssertFalse(index.contains("countries/spain.html"), "no row in the French index")
        XCTAssertFalse(try XCTUnwrap(site.read("fr/data/countries.csv")).contains("spain"), "nor in the French data")

        let english = try XCTUnwrap(site.read("countries/spain.html"))
        XCTAssertFalse(english.contains("hreflang=\"fr\""), "no switcher link or hreflang to a missing page: \(english)")
        XCTAssertTrue(try XCTUnwrap(site.read("countries/japan.html")).contains("hreflang=\"fr\""), "a translated entry keeps them")
        let sitemap = try XCTUnwrap(site.read("sitemap.xml"))
        XCTAssertFalse(sitemap.contains("fr/countries/spain.html"), "no sitemap entry")
        XCTAssertTrue(sitemap.contains("<loc>https://example.org/fr/countries/japan.html</loc>"))

        let madrid = try XCTUnwrap(site.read("fr/cities/madrid.html"))
        XCTAssertTrue(madrid.contains("href=\"../../countries/spain.html#top\""), "the body's link leads to the English page: \(madrid)")
        XCTAssertTrue(madrid.contains("<a href=\"../../countries/spain.html\">Spain</a>"), "and the city's country")
        XCTAssertFalse(madrid.contains("class=\"untranslated-banner\" role=\"note\""), "no note: what is shown is translated")
    }

    func testATranslationThatComesOrGoesGivesWhatACleanBuildGives() throws {
        let site = try FixtureSite(Self.files())
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        try site.write("content/countries/spain.fr.md", "---\nname: Espagne\n---\n")
        XCTAssertEqual(site.build().status, 0)
        XCTAssertTrue(site.exists("fr/countries/spain.html"))
        XCTAssertTrue(try XCTUnwrap(site.read("fr/cities/madrid.html")).contains("href=\"../countries/spain.html#top\""),
                      "the French page now: \(site.read("fr/cities/madrid.html") ?? "")")
        try IncrementalBuildTests.assertSameAsCleanBuild(site, "after spain.fr.md came")
        try site.remove("content/countries/spain.fr.md")
        XCTAssertEqual(site.build().status, 0)
        XCTAssertFalse(site.exists("fr/countries/spain.html"))
        try IncrementalBuildTests.assertSameAsCleanBuild(site, "after spain.fr.md went")
        try site.remove("content/cities/madrid.fr.md")
        XCTAssertEqual(site.build().status, 0)
        try IncrementalBuildTests.assertSameAsCleanBuild(site, "after madrid.fr.md went")
    }

    func testRandomEditsWithUntranslatedOmitGiveWhatACleanBuildGives() throws {
        try TranslatedIncrementalTests.randomEdits(settings: TranslatedIncrementalTests.settings + "\nuntranslated: omit\n", seed: 31)
    }

    func testTheSettingIsChecked() throws {
        do {
            _ = try SiteConfig.parse(YAMLParser.parse("untranslated: omitt\n", path: "gazetteer.yaml"))
            XCTFail("omitt is no choice")
        } catch {
            let message = error.diagnostics.map(\.description).joined()
            XCTAssertTrue(message.contains("gazetteer.yaml:1:15: untranslated must be fallback"), message)
            XCTAssertTrue(message.contains("did you mean \"omit\""), message)
        }
        XCTAssertEqual(try SiteConfig.parse(YAMLParser.parse("untranslated: omit\n", path: "gazetteer.yaml")).untranslated, .omit)
        XCTAssertEqual(try SiteConfig.parse(YAMLParser.parse("title: x\n", path: "gazetteer.yaml")).untranslated, .fallback)
    }
}
