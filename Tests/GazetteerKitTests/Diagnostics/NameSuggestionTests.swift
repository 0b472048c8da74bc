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

final class NameSuggestionTests: XCTestCase {
    func testNearMissesAreSuggestedAndFarOnesAreNot() {
        XCTAssertEqual(NameSuggestion.closest(to: "spian", in: ["spain", "japan", "sweden"]), "spain")
        XCTAssertEqual(NameSuggestion.closest(to: "Eurpoe", in: ["Europe", "Asia"]), "Europe")
        XCTAssertNil(NameSuggestion.closest(to: "atlantis", in: ["spain", "japan"]))
        XCTAssertEqual(NameSuggestion.hint(for: "titel", in: ["title"]), " (did you mean \"title\"?)")
    }

    func testSlugsAreLowerCaseWithHyphensAndASCIIWhenAsked() {
        XCTAssertEqual(Slug.make("New Zealand"), "new-zealand")
        XCTAssertEqual(Slug.make("  São Tomé & Príncipe "), "são-tomé-príncipe")
        XCTAssertEqual(Slug.make("  São Tomé & Príncipe ", ascii: true), "sao-tome-principe")
        XCTAssertEqual(Slug.make("Côte d'Ivoire", ascii: true), "cote-d-ivoire")
    }
}

/// The stricter rule for a key beside the known key it resembles: only a clear slip.
final class MisspellingTests: XCTestCase {
    func testAClearSlipOfAKeyBesideItIsFound() {
        let present = ["name", "capital", "flag", "motto", "official_name", "continents"]
        XCTAssertEqual(NameSuggestion.misspelling(of: "captial", among: present), "capital")
        XCTAssertEqual(NameSuggestion.misspelling(of: "capitol", among: present), "capital")
        XCTAssertEqual(NameSuggestion.misspelling(of: "Capital", among: present), "capital")
        XCTAssertEqual(NameSuggestion.misspelling(of: "nmae", among: present), "name", "two letters swapped")
        XCTAssertEqual(NameSuggestion.misspelling(of: "flg", among: ["flag"]), nil, "too short to tell")
        XCTAssertEqual(NameSuggestion.misspelling(of: "mottto", among: present), "motto")
        XCTAssertEqual(NameSuggestion.misspelling(of: "oficial_nme", among: present), "official_name", "two edits in a long key")
        XCTAssertEqual(NameSuggestion.misspelling(of: "contnents", among: present), "continents")
    }

    func testRealExtrasNearAKeyAreLeftAlone() {
        let present = ["name", "capital", "flag", "motto", "official_name", "continents", "country"]
        for extra in ["capitals", "names", "name_ja", "old_name", "flags", "flag2", "mottos", "game", "flat", "slag",
                      "capitol_hill", "cap", "captial_city", "population"] {
            XCTAssertNil(NameSuggestion.misspelling(of: extra, among: present), extra)
        }
    }
}
