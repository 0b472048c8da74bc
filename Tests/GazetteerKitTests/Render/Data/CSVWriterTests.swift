import XCTest
@testable import Render

/// RFC 4180: a header, CRLF after every line, quoted only where needed, and any text read back
/// exactly.
final class CSVWriterTests: XCTestCase {
    func testHostileTextReadsBackExactly() throws {
        let texts = JSONWriterTests.hostile + ["a,b", "  padded ", "\"quoted\"", "trailing\r\n", "x;y"]
        let bytes = CSVWriter.encode(header: ["n", "text"], rows: texts.enumerated().map { [String($0.offset), $0.element] })
        let rows = try CSVReader.rows(bytes)
        XCTAssertEqual(rows.first, ["n", "text"])
        XCTAssertEqual(rows.count, texts.count + 1)
        for (index, text) in texts.enumerated() {
            XCTAssertEqual(Array(rows[index + 1][1].unicodeScalars), Array(text.unicodeScalars), "row \(index)")
        }
    }

    func testFieldsAreQuotedOnlyWhereNeeded() {
        let bytes = CSVWriter.encode(header: ["a", "b", "c"], rows: [["plain", "with, comma", "say \"hi\""], ["", " x", "line\nbreak"]])
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self),
                       "a,b,c\r\nplain,\"with, comma\",\"say \"\"hi\"\"\"\r\n,\" x\",\"line\nbreak\"\r\n")
        XCTAssertFalse(bytes.starts(with: [0xEF, 0xBB, 0xBF]), "no byte-order mark")
    }
}
