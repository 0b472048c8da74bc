import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model
import Render

/// A 128-bit checksum of bytes given in pieces (the manifest is written a megabyte at a
/// time), eight bytes to a word: a truncated or damaged manifest is noticed and ignored.
package struct Checksum {
    private var hasher = PageKeyHasher()
    /// Bytes of a word not yet complete, and how many.
    private var pending: UInt64 = 0
    private var pendingCount = 0
    private var total = 0

    package init() {}

    package mutating func add(_ bytes: ArraySlice<UInt8>) {
        total += bytes.count
        bytes.withUnsafeBytes { raw in
            var index = 0
            let count = raw.count
            while pendingCount > 0, index < count {
                pending |= UInt64(raw[index]) << UInt64(8 * pendingCount)
                index += 1
                pendingCount += 1
                if pendingCount == 8 {
                    hasher.add(word: pending)
                    (pending, pendingCount) = (0, 0)
                }
            }
            while index + 8 <= count {
                hasher.add(word: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self).littleEndian)
                index += 8
            }
            while index < count {
                pending |= UInt64(raw[index]) << UInt64(8 * pendingCount)
                index += 1
                pendingCount += 1
            }
        }
    }

    package var value: PageKey {
        var hasher = hasher
        if pendingCount > 0 { hasher.add(word: pending) }
        hasher.add(total)
        return hasher.key
    }

    package static func of(_ bytes: ArraySlice<UInt8>) -> PageKey {
        var checksum = Checksum()
        checksum.add(bytes)
        return checksum.value
    }
}
