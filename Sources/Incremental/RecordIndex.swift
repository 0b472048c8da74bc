import Foundation
import Load

/// Where each record of one kind (pages, entries or sources) is in the manifest's parts, found
/// by its key (a path) without a string or a dictionary entry per record: the keys' bytes are
/// copied from the parts into one buffer, and a table of slots, open-addressed by a 64-bit
/// FNV-1a hash of the key, finds a record's slot; the key's bytes are compared to confirm it.
///
/// At 100,000 pages an edit's build indexes 300,000 records of the last manifest to look up
/// a few thousand: a dictionary of strings made each a heap string and a SipHash per record
/// (`load.index` 288 ms of a 2.2 s edit).
package struct RecordIndex: Sendable {
    /// A record: where its key is in `keyBytes`, its place in the archive, its page key
    /// (pages only; zero for the others) and the hash of its key.
    package struct Slot: Sendable {
        var hash: UInt64
        var keyStart: UInt32
        var keyLength: UInt32
        package var range: Range<Int>
        package var key: PageKey
    }

    /// One part's records, made from its bytes (`ManifestCoding.slotsPart`), their places
    /// within the part, their keys' bytes in `keyBytes`.
    package struct PartSlots: Sendable {
        var slots: [Slot]
        var keyBytes: [UInt8]
        package var count: Int { slots.count }
    }

    private var slots: [Slot] = []
    private var keyBytes: [UInt8] = []
    /// Open-addressed: a slot's index plus one, 0 where none is; a power of two long.
    private var table: [UInt32] = []

    package init() {}

    /// The records of `parts`, each with its part's index (among every part of the archive),
    /// placed by `place(part, range)`.
    init(_ parts: [(part: Int, slots: PartSlots)], place: (Int, Range<Int>) -> Range<Int>) {
        let total = parts.reduce(0) { $0 + $1.slots.count }
        slots.reserveCapacity(total)
        keyBytes.reserveCapacity(parts.reduce(0) { $0 + $1.slots.keyBytes.count })
        for (part, own) in parts {
            let base = UInt32(keyBytes.count)
            keyBytes += own.keyBytes
            for var slot in own.slots {
                slot.keyStart += base
                slot.range = place(part, slot.range)
                slots.append(slot)
            }
        }
        var capacity = 16
        while capacity < total * 2 { capacity *= 2 }
        table = [UInt32](repeating: 0, count: capacity)
        let mask = capacity - 1
        table.withUnsafeMutableBufferPointer { table in
            for (index, slot) in slots.enumerated() {
                var probe = Int(truncatingIfNeeded: slot.hash) & mask
                while table[probe] != 0 { probe = (probe + 1) & mask }
                table[probe] = UInt32(index + 1)
            }
        }
    }

    /// How many records there are.
    package var count: Int { slots.count }

    /// The keys `keys`, each at its position: found by `position(of:)`.
    package init(keys: [String]) {
        var part = PartSlots(slots: [], keyBytes: [])
        part.slots.reserveCapacity(keys.count)
        for (n, key) in keys.enumerated() {
            let bytes = Array(key.utf8)
            let hash = bytes.withUnsafeBufferPointer { Self.hash($0) }
            part.slots.append(Slot(hash: hash, keyStart: UInt32(part.keyBytes.count), keyLength: UInt32(bytes.count), range: n..<n,
                                   key: PageKey(high: 0, low: 0)))
            part.keyBytes += bytes
        }
        self.init([(0, part)]) { $1 }
    }

    /// The record whose key is `key` (nil: none). A key held twice (a damaged manifest) finds
    /// the first.
    package subscript(key: String) -> Slot? { position(of: key).map { slots[$0] } }

    /// The position of the record whose key is `key` among every record (in the parts' order).
    package func position(of key: String) -> Int? {
        guard !table.isEmpty else { return nil }
        if let found = key.utf8.withContiguousStorageIfAvailable({ find($0) }) { return found }
        return Array(key.utf8).withUnsafeBufferPointer { find($0) }
    }

    private func find(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
        let hash = Self.hash(key)
        let mask = table.count - 1
        var probe = Int(truncatingIfNeeded: hash) & mask
        return table.withUnsafeBufferPointer { table in
            keyBytes.withUnsafeBufferPointer { bytes in
                while table[probe] != 0 {
                    let slot = slots[Int(table[probe]) - 1]
                    if slot.hash == hash, Int(slot.keyLength) == key.count,
                       key.isEmpty || memcmp(bytes.baseAddress! + Int(slot.keyStart), key.baseAddress!, key.count) == 0 {
                        return Int(table[probe]) - 1
                    }
                    probe = (probe + 1) & mask
                }
                return nil
            }
        }
    }

    /// The place of the record at `position` (among every record, in the parts' order).
    package func place(at position: Int) -> Range<Int> { slots[position].range }

    /// The key of the record at `position`.
    package func key(at position: Int) -> String {
        let slot = slots[position]
        return keyBytes.withUnsafeBufferPointer {
            String(decoding: $0[Int(slot.keyStart)..<Int(slot.keyStart + slot.keyLength)], as: UTF8.self)
        }
    }

    /// Every key, in the parts' order (made as strings: for the few steps that go through all).
    package var keys: [String] {
        keyBytes.withUnsafeBufferPointer { bytes in
            slots.map { String(decoding: bytes[Int($0.keyStart)..<Int($0.keyStart + $0.keyLength)], as: UTF8.self) }
        }
    }

    /// Every key with its record's place, in the parts' order.
    package var places: [(key: String, place: Range<Int>)] { Array(zip(keys, slots.map(\.range))) }

    /// FNV-1a, 64 bits (`ManifestParts.shard` takes the same hash of a key, modulo the shards).
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}

