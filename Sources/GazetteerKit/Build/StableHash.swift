import Foundation

/// Two 64-bit multiply-xorshift hashes with different seeds, fed eight bytes at a time: the
/// same on every machine and in every process (unlike Swift's `Hasher`), enough to tell records
/// apart, and quick over the 10,000 records of a big guide. For what the cache keeps.
struct StableHash {
    private var high: UInt64 = 0xcbf2_9ce4_8422_2325
    private var low: UInt64 = 0x6c62_272e_07bb_0142

    mutating func add(_ text: String) {
        add(UInt64(text.utf8.count))
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            while index + 8 <= bytes.count {
                add(UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
                index += 8
            }
            var rest: UInt64 = 0
            for (shift, byte) in bytes[index...].enumerated() { rest |= UInt64(byte) << UInt64(8 * shift) }
            if index < bytes.count { add(rest) }
        }
    }

    mutating func add(_ value: UInt64) {
        high = (high ^ value) &* 0x9E37_79B9_7F4A_7C15
        high ^= high >> 29
        low = (low ^ value) &* 0xBF58_476D_1CE4_E5B9
        low ^= low >> 31
    }

    var signature: SavedSearch.Signature { SavedSearch.Signature(high: high, low: low) }
}
