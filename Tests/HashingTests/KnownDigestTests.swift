import XCTest
import Hashing

/// Cache keys and output names rest on SHA-256: check it against the standard's test vectors.
final class KnownDigestTests: XCTestCase {
    func testSHA256MatchesTheStandardVectors() {
        XCTAssertEqual(ContentHash.sha256Hex(Array("abc".utf8)),
                       "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(ContentHash.sha256Hex([UInt8]()),
                       "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }
}
