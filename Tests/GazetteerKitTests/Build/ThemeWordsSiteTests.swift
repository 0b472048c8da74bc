import Foundation
import XCTest
@testable import GazetteerKit

/// A guide's `language:` chooses the theme's words its pages show, and a word is a page's
/// dependency like any other value: changing one renders again only the pages showing it.
final class ThemeWordsSiteTests: XCTestCase {
    private func site(_ extra: [String: String] = [:]) throws -> FixtureSite {
        var files = FixtureSite.good
        files["gazetteer.yaml"] = "title: Guide de test\nlanguage: fr\n"
        for (path, text) in extra { files[path] = text }
        return try FixtureSite(files)
    }

    func testAFrenchGuideShowsFrenchWords() throws {
        let site = try site()
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertFalse(result.err.contains("warning"), result.err)
        let index = try XCTUnwrap(site.read("index.html"))
        XCTAssertTrue(index.contains("<title>Pays · Guide de test</title>"), index)
        XCTAssertTrue(index.contains("<h1 class=\"page-title\">Pays</h1>"), index)
        XCTAssertTrue(index.contains(">Guide des villes<") || index.contains(">Villes</a>"), index)
        XCTAssertTrue(index.contains("placeholder=\"Rechercher\""), index)
        XCTAssertTrue(index.contains("alt=\"Drapeau\u{A0}: Espagne\"") || index.contains("alt=\"Drapeau\u{A0}: Spain\""), index)
        let spain = try XCTUnwrap(site.read("countries/spain.html"))
        XCTAssertTrue(spain.contains("<dt>Capitale</dt>"), spain)
        XCTAssertTrue(spain.contains("<dt>Devise</dt>"), spain)
        XCTAssertTrue(spain.contains("Aller au contenu"), spain)
        XCTAssertFalse(spain.contains(">Capital<"), spain)
        let notFound = try XCTUnwrap(site.read("404.html"))
        XCTAssertTrue(notFound.contains("<h1>Page introuvable</h1>"), notFound)
        XCTAssertTrue(notFound.contains("Parcourir les pays"), notFound)
        let osaka = try XCTUnwrap(site.read("cities/osaka.html"))
        XCTAssertTrue(osaka.contains("<figcaption>Osaka\u{A0}: pas encore de photo</figcaption>"), osaka)
    }

    func testAGuideOverridesOneWordAndEditingItRendersOnlyThePagesShowingIt() throws {
        let site = try site(["templates/words/fr.yaml": "motto: Maxime\n"])
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        XCTAssertTrue(try XCTUnwrap(site.read("countries/spain.html")).contains("<dt>Maxime</dt>"))
        XCTAssertTrue(try XCTUnwrap(site.read("countries/spain.html")).contains("<dt>Capitale</dt>"), "the other words stay the theme's")

        // Only Spain has a motto: its page alone shows the word.
        try site.write("templates/words/fr.yaml", "motto: Devise nationale\n")
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("(1 rendered, 1 files written)"), result.out)
        XCTAssertTrue(try XCTUnwrap(site.read("countries/spain.html")).contains("<dt>Devise nationale</dt>"))
        try IncrementalBuildTests.assertSameAsCleanBuild(site, "after changing a word")
    }

    /// The scripts' words (`js_*`) ride along as JSON on a page whose language is not the
    /// English the scripts carry; editing one renders the pages again with it.
    func testTheScriptsWordsComeWithAFrenchPageAndFollowAnEdit() throws {
        let site = try site()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let osaka = try XCTUnwrap(site.read("cities/osaka.html"))
        XCTAssertTrue(osaka.contains("<script id=\"gazetteer-words\" type=\"application/json\">"), osaka)
        XCTAssertTrue(osaka.contains("\"no_results\":\"Aucun résultat\""), osaka)

        try site.write("templates/words/fr.yaml", "js_no_results: Rien trouvé\n")
        XCTAssertEqual(site.build().status, 0)
        XCTAssertTrue(try XCTUnwrap(site.read("cities/osaka.html")).contains("\"no_results\":\"Rien trouvé\""))
        try IncrementalBuildTests.assertSameAsCleanBuild(site, "after changing a script's word")

        let english = try FixtureSite(FixtureSite.good)
        defer { english.delete() }
        XCTAssertEqual(english.build().status, 0)
        XCTAssertFalse(try XCTUnwrap(english.read("cities/osaka.html")).contains("gazetteer-words"))
    }

    func testAWordTheLanguageLacksIsAWarningAndShowsTheDefaultLanguagesWord() throws {
        let site = try site([
            "templates/words/en.yaml": "tagline: Have a good trip\n",
            "templates/partials/footer.mustache": "<footer>{{words.tagline}}</footer>\n",
        ])
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue((result.out + result.err).contains(
            "templates/words/fr.yaml:1:1: warning: the word \"tagline\" has no fr text: the en word (\"Have a good trip\") is shown; add it to templates/words/fr.yaml"),
            result.out + result.err)
        XCTAssertTrue(try XCTUnwrap(site.read("index.html")).contains("<footer>Have a good trip</footer>"))
    }

    func testEditModesPageDataCarriesItsWordsInTheGuidesLanguage() throws {
        var files = FixtureSite.good
        files["gazetteer.yaml"] = "title: Guide de test\nlanguage: fr\n"
        let guide = try EditedGuide(files)
        try guide.login()
        let page = try guide.send("GET", "/index.html")
        let html = page.text
        let start = try XCTUnwrap(html.range(of: "<script id=\"gazetteer-edit-data\" type=\"application/json\">"))
        let end = try XCTUnwrap(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let data = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8)) as? [String: Any])
        let words = try XCTUnwrap(data["words"] as? [String: String])
        XCTAssertEqual(words["add_country"], "Ajouter un pays…")
        XCTAssertEqual(words["add_city"], "Ajouter une ville…")
        XCTAssertEqual(words["save"], "Enregistrer")
        XCTAssertEqual(words["official_name"], "Nom officiel")
        XCTAssertEqual(words["edit_name"], "Modifier\u{A0}: {name}", "filled by the script, placeholders and all")
        XCTAssertNil(words["capital_map"], "only edit mode's words")
        XCTAssertTrue(html.contains("<h1 class=\"page-title\">Pays</h1>"))
    }

    func testATemplateNamingAWordNoLanguageHasIsALocatedErrorWithTheNearestWord() throws {
        let site = try site(["templates/partials/footer.mustache": "<footer>\n{{words.captial}}</footer>\n"])
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains(
            "templates/partials/footer.mustache:2:1: unknown word \"captial\" (did you mean \"capital\"?): the theme's words are those of its words/<language>.yaml files (add it to templates/words/en.yaml, and to the other languages')"),
            result.err)
    }
}
