import Foundation
import Search
import Load

/// The search index as the last build left it, in the cache folder (`search.state`): the
/// settings it was made under (the build's global key), each record's signature and
/// thumbnail, and the `SearchState` to update. Written after the output is published and
/// removed before the output's index changes, so a state on disk always describes the
/// output; one that is missing, damaged or from other settings means a build from scratch.
struct SavedSearch {
    /// A hash of what a record is made of (see `SearchSources.signatures`).
    struct Signature: Hashable {
        var high: UInt64
        var low: UInt64
    }

    struct Entry {
        var signature: Signature
        /// The file name in `images/` of the thumbnail planned for the record, if any.
        var thumbnail: String?
        /// Whether the output has it (the record shows it).
        var shown: Bool
    }

    var globalKey: String
    var records: [SearchRecord.ID: Entry]
    var state: SearchState

    private static let magic = Array("gazetteer search state 3\n".utf8)

    static func url(in cache: URL) -> URL { cache.appending(path: "search.state") }

    /// The state, given up: this keeps an empty one.
    mutating func takeState() -> SearchState {
        defer { state = SearchState() }
        return state
    }


    /// The state saved in `file`, when it reads back whole (made under `globalKey`).
    static func read(_ file: URL) -> SavedSearch? {
        guard var bytes = FileBytes.read(file.path) else { return nil }
        guard bytes.starts(with: magic) else { return nil }
        var reader = Reader(bytes: bytes, offset: magic.count)
        guard let key = reader.string(), let count = reader.uint(), count < 10_000_000 else { return nil }
        var records: [SearchRecord.ID: Entry] = [:]
        records.reserveCapacity(Int(count))
        // Thumbnails of cities that show the same picture, held once.
        var thumbnails: Set<String> = []
        thumbnails.reserveCapacity(Int(count) / 4)
        for _ in 0..<count {
            guard let kind = reader.uint(), let slug = reader.string(), let high = reader.uint(), let low = reader.uint(),
                  let thumbnail = reader.string(), let shown = reader.uint() else { return nil }
            guard let kind = SearchRecord.Kind(order: Int(kind)) else { return nil }
            let id = SearchRecord.ID(kind: kind, slug: slug)
            records[id] = Entry(signature: Signature(high: high, low: low), thumbnail: thumbnail.isEmpty ? nil : thumbnails.insert(thumbnail).memberAfterInsert, shown: shown == 1)
        }
        // The state's part, moved to the front of the same array rather than copied out.
        bytes = reader.bytes
        reader.bytes = []
        bytes.removeFirst(reader.offset)
        guard let state = try? SearchState(decoding: bytes) else { return nil }
        return SavedSearch(globalKey: key, records: records, state: state)
    }

    /// Writes the state through a temporary file and a rename; a failure only makes the next
    /// build make the index from scratch.
    func save(to cache: URL) {
        let target = Self.url(in: cache)
        let temporary = cache.appending(path: ".search.\(ProcessInfo.processInfo.processIdentifier).tmp")
        try? FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        // The records' part and the state's, each written in pieces as it is made (held whole,
        // they were 65 MB at the peak of a 100,000-page build, beside the manifest's saving).
        let written = FileBytes.write(to: temporary.path) { put in
            let piece = 1 << 20
            var bytes = Self.magic
            bytes.reserveCapacity(piece + (1 << 12))
            func uint(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
            func string(_ text: String) { uint(UInt64(text.utf8.count)); bytes.append(contentsOf: text.utf8) }
            string(globalKey)
            uint(UInt64(records.count))
            // Countries, then cities, then pages, each in the byte order of their slugs.
            var ids = Array(records.keys)
            ids.sort { $0.kind != $1.kind ? $0.kind < $1.kind : $0.slug.utf8.lexicographicallyPrecedes($1.slug.utf8) }
            for id in ids {
                if bytes.count >= piece {
                    put(bytes)
                    bytes.removeAll(keepingCapacity: true)
                }
                let entry = records[id]!
                uint(UInt64(id.kind.order))
                string(id.slug)
                uint(entry.signature.high)
                uint(entry.signature.low)
                string(entry.thumbnail ?? "")
                uint(entry.shown ? 1 : 0)
            }
            put(bytes)
            state.encode(flush: put)
        }
        if written, rename(temporary.path, target.path) != 0 {
            unlink(temporary.path)
        }
    }

    private struct Reader {
        var bytes: [UInt8]
        var offset: Int

        mutating func uint() -> UInt64? {
            guard offset + 8 <= bytes.count else { return nil }
            var value: UInt64 = 0
            for n in 0..<8 { value |= UInt64(bytes[offset + n]) << UInt64(8 * n) }
            offset += 8
            return value
        }

        mutating func string() -> String? {
            guard let count = uint(), count <= UInt64(bytes.count - offset) else { return nil }
            let text = String(decoding: bytes[offset..<(offset + Int(count))], as: UTF8.self)
            offset += Int(count)
            return text
        }
    }
}
