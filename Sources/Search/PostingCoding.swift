/// The text form of a posting list, as search.js's `decodePostings` reads it.
///
/// A list is one segment per field that has records: the field's marker (`FIELD_MARKERS`), then
/// either the record ids as gaps (each `id - previous - 1`, previous starting at -1) written in
/// base 32, high digits first, every digit but the last taken from the upper half of `DIGITS`;
/// or, when shorter, `*` and a bitmap of ids 0..max, six ids per digit, low bit first.
enum PostingCoding {
    static let digits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    static let fieldMarkers = Array(".:;<=>".utf8)
    static let bitmapMarker = UInt8(ascii: "*")

    /// A posting packs a record id and the field it matched: `id << 3 | field`.
    @inline(__always) static func pack(_ id: Int, _ field: SearchField) -> UInt32 { UInt32(id) << 3 | UInt32(field.rawValue) }
    @inline(__always) static func id(_ posting: UInt32) -> Int { Int(posting >> 3) }
    @inline(__always) static func field(_ posting: UInt32) -> Int { Int(posting & 7) }

    /// Encodes postings sorted by id (each id once) into `out`.
    static func encode(_ postings: [UInt32], into out: inout [UInt8]) {
        var present = 0
        for posting in postings { present |= 1 << field(posting) }
        for field in 0..<SearchField.allCases.count where present & (1 << field) != 0 {
            let ids = present == 1 << field ? postings.map(id) : postings.compactMap { Self.field($0) == field ? id($0) : nil }
            encode(ids: ids, field: field, into: &out)
        }
    }

    /// How many bytes `encode(_:into:)` writes for `postings`, counted without writing them: a
    /// leaf's size is asked again for each word of an edited record, some of whose lists hold
    /// nearly every record.
    static func encodedCount(_ postings: [UInt32]) -> Int {
        var present = 0
        for posting in postings { present |= 1 << field(posting) }
        var count = 0
        for field in 0..<SearchField.allCases.count where present & (1 << field) != 0 {
            let only = present == 1 << field
            var (gaps, previous) = (0, -1)
            for posting in postings where only || Self.field(posting) == field {
                gaps += digitCount(id(posting) - previous - 1)
                previous = id(posting)
            }
            let bitmapLength = previous / 6 + 1
            count += 1 + (bitmapLength + 1 < gaps ? 1 + bitmapLength : gaps)
        }
        return count
    }

    /// Encodes, for each id whose `best` entry is a field, that id under that field.
    static func encode(best: [UInt8], into out: inout [UInt8]) {
        var byField = [[Int]](repeating: [], count: SearchField.allCases.count)
        for (id, field) in best.enumerated() where Int(field) < byField.count { byField[Int(field)].append(id) }
        for (field, ids) in byField.enumerated() where !ids.isEmpty { encode(ids: ids, field: field, into: &out) }
    }

    static func encode(ids: [Int], field: Int, into out: inout [UInt8]) {
        out.append(fieldMarkers[field])
        let bitmapLength = ids.last! / 6 + 1
        var gapsLength = 0
        var previous = -1
        for id in ids {
            gapsLength += digitCount(id - previous - 1)
            previous = id
            if gapsLength > bitmapLength + 1 { break }
        }
        if bitmapLength + 1 < gapsLength {
            out.append(bitmapMarker)
            var bits = [UInt8](repeating: 0, count: bitmapLength)
            for id in ids { bits[id / 6] |= 1 << UInt8(id % 6) }
            for value in bits { out.append(digits[Int(value)]) }
        } else {
            previous = -1
            for id in ids {
                appendNumber(id - previous - 1, to: &out)
                previous = id
            }
        }
    }

    static func digitCount(_ value: Int) -> Int {
        var count = 1
        var rest = value >> 5
        while rest > 0 { count += 1; rest >>= 5 }
        return count
    }

    static func appendNumber(_ value: Int, to out: inout [UInt8]) {
        var shift = (digitCount(value) - 1) * 5
        while shift > 0 {
            out.append(digits[32 + (value >> shift) & 31])
            shift -= 5
        }
        out.append(digits[value & 31])
    }
}
