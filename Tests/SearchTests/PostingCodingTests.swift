import XCTest
@testable import Search

/// A leaf's size is counted without encoding its lists (`PostingCoding.encodedCount`): the
/// count must be what the encoding writes, or shards would be split where they should not.
final class PostingCodingTests: XCTestCase {
    func testTheCountIsWhatTheEncodingWrites() {
        var generator = SystemRandomNumberGenerator()
        let fields = SearchField.allCases
        for round in 0..<400 {
            // Sparse lists (gaps), dense ones (a bitmap), one field or several.
            let records = [1, 5, 40, 300, 5_000][round % 5]
            let density = [0.02, 0.3, 0.9, 1.0][round / 5 % 4]
            let fieldCount = round / 20 % 3 + 1
            var postings: [UInt32] = []
            for id in 0..<records where Double.random(in: 0..<1, using: &generator) < density {
                postings.append(PostingCoding.pack(id, fields[Int.random(in: 0..<fieldCount, using: &generator)]))
            }
            guard !postings.isEmpty else { continue }
            var out: [UInt8] = []
            PostingCoding.encode(postings, into: &out)
            XCTAssertEqual(PostingCoding.encodedCount(postings), out.count, "\(postings.count) postings of \(records)")
        }
    }
}
