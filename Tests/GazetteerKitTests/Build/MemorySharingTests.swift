import Foundation
import XCTest
import Locking
@testable import GazetteerKit
@testable import Model
@testable import Images
@testable import Diagnostics

/// What the build holds compactly for a large guide: plain texts deflated between the Markdown
/// and search stages, and the strings and lists many entries share held once. The compact
/// form must give back exactly what it was made from.
final class MemorySharingTests: XCTestCase {
    func testPackedTextGivesBackTheSameText() {
        var generator = SystemRandomNumberGenerator()
        let words = ["Lisboa", "São Paulo", "Ελλάδα", "東京", "café", "a", " ", "🗺️", "the old bridge", "\u{0}", "&amp;"]
        var texts = ["", "a", "ab", String(repeating: "x", count: 100_000), String(repeating: "the same sentence. ", count: 300)]
        for length in [1, 2, 3, 10, 31, 32, 33, 64, 200, 1_000, 5_000] {
            texts.append((0..<length).map { _ in words.randomElement(using: &generator)! }.joined())
            // Bytes that do not deflate smaller are kept as they are.
            texts.append(String(decoding: (0..<length).map { _ in UInt8.random(in: 0x21...0x7E, using: &generator) }, as: UTF8.self))
        }
        for text in texts {
            let packed = PackedText(text)
            XCTAssertEqual(packed.text, text)
            XCTAssertEqual(packed.text, text, "read twice")
        }
    }

    func testPackedTextIsSmallerForProse() {
        let prose = String(repeating: "Beyond the market lies a windy lighthouse that few travellers ever reach. ", count: 20)
        XCTAssertLessThan(MemoryLayout<UInt8>.size * PackedText(prose).storedBytes, prose.utf8.count / 4)
    }

    func testPackedTextsAreReadOnEveryCoreAtOnce() {
        let texts = (0..<2_000).map { n in String(repeating: "city \(n) by the river, ", count: n % 50 + 1) }
        let packed = texts.map(PackedText.init)
        let same = Locked<Int>(0)
        DispatchQueue.concurrentPerform(iterations: texts.count) { n in
            if PackedText(texts[n]).text == texts[n], packed[n].text == texts[n] { same.withLock { $0 += 1 } }
        }
        XCTAssertEqual(same.value, texts.count)
    }

    func testSharedStringsGiveOneCopyOfEachValue() {
        let shared = SharedStrings()
        let path = "/guide/content/cities/pictures/pool-00001.jpg"
        let first = shared.string(String(path.utf8.map { Character(UnicodeScalar($0)) }))
        let second = shared.string(String(path.utf8.map { Character(UnicodeScalar($0)) }))
        XCTAssertEqual(first, path)
        XCTAssertEqual(second, path)
        XCTAssertTrue(first.sharesStorage(with: second))
        let image = ImageSource(path: String(path.reversed().reversed()), written: "pictures/pool-00001.jpg",
                                location: SourceLocation(path: "content/cities/a.md"))
        let sharedImage = shared.image(image)
        XCTAssertEqual(sharedImage, image)
        XCTAssertTrue(sharedImage.path.sharesStorage(with: first))
    }
}

private extension String {
    /// Whether both strings are the same heap object (not only equal).
    func sharesStorage(with other: String) -> Bool {
        var a = self, b = other
        return a.withUTF8 { x in b.withUTF8 { y in x.baseAddress == y.baseAddress } }
    }
}
