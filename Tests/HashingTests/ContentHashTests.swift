import Foundation
import XCTest
import Hashing

/// `ContentHash` has two twins: the processor's SHA instructions (x86-64 with SHA-NI) and plain C,
/// the portable code. These tests run both on this machine by turning the switch
/// (`PortableCode`, `gz_set_portable`) on and off, and put it back after each test.
final class ContentHashTests: XCTestCase {
    /// Standard SHA-256 vectors, around the 55/56 (padding spills into a second block) and
    /// 63/64 (one whole block) boundaries.
    static let knownDigests: [(bytes: [UInt8], digest: String)] = [
        ([], "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        (Array("abc".utf8), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        (Array(repeating: UInt8(ascii: "a"), count: 55), "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
        (Array(repeating: UInt8(ascii: "a"), count: 56), "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
        (Array(repeating: UInt8(ascii: "a"), count: 63), "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"),
        (Array(repeating: UInt8(ascii: "a"), count: 64), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
        (Array(repeating: UInt8(ascii: "a"), count: 119), "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb"),
        (Array(repeating: UInt8(ascii: "a"), count: 120), "2f3d335432c70b580af0e8e1b3674a7c020d683aa5f73aaaedfdc55af904c21c"),
        (Array(repeating: UInt8(ascii: "a"), count: 1_000_000), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
    ]

    private var portableBefore = false

    override func setUp() {
        portableBefore = PortableCode.isForced
    }

    override func tearDown() {
        XCTAssertEqual(PortableCode.isForced, portableBefore, "the portable switch was left changed")
    }

    func testKnownDigestsByEachTwin() {
        for portable in [false, true] {
            PortableCode.with(portable) {
                for (bytes, digest) in Self.knownDigests {
                    XCTAssertEqual(ContentHash.sha256Hex(bytes), digest, "\(bytes.count) bytes, portable \(portable)")
                }
            }
        }
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

    func testTheSHAInstructionsAgreeWithThePortableCode() throws {
        let instructions = PortableCode.with(false) { ContentHash.usesSHAInstructions }
        XCTAssertFalse(PortableCode.with(true) { ContentHash.usesSHAInstructions }, "the switch forces the portable code")
        guard instructions else {
            print("ContentHashTests: this processor has no SHA extensions: only the portable digest is checked (against known SHA-256 vectors)")
            return
        }
        var random = SplitMix64(seed: 17)
        let bytes = (0..<(3 << 20) + 64).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        // Every length to 200 (the 55/56, 63/64, 119/120 and 127/128 boundaries), longer ones
        // around block multiples, a few MB; at offsets 0 and 1 (unaligned loads).
        let lengths = Array(0...200) + [447, 448, 511, 512, 513, 4095, 4096, 4097, 65_536 + 55, 1 << 20, (3 << 20) + 63]
        for offset in [0, 1] {
            for length in lengths {
                let slice = bytes[offset..<(offset + length)]
                let fast = PortableCode.with(false) { ContentHash.sha256Hex(slice) }
                let portable = PortableCode.with(true) { ContentHash.sha256Hex(slice) }
                XCTAssertEqual(fast, portable, "\(length) bytes at offset \(offset)")
            }
        }
    }
}

/// A small seeded generator (SplitMix64), so the random bytes are the same every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
