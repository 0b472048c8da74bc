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
