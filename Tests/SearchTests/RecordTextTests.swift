import XCTest
@testable import Search

/// A record as the build renders it (one text) reads back as the same record, whatever its
/// values hold: the index is made from what the text gives.
final class RecordTextTests: XCTestCase {
    func testEveryRecordReadsBackFromItsText() {
        let hostile = "a:1:b - \"quoted\" \\ </script> 🇫🇷 שלום e\u{301} 12:"
        let records = Fixtures.records + [
            SearchRecord(kind: .city, slug: "x", name: hostile, officialName: "", capital: nil, motto: "-",
                         aliases: ["", "-", hostile], countryName: "3:abc", countrySlug: nil,
                         thumbnail: SearchRecord.Thumbnail(file: "images/x-1.png", width: 16, height: 12), body: hostile),
            SearchRecord(kind: .country, slug: "y", name: "Y"),
        ]
        for record in records {
            XCTAssertEqual(SearchRecord(text: record.text), record, record.slug)
        }
    }

    func testATextThatIsNotARecordReadsAsNone() {
        let text = SearchRecord(kind: .city, slug: "paris", name: "Paris", body: "Text").text
        XCTAssertNil(SearchRecord(text: ""))
        XCTAssertNil(SearchRecord(text: String(text.dropLast())))
        XCTAssertNil(SearchRecord(text: text + "1:x"))
        XCTAssertNil(SearchRecord(text: "99999999999999999999999:"))
    }
}
