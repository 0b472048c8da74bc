import Foundation
import XCTest
@testable import GazetteerKit
@testable import Load
@testable import Model
@testable import FrontMatter

/// A guide in several languages: translations paired with their entries by file name, what
/// a translation leaves out taken from its entry, each language's pages in its folder with
/// a switcher and hreflang alternates that resolve, its own collation and direction.
final class SeveralLanguagesTests: XCTestCase {
    static let settings = """
        title: Test Guide
        base_url: https://example.org/guide/
        languages:
          - {code: en, name: English}
          - {code: fr, name: Français, title: Guide d'essai}
          - {code: ar, name: العربية}
        """

    static func files() -> [String: String] {
        var files = FixtureSite.good
        files["gazetteer.yaml"] = settings
        files["content/countries/spain.fr.md"] = """
            ---
            name: Espagne
            capital: Madrid
            ---

            La capitale de l'Espagne est [Madrid](../cities/madrid.md).
            """
        files["content/countries/japan.fr.md"] = "---\nname: Japon\n---\n"
        return files
    }

    func testTranslationsArePairedByFileNameAndFallBackToTheirEntry() throws {
        let site = try FixtureSite(Self.files())
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        let spain = try XCTUnwrap(site.read("fr/countries/spain.html"))
        XCTAssertTrue(spain.contains("<html lang=\"fr\" dir=\"ltr\">"), spain)
        XCTAssertTrue(spain.contains("Espagne"), "the translated name")
        XCTAssertTrue(spain.contains("Plus Ultra"), "the motto, left out of the translation, is the entry's")
        XCTAssertTrue(spain.contains("La capitale de l’Espagne est <a href=\"../cities/madrid.html\">"),
                      "the translated body, its link to the city in French: \(spain)")
        XCTAssertTrue(spain.contains("src=\"../../images/"), "thumbnails are shared, from the site's root")
        XCTAssertFalse(spain.contains("untranslated-banner\" role"), "translated: no note")
        let japan = try XCTUnwrap(site.read("fr/countries/japan.html"))
        XCTAssertTrue(japan.contains("Japon"))
        XCTAssertTrue(japan.contains("An island country."), "a translation without a body shows its entry's")
        let turkey = try XCTUnwrap(site.read("fr/countries/turkey.html"))
        XCTAssertTrue(turkey.contains("class=\"untranslated-banner\" role=\"note\""), "no translation: the note says so")
        XCTAssertNil(site.read("countries/spain-fr.html"), "france.fr.md is no entry of its own")
        XCTAssertEqual(site.read("countries/spain.html")?.contains("Espagne"), false, "English stays English")
        XCTAssertTrue(try XCTUnwrap(site.read("ar/index.html")).contains("<html lang=\"ar\" dir=\"rtl\">"), "Arabic is right to left")
        XCTAssertTrue(try XCTUnwrap(site.read("fr/index.html")).contains("Guide d"), "the language's own title")
    }

    func testSwitcherAndAlternatesAreReciprocalAndResolveFromDisk() throws {
        let site = try FixtureSite(Self.files())
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let versions = ["en": "countries/spain.html", "fr": "fr/countries/spain.html", "ar": "ar/countries/spain.html"]
        for (_, path) in versions {
            let page = try XCTUnwrap(site.read(path), path)
            for (code, other) in versions {
                XCTAssertTrue(page.contains("<link rel=\"alternate\" hreflang=\"\(code)\" href=\"https://example.org/guide/\(other)\">"),
                              "\(path) lists its \(code) version (itself included)")
                let link = PagePath.relative(from: path, to: other)
                XCTAssertTrue(page.contains("<a href=\"\(link)\" hreflang=\"\(code)\""), "\(path) switches to \(other)")
                XCTAssertTrue(site.exists(other))
            }
            XCTAssertTrue(page.contains("hreflang=\"x-default\" href=\"https://example.org/guide/countries/spain.html\""))
        }
        let sitemap = try XCTUnwrap(site.read("sitemap.xml"))
        XCTAssertTrue(sitemap.contains("<loc>https://example.org/guide/fr/countries/spain.html</loc>"))
        XCTAssertTrue(sitemap.contains("<xhtml:link rel=\"alternate\" hreflang=\"ar\" href=\"https://example.org/guide/ar/countries/spain.html\"/>"))
    }

