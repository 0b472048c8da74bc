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

    func testSlugsAreASCIILowerCaseWithHyphens() {
        XCTAssertEqual(Slug.make("Côte d'Ivoire"), "cote-d-ivoire")
        XCTAssertEqual(Slug.make("New Zealand"), "new-zealand")
        XCTAssertEqual(Slug.make("  São Tomé & Príncipe "), "sao-tome-principe")
    }
}
