import XCTest
@testable import Search

final class FoldingTests: XCTestCase {
    func testAccentsAndCaseFoldAway() {
        XCTAssertEqual(Folding.fold("Reykjavík"), "reykjavik")
        XCTAssertEqual(Folding.fold("CÔTE D'IVOIRE"), "cote d'ivoire")
        XCTAssertEqual(Folding.fold("São Tomé"), "sao tome")
        XCTAssertEqual(Folding.fold("İstanbul"), "istanbul")
    }

    func testLettersWithoutDecompositionAreSpelledOut() {
        XCTAssertEqual(Folding.fold("Straße"), "strasse")
        XCTAssertEqual(Folding.fold("Łódź"), "lodz")
        XCTAssertEqual(Folding.fold("Tórshavn Færøerne"), "torshavn faeroerne")
        XCTAssertEqual(Folding.fold("Œuvre Þingvellir Đà Nẵng"), "oeuvre thingvellir da nang")
        XCTAssertEqual(Folding.fold("ΟΔΟΣ"), "οδοσ", "a final sigma folds like any sigma")
    }

    func testWordsAreRunsOfLettersAndDigitsInAnyScript() {
        XCTAssertEqual(Folding.words(in: "Côte d'Ivoire"), ["cote", "d", "ivoire"])
        XCTAssertEqual(Folding.words(in: "Its wall fell in 1989; today…"), ["its", "wall", "fell", "in", "1989", "today"])
        XCTAssertEqual(Folding.words(in: "大阪 — Ελλάδα!"), ["大阪", "ελλαδα"])
        XCTAssertEqual(Folding.words(in: "  ,;  "), [])
    }
}
