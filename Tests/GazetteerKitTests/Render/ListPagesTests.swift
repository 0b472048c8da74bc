import XCTest
@testable import Load
@testable import Model
@testable import Render

/// Initials in the guide's language, lists cut into pages and grouped by letter, and the
/// pagination's window of page numbers.
final class ListPagesTests: XCTestCase {
    private func letters(_ names: [String], _ language: String) -> [String] {
        let collation = Collation(language: language)
        return names.map { collation.initial(of: $0).letter }
    }

    /// The names in list order (by initial, then as given), as `ListPages` puts them.
    private func ordered(_ names: [String], _ language: String) -> [String] {
        let collation = Collation(language: language)
        let pages = ListPages(members: Array(names.indices), initials: names.map { collation.initial(of: $0) }, pageSize: 100)
        return pages.order.map { names[$0] }
    }

    func testSwedishPutsÅÄÖAfterZ() {
        XCTAssertEqual(letters(["Åre", "Ängelholm", "Östersund", "Zinkgruvan", "Arvika", "éclair"], "sv"),
                       ["Å", "Ä", "Ö", "Z", "A", "E"])
        XCTAssertEqual(ordered(["Östersund", "Åre", "Arvika", "Zinkgruvan", "Ängelholm", "Borås"], "sv-SE"),
                       ["Arvika", "Borås", "Zinkgruvan", "Åre", "Ängelholm", "Östersund"])
    }

    func testDanishAndNorwegianPutÆØÅAfterZ() {
        XCTAssertEqual(ordered(["Århus", "Ølstykke", "Æbeltoft", "Zealand", "Aalborg"], "da"),
                       ["Aalborg", "Zealand", "Æbeltoft", "Ølstykke", "Århus"])
        XCTAssertEqual(letters(["Ørsta", "Ålesund"], "nb"), ["Ø", "Å"])
    }

    func testEnglishFoldsAccents() {
        XCTAssertEqual(letters(["Évora", "Åre", "Ørsta", "Ñuñoa", "Łódź", "Zürich", "straße", "'s-Hertogenbosch"], "en"),
                       ["E", "A", "O", "N", "L", "Z", "S", "S"])
        XCTAssertEqual(letters(["Évora"], "fr"), ["E"])
        XCTAssertEqual(letters(["Ängelholm"], "de"), ["A"])
        XCTAssertEqual(ordered(["Zadar", "Évora", "Essen", "Åre", "Bonn"], "en"), ["Åre", "Bonn", "Évora", "Essen", "Zadar"])
    }

    func testSpanishPutsÑAfterN() {
        XCTAssertEqual(letters(["Ñuñoa", "Nerja", "Ávila"], "es"), ["Ñ", "N", "A"])
        XCTAssertEqual(ordered(["Oviedo", "Ñuñoa", "Nerja", "Málaga"], "es"), ["Málaga", "Nerja", "Ñuñoa", "Oviedo"])
    }

    func testOtherScriptsGroupByTheirFirstLetterAfterLatin() {
        XCTAssertEqual(letters(["Αθήνα", "Ηράκλειο", "Άργος", "東京", "大阪", "おおさか", "Москва", "123 Street"], "en"),
                       ["Α", "Η", "Α", "東", "大", "お", "М", "#"])
        XCTAssertEqual(ordered(["東京", "Αθήνα", "Berlin", "Москва", "42nd Town"], "ja"), ["42nd Town", "Berlin", "Αθήνα", "Москва", "東京"])
    }

    func testAnchorsAreASCII() {
        let collation = Collation(language: "sv")
        XCTAssertEqual(collation.initial(of: "berlin").anchor, "letter-b")
        XCTAssertEqual(collation.initial(of: "Åre").anchor, "letter-c5")
        XCTAssertEqual(collation.initial(of: "1st").anchor, "letter-0")
        XCTAssertEqual(collation.initial(of: "東京").anchor, "letter-6771")
    }

    func testPagesAndTheLetterEachBeginsOn() {
        let names = ["Ada", "Alba", "Avila", "Bath", "Bern", "Cork", "Derby", "Dover"]
        let collation = Collation(language: "en")
        let pages = ListPages(members: Array(names.indices), initials: names.map { collation.initial(of: $0) }, pageSize: 3)
        XCTAssertEqual(pages.pageCount, 3)
        XCTAssertEqual(pages.range(ofPage: 1), 0..<3)
        XCTAssertEqual(pages.range(ofPage: 3), 6..<8)
        XCTAssertEqual(pages.letters.map(\.initial.letter), ["A", "B", "C", "D"])
        XCTAssertEqual(pages.letters.map(\.page), [1, 2, 2, 3])
        // Members are positions in the model's list: a subset keeps its order.
        let some = ListPages(members: [7, 0, 3], initials: names.map { collation.initial(of: $0) }, pageSize: 2)
        XCTAssertEqual(some.order, [0, 3, 7])
        XCTAssertEqual(ListPages(members: [], initials: [], pageSize: 100).pageCount, 1, "an empty list has its first page")
        XCTAssertEqual(ListPages(members: Array(0..<100), initials: Array(repeating: collation.initial(of: "A"), count: 100), pageSize: 100).pageCount, 1)
        XCTAssertEqual(ListPages(members: Array(0..<101), initials: Array(repeating: collation.initial(of: "A"), count: 101), pageSize: 100).pageCount, 2)
    }

    private func describe(_ window: PageWindow) -> String { "\(window.numbers) \(window.gapBefore) \(window.gapAfter)" }

    func testPageWindowStaysInsideTheList() {
        XCTAssertEqual(describe(PageWindow(current: 1, total: 1)), "1...1 false false")
        XCTAssertEqual(PageWindow(current: 1, total: 3).numbers, 1...3)
        XCTAssertEqual(describe(PageWindow(current: 1, total: 20)), "1...5 false true")
        XCTAssertEqual(PageWindow(current: 2, total: 20).numbers, 1...5)
        XCTAssertEqual(describe(PageWindow(current: 10, total: 20)), "8...12 true true")
        XCTAssertEqual(PageWindow(current: 19, total: 20).numbers, 16...20)
        XCTAssertEqual(describe(PageWindow(current: 20, total: 20)), "16...20 true false")
        XCTAssertEqual(PageWindow(current: 4, total: 6).numbers, 2...6)
        XCTAssertEqual(PageWindow(current: 3, total: 5, width: 3).numbers, 2...4)
    }

    func testListPagePaths() {
        XCTAssertEqual(OutputPath.listPage(OutputPath.cities, number: 1), "cities/index.html")
        XCTAssertEqual(OutputPath.listPage(OutputPath.cities, number: 2), "cities/page-2.html")
        XCTAssertEqual(OutputPath.listPage("countries/spain.html", number: 3), "countries/spain/page-3.html")
        XCTAssertEqual(OutputPath.listPage(OutputPath.continent("europe"), number: 2), "continents/europe/page-2.html")
    }
}
