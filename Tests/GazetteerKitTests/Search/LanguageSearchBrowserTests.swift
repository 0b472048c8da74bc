import Foundation
import XCTest
@testable import GazetteerKit
import OptionalTools

/// Each language of a guide in several has its own search index: the French pages' box
/// searches `fr/search/` and leads to French pages, finding French names (translated, or
/// CLDR's) and, as aliases, the other languages' names of the same entry.
final class LanguageSearchBrowserTests: XCTestCase {
    static func files() -> [String: String] {
        var files = FixtureSite.good
        files["gazetteer.yaml"] = """
            title: Test Guide
            languages:
              - {code: en, name: English}
              - {code: fr, name: Français, title: Guide d'essai}
            """
        files["content/countries/japan.fr.md"] = "---\nname: Japon\n---\n\nUn archipel du Pacifique.\n"
        return files
    }

    func testEachLanguageHasItsOwnIndexWithTheOtherLanguagesNamesAsAliases() throws {
        let site = try FixtureSite(Self.files())
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(site.exists("search/index.js") && site.exists("fr/search/index.js"), "an index per language")
        let french = try XCTUnwrap(site.read("fr/countries/spain.html"))
        XCTAssertTrue(french.contains("data-search data-root=\"../\""), "the French box reads fr/search/: \(french)")
        XCTAssertTrue(try XCTUnwrap(site.read("countries/spain.html")).contains("data-search data-root=\"../\""))
        XCTAssertTrue(try XCTUnwrap(site.read("fr/index.html")).contains("data-search data-root=\"\""))
        let words = try XCTUnwrap(Self.indexText(site, folder: "fr/"))
        XCTAssertTrue(words.contains("Japon") && words.contains("archipel"), "the French names and text (words are folded: archipel)")
        let english = try XCTUnwrap(Self.indexText(site, folder: ""))
        XCTAssertFalse(english.contains("archipel"), "no French text in the English index")
        XCTAssertNotNil(english.range(of: "[\" ]japon[\" ]", options: .regularExpression), "the French name as an alias in the English index")
        XCTAssertFalse(english.contains("Japon"), "shown in English (the alias is a word of the index, not a name)")
    }

    func testSearchingTheFrenchSiteForAFrenchNameFindsTheFrenchPage() throws {
        try requireChromium()
        let site = try FixtureSite(Self.files())
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let opened = try SearchBrowserTests.search("japon", from: "fr/countries/spain.html", in: site, choose: 1)
        XCTAssertEqual(opened["names"], "Japon")
        XCTAssertEqual(opened["path"], "countries/japan.html")
        XCTAssertTrue(opened["title"]?.contains("Japon") == true, "the French page: \(opened)")
        XCTAssertTrue(opened["title"]?.contains("Guide d") == true, "the French page, with its title: \(opened)")
        // The English name finds the French page too (an alias there).
        let alias = try SearchBrowserTests.search("japan", from: "fr/index.html", in: site)
        XCTAssertEqual(alias["names"], "Japon")
        // And the English site's box stays English.
        let english = try SearchBrowserTests.search("japon", from: "countries/spain.html", in: site, choose: 1)
        XCTAssertEqual(english["names"], "Japan")
        XCTAssertTrue(english["title"]?.contains("Japan") == true && english["title"]?.contains("Guide d") == false, "\(english)")
    }

    /// Every file of a language's index joined, to look for words in.
    static func indexText(_ site: FixtureSite, folder: String) -> String? {
        guard let walker = FileManager.default.enumerator(atPath: site.output.appending(path: folder + "search").path) else { return nil }
        var text = ""
        while let path = walker.nextObject() as? String {
            if path.hasSuffix(".js") { text += site.read(folder + "search/" + path) ?? "" }
        }
        return text
    }
}
