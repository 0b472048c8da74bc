import XCTest
@testable import Model

/// Country and continent names in a language, from the CLDR data Foundation carries: what a
/// translated guide shows for a country or continent its editors did not name themselves.
final class RegionNamesTests: XCTestCase {
    func testACountryIsNamedInEachLanguage() {
        XCTAssertEqual(RegionNames.country("DE", in: "fr"), "Allemagne")
        XCTAssertEqual(RegionNames.country("DE", in: "de"), "Deutschland")
        XCTAssertEqual(RegionNames.country("DE", in: "es"), "Alemania")
        XCTAssertEqual(RegionNames.country("DE", in: "ar"), "ألمانيا")
        XCTAssertEqual(RegionNames.country("DE", in: "en"), "Germany")
        XCTAssertEqual(RegionNames.country("JP", in: "fr"), "Japon")
        XCTAssertEqual(RegionNames.country("DE", in: "pt-BR"), "Alemanha")
    }

    func testTheCodeIsReadInAnyCaseButOnlyAsAlpha2() {
        XCTAssertEqual(RegionNames.country("de", in: "fr"), "Allemagne")
        XCTAssertNil(RegionNames.country("DEU", in: "fr"), "alpha-3 codes are the front matter's business, not this lookup's")
        XCTAssertNil(RegionNames.country("XX", in: "fr"), "a code ISO 3166 does not assign has no name")
        XCTAssertNil(RegionNames.country("EU", in: "fr"), "CLDR names the EU, but it is no country of ISO 3166")
    }

    func testALanguageCLDRDoesNotKnowGivesNoNameRatherThanEnglish() {
        XCTAssertNil(RegionNames.country("DE", in: "xx"))
        XCTAssertNil(RegionNames.continent("Europe", in: "xx"))
        XCTAssertFalse(RegionNames.hasNames(in: "xx"))
        XCTAssertTrue(RegionNames.hasNames(in: "fr-CA"))
    }

    func testTheGuidesContinentsAreNamedByTheirRegions() {
        XCTAssertEqual(RegionNames.continent("Africa", in: "fr"), "Afrique")
        XCTAssertEqual(RegionNames.continent("Asia", in: "de"), "Asien")
        XCTAssertEqual(RegionNames.continent("Australasia", in: "fr"), "Australasie")
        XCTAssertEqual(RegionNames.continent("Europe", in: "es"), "Europa")
        XCTAssertEqual(RegionNames.continent("North America", in: "fr"), "Amérique du Nord")
        XCTAssertEqual(RegionNames.continent("South America", in: "de"), "Südamerika")
        XCTAssertEqual(RegionNames.continent("Antarctica", in: "fr"), "Antarctique")
        XCTAssertEqual(RegionNames.continent("Oceania", in: "es"), "Oceanía")
        XCTAssertEqual(RegionNames.continent("Americas", in: "ar"), "الأمريكتان")
        XCTAssertNil(RegionNames.continent("Arctic", in: "fr"), "a continent of the guide's own has no CLDR name")
    }
}