extension ManifestCoding {
    /// The records of a part of `kind` (entries, sources, pages) as slots, without decoding
    /// their keys (nil: the part is damaged).
    package static func slotsPart(_ bytes: [UInt8], _ kind: PartKind) -> RecordIndex.PartSlots? {
        var r = ByteReader(bytes)
        let count = r.count()
        var slots: [RecordIndex.Slot] = []
        slots.reserveCapacity(count)
        var keys: [UInt8] = []
        keys.reserveCapacity(count * 32)
        for _ in 0..<count {
            let range = r.skip(r.count())
            var record = ByteReader(bytes, range)
            if kind == .entries, record.bool() { _ = FileStamp.decode(from: &record) }
            let key = record.skip(record.count())
            let page = kind == .pages ? PageKey(high: record.uint(), low: record.uint()) : PageKey(high: 0, low: 0)
            guard !r.failed, !record.failed, key.count <= UInt32.max, keys.count + key.count <= UInt32.max else { return nil }
            let hash = bytes.withUnsafeBufferPointer { RecordIndex.hash(UnsafeBufferPointer(rebasing: $0[key])) }
            slots.append(RecordIndex.Slot(hash: hash, keyStart: UInt32(keys.count), keyLength: UInt32(key.count), range: range, key: page))
            keys += bytes[key]
        }
        return r.failed || !r.atEnd ? nil : RecordIndex.PartSlots(slots: slots, keyBytes: keys)
    }
}

/// The last build's entries, decoded, each found by its path through the manifest's index of
/// them (`RecordIndex`): no dictionary of 20,000 paths made for an edit.
package struct StampedEntries: Sendable, ExpressibleByDictionaryLiteral {
    private let index: RecordIndex
    /// Every entry, in the index's order.
    package let values: [BuildManifest.StampedEntry]

    /// `values` in the order of the records of `index`.
    init?(index: RecordIndex, values: [BuildManifest.StampedEntry]) {
        guard index.count == values.count else { return nil }
        (self.index, self.values) = (index, values)
    }

    package init(dictionaryLiteral elements: (String, BuildManifest.StampedEntry)...) {
        index = RecordIndex(keys: elements.map(\.0))
        values = elements.map(\.1)
    }

    package subscript(path: String) -> BuildManifest.StampedEntry? { index.position(of: path).map { values[$0] } }

    package var count: Int { values.count }
    package var isEmpty: Bool { values.isEmpty }
    /// Every entry's path.
    package var keys: [String] { values.map(\.entry.path) }
}
