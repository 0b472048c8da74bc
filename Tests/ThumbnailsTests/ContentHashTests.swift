import Foundation
import XCTest
@testable import Thumbnails

final class ContentHashTests: XCTestCase {
    func testKnownDigests() {
        XCTAssertEqual(ContentHash.sha256Hex([UInt8]()), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(ContentHash.sha256Hex(Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    func testEveryKindOfCollectionGivesTheSameDigest() {
        let bytes = Array("The quick brown fox jumps over the lazy dog".utf8)
        let expected = "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592"
        XCTAssertEqual(ContentHash.sha256Hex(bytes), expected)
        XCTAssertEqual(ContentHash.sha256Hex(Data(bytes)), expected)
        XCTAssertEqual(ContentHash.sha256Hex(bytes[...]), expected)
        XCTAssertEqual(ContentHash.sha256Hex(bytes.reversed().reversed()), expected)
        XCTAssertEqual(ContentHash.sha256Hex("The quick brown fox jumps over the lazy dog".utf8), expected)
    }

    func testTheProcessorPathAgreesWithGLibForEveryBlockBoundary() {
        let bytes = (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ $0 / 13) }
        for length in Array(0...200) + [447, 448, 511, 512, 513, 1000, 4096, 4999] {
            let slice = Array(bytes[1..<(1 + length)])
            let fast = ContentHash.sha256Hex(slice)
            let reference = slice.withUnsafeBytes { Vips.sha256HexByGLib($0) }
            XCTAssertEqual(fast, reference, "length \(length)")
        }
    }
}
