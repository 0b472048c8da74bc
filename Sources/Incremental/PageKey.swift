import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model
import Render

/// A page's key: 128 bits hashed from everything the page was made of (see `DependencyValues`).
///
/// The hash is MurmurHash3's 128-bit mixing, fed whole 64-bit words: keys are compared with the
/// same page's key of the previous build, so only an accidental collision between two
/// versions of one page could hide a change (a chance of about 2^-128 per change).
package struct PageKey: Hashable, Sendable {
    package var high: UInt64
    package var low: UInt64

    package init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }
}

extension PageKey {
    /// 32 hex digits, for a key kept as text (the engine's and the settings', `SiteBuild+Keys`).
    package var hex: String {
        func digits(_ word: UInt64) -> String {
            let text = String(word, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }
        return digits(high) + digits(low)
    }
}

/// The build's one hasher for keys (pages', search records', the engine's and settings', the
/// manifest's checksums, the content warnings' fingerprint): a `PageKey` from parts, each
/// prefixed by its length so that no two sequences of parts give the same bytes, or from
/// bytes given in pieces (`add(bytes:)`, `checksum`). Content digests stay SHA-256 (`Digest`).
package struct PageKeyHasher {
    private var h1: UInt64 = 0x9E37_79B9_7F4A_7C15
    private var h2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    /// The first word of a block, waiting for the second.
    private var first: UInt64 = 0
    private var half = false
    /// Words added.
    private var length = 0
    /// Of bytes given in pieces: those of a word not yet complete, how many, and how many in all.
    private var pendingBytes: UInt64 = 0
    private var pendingCount = 0
    private var byteCount = 0

    private static let c1: UInt64 = 0x87C3_7B91_1142_53D5
    private static let c2: UInt64 = 0x4CF5_AD43_2745_937F

    package init() {}

    /// Text as its length then its bytes, eight to a word (the last word padded with zeros).
    package mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            add(utf8.count)
            var index = 0
            let count = utf8.count
            while index + 8 <= count {
                add(word: UnsafeRawPointer(utf8.baseAddress! + index).loadUnaligned(as: UInt64.self).littleEndian)
                index += 8
            }
            if index < count {
                var word: UInt64 = 0
                for (shift, byte) in utf8[index...].enumerated() { word |= UInt64(byte) << UInt64(shift * 8) }
                add(word: word)
            }
        }
    }

    package mutating func add(_ number: Int) {
        add(word: UInt64(bitPattern: Int64(number)))
    }

    package mutating func add(_ digest: Digest) {
        add(word: digest.a)
        add(word: digest.b)
        add(word: digest.c)
        add(word: digest.d)
    }

    /// Another key, as a part of this one (a country's or a city's, worked out once).
    package mutating func add(_ key: PageKey) {
        add(word: key.high)
        add(word: key.low)
    }

    package mutating func add(_ stamp: FileStamp?) {
        guard let stamp else { return add(-1) }
        add(Int(bitPattern: UInt(stamp.device)))
        add(Int(bitPattern: UInt(stamp.inode)))
        add(Int(stamp.size))
        add(Int(stamp.modified))
        add(Int(stamp.changed))
    }

    /// Bytes, as eight to a word whatever the pieces they come in (the manifest is checked a
    /// megabyte at a time); `checksum` ends them.
    package mutating func add(bytes: ArraySlice<UInt8>) {
        byteCount += bytes.count
        bytes.withUnsafeBytes { raw in
            var index = 0
            let count = raw.count
            while pendingCount > 0, index < count {
                pendingBytes |= UInt64(raw[index]) << UInt64(8 * pendingCount)
                index += 1
                pendingCount += 1
                if pendingCount == 8 {
                    add(word: pendingBytes)
                    (pendingBytes, pendingCount) = (0, 0)
                }
            }
            while index + 8 <= count {
                add(word: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self).littleEndian)
                index += 8
            }
            while index < count {
                pendingBytes |= UInt64(raw[index]) << UInt64(8 * pendingCount)
                index += 1
                pendingCount += 1
            }
        }
    }

    /// The key of the bytes given (`add(bytes:)`) and their count: a truncated or damaged
    /// manifest is noticed and ignored.
    package var checksum: PageKey {
        var hasher = self
        if pendingCount > 0 { hasher.add(word: pendingBytes) }
        hasher.add(byteCount)
        return hasher.key
    }

    package static func checksum(of bytes: ArraySlice<UInt8>) -> PageKey {
        var hasher = PageKeyHasher()
        hasher.add(bytes: bytes)
        return hasher.checksum
    }

    @inline(__always)
    package mutating func add(word: UInt64) {
        length += 1
        if half {
            mix(first, word)
            half = false
        } else {
            first = word
            half = true
        }
    }

    private mutating func mix(_ k1: UInt64, _ k2: UInt64) {
        h1 ^= Self.rotl(k1 &* Self.c1, 31) &* Self.c2
        h1 = Self.rotl(h1, 27) &+ h2
        h1 = h1 &* 5 &+ 0x52DC_E729
        h2 ^= Self.rotl(k2 &* Self.c2, 33) &* Self.c1
        h2 = Self.rotl(h2, 31) &+ h1
        h2 = h2 &* 5 &+ 0x3849_5AB5
    }

    package var key: PageKey {
        var (a, b) = (h1, h2)
        if half { a ^= Self.rotl(first &* Self.c1, 31) &* Self.c2 }
        a ^= UInt64(length)
        b ^= UInt64(length)
        a = a &+ b
        b = b &+ a
        a = Self.fmix(a)
        b = Self.fmix(b)
        a = a &+ b
        b = b &+ a
        return PageKey(high: a, low: b)
    }

    private static func rotl(_ x: UInt64, _ r: UInt64) -> UInt64 { (x << r) | (x >> (64 - r)) }

    private static func fmix(_ k: UInt64) -> UInt64 {
        var k = k
        k ^= k >> 33
        k = k &* 0xFF51_AFD7_ED55_8CCD
        k ^= k >> 33
        k = k &* 0xC4CE_B9FE_1A85_EC53
        k ^= k >> 33
        return k
    }
}
