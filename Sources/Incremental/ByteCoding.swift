import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model
import Render

/// A compact binary encoding for the build manifest: unsigned LEB128 integers, and strings
/// and byte runs prefixed by their length. Reading checks every bound and fails softly.
package struct ByteWriter {
    package private(set) var bytes: [UInt8] = []

    package init(capacity: Int = 1 << 16) { bytes.reserveCapacity(capacity) }

    package mutating func int(_ value: Int) { uint(UInt64(bitPattern: Int64(value))) }

    package mutating func uint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    package mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    package mutating func word(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    package mutating func digest(_ value: Digest) {
        word(value.a)
        word(value.b)
        word(value.c)
        word(value.d)
    }

    package mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            uint(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    package mutating func optionalString(_ value: String?) {
        bool(value != nil)
        if let value { string(value) }
    }

    package mutating func raw(_ value: [UInt8]) { bytes.append(contentsOf: value) }

    package mutating func raw(_ value: ArraySlice<UInt8>) { bytes.append(contentsOf: value) }

    /// Writes the bytes `body` writes, prefixed by their length.
    package mutating func block(_ body: (inout ByteWriter) -> Void) {
        var inner = ByteWriter(capacity: 256)
        body(&inner)
        uint(UInt64(inner.bytes.count))
        bytes.append(contentsOf: inner.bytes)
    }
}

/// Reads what `ByteWriter` wrote; every read past the end or of a malformed value makes
/// `failed` true and returns a neutral value, so a damaged manifest is simply ignored.
package struct ByteReader {
    private let bytes: [UInt8]
    package private(set) var offset: Int
    private let end: Int
    package private(set) var failed = false

    package init(_ bytes: [UInt8], offset: Int = 0) {
        self.init(bytes, offset..<bytes.count)
    }

    /// Reads only within `range` of `bytes`.
    package init(_ bytes: [UInt8], _ range: Range<Int>) {
        self.bytes = bytes
        offset = range.lowerBound
        end = min(range.upperBound, bytes.count)
    }

    package var atEnd: Bool { offset == end }

    package mutating func uint() -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while offset < end, shift < 64 {
            let byte = bytes[offset]
            offset += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
        failed = true
        return 0
    }

    package mutating func int() -> Int { Int(truncatingIfNeeded: Int64(bitPattern: uint())) }

    package mutating func word() -> UInt64 {
        guard end - offset >= 8 else {
            failed = true
            return 0
        }
        var value: UInt64 = 0
        for index in (0..<8).reversed() { value = value << 8 | UInt64(bytes[offset + index]) }
        offset += 8
        return value
    }

    package mutating func digest() -> Digest { Digest(a: word(), b: word(), c: word(), d: word()) }

    /// A count of items (or bytes) that follow, refused when it cannot fit in what is left.
    package mutating func count() -> Int {
        let value = uint()
        guard value <= UInt64(end - offset) else {
            failed = true
            return 0
        }
        return Int(value)
    }

    package mutating func bool() -> Bool {
        guard offset < end, bytes[offset] <= 1 else {
            failed = true
            return false
        }
        offset += 1
        return bytes[offset - 1] == 1
    }

    package mutating func string() -> String {
        let length = count()
        guard !failed else { return "" }
        defer { offset += length }
        return bytes.withUnsafeBufferPointer { String(decoding: $0[offset..<offset + length], as: UTF8.self) }
    }

    package mutating func optionalString() -> String? { bool() ? string() : nil }

    /// Skips a string without decoding it.
    package mutating func skipString() { _ = skip(count()) }

    /// Skips `length` bytes, returning where they were.
    package mutating func skip(_ length: Int) -> Range<Int> {
        guard !failed, length <= end - offset else {
            failed = true
            return offset..<offset
        }
        defer { offset += length }
        return offset..<offset + length
    }
}