    func testAnOrphanTranslationAndAnUnknownLanguageAreLocated() throws {
        var files = Self.files()
        files["content/countries/spian.fr.md"] = "---\nname: Espagne\n---\n"
        files["content/countries/japan.de.md"] = "---\nname: Japan\n---\n"
        let site = try FixtureSite(files)
        defer { site.delete() }
        let result = site.build()
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.err.contains("content/countries/spian.fr.md:1:1: this is a translation of content/countries/spian.md, which does not exist"), result.err)
        XCTAssertTrue(result.err.contains("did you mean spain.fr.md"), result.err)
        XCTAssertTrue(result.err.contains("content/countries/japan.de.md:1:1: this file's name says it is a translation into \"de\", which is not a language of the guide: the guide's other languages are fr, ar"), result.err)
    }

    func testSettingsAreChecked() throws {
        func problems(_ yaml: String) -> [String] {
            do {
                _ = try SiteConfig.parse(YAMLParser.parse(yaml, path: "gazetteer.yaml"))
                return []
            } catch { return error.diagnostics.map(\.description) }
        }
        XCTAssertEqual(problems("languages:\n  - {code: en, name: English}\n  - {code: fr, name: Français}\n"), [])
        XCTAssertTrue(problems("languages:\n  - {code: en, name: English}\n  - {code: f_r, name: X}\n").first?.contains("gazetteer.yaml:3:") == true)
        XCTAssertTrue(problems("languages:\n  - {code: en, name: English}\n  - {code: EN, name: X}\n").first?.contains("listed twice") == true)
        XCTAssertTrue(problems("language: de\nlanguages:\n  - {code: en, name: English}\n").first?.contains("contradicts languages:") == true)
        XCTAssertEqual(problems("language: en\nlanguages:\n  - {code: en, name: English}\n"), [], "language: may say the default again")
        XCTAssertTrue(LanguageSetting.isWellFormed("pt-BR") && LanguageSetting.isWellFormed("zh-Hant-TW") && LanguageSetting.isWellFormed("de-CH-1996"))
        XCTAssertFalse(LanguageSetting.isWellFormed("fr_FR") || LanguageSetting.isWellFormed("e") || LanguageSetting.isWellFormed("en-"))
        XCTAssertTrue(LanguageSetting.isRightToLeft("ar") && LanguageSetting.isRightToLeft("he") && LanguageSetting.isRightToLeft("fa")
                      && LanguageSetting.isRightToLeft("ur") && LanguageSetting.isRightToLeft("az-Arab"))
        XCTAssertFalse(LanguageSetting.isRightToLeft("fr") || LanguageSetting.isRightToLeft("az-Latn"))
    }

    func testFileNamesSayTheLanguage() {
        XCTAssertEqual(ContentKind.language(ofPath: "content/countries/france.fr.md"), "fr")
        XCTAssertEqual(ContentKind.language(ofPath: "content/cities/porto.pt-BR.md"), "pt-BR")
        XCTAssertNil(ContentKind.language(ofPath: "content/countries/france.md"))
        XCTAssertNil(ContentKind.language(ofPath: "content/cities/st.lucia.md"))
        XCTAssertEqual(ContentKind.slug(ofPath: "content/countries/france.fr.md"), "france")
        XCTAssertEqual(ContentKind.untranslated("content/countries/france.fr.md"), "content/countries/france.md")
        // Codes of two or three letters, then subtags of two to eight letters or digits.
        XCTAssertEqual(ContentKind.language(ofPath: "content/cities/wien.DE-at.md"), "DE-at")
        XCTAssertEqual(ContentKind.language(ofPath: "content/cities/beijing.zh-Hans-CN.md"), "zh-Hans-CN")
        XCTAssertNil(ContentKind.language(ofPath: "content/cities/a.f1.md"))
        XCTAssertNil(ContentKind.language(ofPath: "content/cities/a.fren.md"))
        XCTAssertNil(ContentKind.language(ofPath: "content/cities/a.fr-x.md"))
        XCTAssertNil(ContentKind.language(ofPath: "content/cities/a.fr-.md"))
        XCTAssertNil(ContentKind.language(ofPath: "content/cities/.fr.md.txt"))
        XCTAssertNil(ContentKind.language(ofPath: "content/cities/fr.md"))
        XCTAssertNil(ContentKind.language(ofPath: "content/cities.fr/paris.md"))
        // A name not all in ASCII.
        XCTAssertEqual(ContentKind.language(ofPath: "content/cities/são-paulo.pt-BR.md"), "pt-BR")
        XCTAssertEqual(ContentKind.language(ofPath: "content/cities/zürich.de-ÄÖ.md"), "de-ÄÖ")
        XCTAssertEqual(ContentKind.untranslated("content/cities/são-paulo.pt-BR.md"), "content/cities/são-paulo.md")
        XCTAssertEqual(ContentKind.slug(ofPath: "content/cities/São Paulo.pt.md"), "são-paulo")
        XCTAssertEqual(ContentKind.slug(ofPath: "content/cities/kyoto.ja.md"), "kyoto")
    }

    func testEachLanguageSortsByItsOwnAlphabet() throws {
        var files: [String: String] = [
            "gazetteer.yaml": "languages:\n  - {code: en, name: English}\n  - {code: sv, name: Svenska}\n",
        ]
        for (slug, name) in [("austria", "Austria"), ("oland", "Öland"), ("zambia", "Zambia")] {
            files["content/countries/\(slug).md"] = "---\nname: \(name)\ncontinents: [Europe]\n---\n"
        }
        let site = try FixtureSite(files)
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let english = try XCTUnwrap(site.read("continents/europe.html"))
        let swedish = try XCTUnwrap(site.read("sv/continents/europe.html"))
        XCTAssertLessThan(try XCTUnwrap(english.range(of: ">Öland<")).lowerBound, try XCTUnwrap(english.range(of: ">Zambia<")).lowerBound,
                          "in English Ö is an O")
        XCTAssertLessThan(try XCTUnwrap(swedish.range(of: ">Zambia<")).lowerBound, try XCTUnwrap(swedish.range(of: ">Öland<")).lowerBound,
                          "in Swedish Ö comes after Z")
    }

    func testOneLanguageIsUnchangedAndIncrementalEqualsCold() throws {
        let site = try FixtureSite(Self.files())
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        try site.write("content/countries/spain.fr.md", "---\nname: Royaume d'Espagne\n---\n\nUn autre texte.\n")
        let edit = site.build()
        XCTAssertEqual(edit.status, 0, edit.err)
        XCTAssertFalse(edit.out.contains("(0 rendered"), edit.out)
        let incremental = site.snapshot()
        let cold = try FixtureSite(Self.files())
        defer { cold.delete() }
        try cold.write("content/countries/spain.fr.md", "---\nname: Royaume d'Espagne\n---\n\nUn autre texte.\n")
        XCTAssertEqual(cold.build().status, 0)
        let clean = cold.snapshot()
        XCTAssertEqual(Set(incremental.keys), Set(clean.keys))
        // The feeds date an entry without `date:` by its first appearance: the second of each build.
        for (path, data) in clean where path != "feed.xml" && path != "feed.json" { XCTAssertEqual(incremental[path], data, path) }
        XCTAssertEqual(incremental["countries/spain.html"], clean["countries/spain.html"])
    }
}
