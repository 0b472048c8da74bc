import XCTest
@testable import Incremental

/// The index a build finds the last manifest's records by: every key at its own record, no
/// other key found, whatever the keys hold.
final class RecordIndexTests: XCTestCase {
    func testEveryKeyFindsItsOwnRecordAndNoOtherKeyFindsOne() {
        var keys = (0..<10_000).map { "cities/c\($0).html" }
        keys += ["", "fr/cities/zürich.html", "fr/cities/zu\u{308}rich.html", "cities/c1.htm", "a"]
        let index = RecordIndex(keys: keys)
        XCTAssertEqual(index.count, keys.count)
        for (n, key) in keys.enumerated() { XCTAssertEqual(index.position(of: key), n, key) }
        // A prefix, a longer key, another case, a key never held.
        for absent in ["cities/c1.h", "cities/c1.htmlx", "Cities/c1.html", "cities/c10000.html", "b"] {
            XCTAssertNil(index[absent], absent)
        }
        XCTAssertEqual(index.keys, keys)
        XCTAssertNil(RecordIndex()[""])
    }
}
