import Hashing
import Diagnostics

/// A SHA-256 digest as four words: compared, hashed and stored without text.
///
/// Content digests stay SHA-256 rather than the build's key hasher (`PageKeyHasher`): a
/// digest names a file's bytes for good, across builds, processes and machines (a content
/// file's body, a picture in the content-addressed thumbnail cache), where keys only tell a
/// page's two versions apart; and the processor's SHA instructions (`Hashing`) make it as
/// fast as the files can be read.
package struct Digest: Hashable, Sendable {
    package var a: UInt64
    package var b: UInt64
    package var c: UInt64
    package var d: UInt64

    /// The SHA-256 of `bytes`.
    package init(of bytes: some Collection<UInt8>) {
        (a, b, c, d) = ContentHash.sha256Words(bytes)
    }

    package init(a: UInt64, b: UInt64, c: UInt64, d: UInt64) {
        (self.a, self.b, self.c, self.d) = (a, b, c, d)
    }

    /// From 64 hex digits.
    package init?(hex: String) {
        var words: [UInt64] = []
        var word: UInt64 = 0
        var count = 0
        for byte in hex.utf8 {
            let value: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = byte - UInt8(ascii: "a") + 10
            default: return nil
            }
            word = word << 4 | UInt64(value)
            count += 1
            if count % 16 == 0 {
                words.append(word)
                word = 0
            }
        }
        guard count == 64 else { return nil }
        self.init(a: words[0], b: words[1], c: words[2], d: words[3])
    }

    /// The 64 hex digits.
    package var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8](repeating: 0, count: 64)
        for (n, word) in [a, b, c, d].enumerated() {
            for nibble in 0..<16 {
                text[n * 16 + nibble] = digits[Int(truncatingIfNeeded: word >> UInt64(60 - nibble * 4)) & 15]
            }
        }
        return String(decoding: text, as: UTF8.self)
    }
}
