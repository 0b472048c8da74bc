/// SearchState as bytes: a tag and version, then varints and length-prefixed UTF-8 strings;
/// posting lists as gaps, which is what keeps the state small and quick to read.
extension SearchState {
    static let magic = Array("GZSEARCH2".utf8)

    /// The state whole, in one array.
    public func encoded() -> [UInt8] {
        var whole: [UInt8] = []
        encode { whole += $0 }
        return whole
    }

    /// The state in pieces of about `piece` bytes, handed to `flush` in order as they are made:
    /// written straight to a file, it is never held whole (at 100,000 pages it is 29 MB, and
    /// an array grown to hold it took 50).
    public func encode(piece: Int = 1 << 20, flush: ([UInt8]) -> Void) {
        var out = ByteWriter()
        out.bytes.reserveCapacity(piece + (1 << 12))
        func flushIfFull() {
            guard out.bytes.count >= piece else { return }
            flush(out.bytes)
            out.bytes.removeAll(keepingCapacity: true)
        }
        out.bytes += Self.magic
        out.int(options.shardLimit); out.int(options.chunkSize); out.int(options.orderSize)
        out.string(options.countryPage); out.string(options.cityPage)
        out.int(records.count)
        for record in records {
            flushIfFull()
            out.int(record.id.kind.order)
            out.string(record.id.slug); out.string(record.name); out.string(record.sortName)
            out.string(record.countryName); out.string(record.text)
            out.string(record.thumbnail?.file ?? "")
            out.int(record.thumbnail?.width ?? 0); out.int(record.thumbnail?.height ?? 0)
        }
        for id in byName {
            flushIfFull()
            out.int(id)
        }
        out.int(index.words.count)
        for (i, word) in index.words.enumerated() {
            flushIfFull()
            out.string(word)
            out.int(index.sizes[i])
            out.int(index.postings[i].count)
            var previous: UInt32 = 0
            for posting in index.postings[i] {
                out.int(Int(posting - previous))
                previous = posting
            }
        }
        for map in [leaves, nodes] {
            out.int(map.count)
            for key in map.keys.sorted(by: WordIndex.precedes) { out.string(key); out.string(map[key]!) }
        }
        for names in [chunks, orders] {
            out.int(names.count)
            for name in names { out.string(name) }
        }
        out.string(entry)
        flush(out.bytes)
    }

    public init(decoding bytes: [UInt8]) throws {
        var input = ByteReader(bytes: bytes)
        guard bytes.starts(with: Self.magic) else { throw SearchIndexError.unreadableState("not a search state") }
        input.offset = Self.magic.count
        options = SearchOptions(shardLimit: try input.int(), chunkSize: try input.int(), orderSize: try input.int(),
                                countryPage: try input.string(), cityPage: try input.string())
        records = []
        // Reserved: grown by doubling, the records' array of 100,000 pages held 17 MB for 13.
        let recordCount = try input.count()
        records.reserveCapacity(recordCount)
        // Countries' names and thumbnails many cities share, held once.
        var shared: Set<String> = []
        shared.reserveCapacity(recordCount / 4)
        for _ in 0..<recordCount {
            let kind = SearchRecord.Kind(order: try input.int()) ?? .city
            let slug = try input.string(), name = try input.string(), sortName = try input.string()
            let country = shared.insert(try input.string()).memberAfterInsert, text = try input.string()
            let file = shared.insert(try input.string()).memberAfterInsert
            let width = try input.int(), height = try input.int()
            records.append(Record(id: .init(kind: kind, slug: slug), name: name, sortName: sortName, countryName: country,
                                  thumbnail: file.isEmpty ? nil : .init(file: file, width: width, height: height), text: text))
        }
        byName = []
        byName.reserveCapacity(records.count)
        for _ in records.indices {
            let id = try input.int()
            guard id >= 0, id < records.count else { throw SearchIndexError.unreadableState("bad id") }
            byName.append(id)
        }
        let wordCount = try input.count()
        var words: [String] = [], sizes: [Int] = [], postings: [[UInt32]] = []
        words.reserveCapacity(wordCount); sizes.reserveCapacity(wordCount); postings.reserveCapacity(wordCount)
        for _ in 0..<wordCount {
            words.append(try input.string())
            sizes.append(try input.int())
            postings.append(try input.postings(count: try input.count()))
        }
        index = WordIndex(words: words, postings: postings, sizes: sizes)
        var maps: [[String: String]] = []
        for _ in 0..<2 {
            var map: [String: String] = [:]
            for _ in 0..<(try input.count()) { map[try input.string()] = try input.string() }
            maps.append(map)
        }
        leaves = maps[0]
        nodes = maps[1]
        chunks = try (0..<(try input.count())).map { _ in try input.string() }
        orders = try (0..<(try input.count())).map { _ in try input.string() }
        entry = try input.string()
        guard input.offset == bytes.count else { throw SearchIndexError.unreadableState("trailing bytes") }
    }
}

struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func int(_ value: Int) {
        var rest = UInt64(value)
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func string(_ text: String) {
        int(text.utf8.count)
        bytes += text.utf8
    }
}

struct ByteReader {
    let bytes: [UInt8]
    var offset = 0

    mutating func int() throws -> Int {
        var value: UInt64 = 0, shift: UInt64 = 0
        while true {
            guard offset < bytes.count, shift < 64 else { throw SearchIndexError.unreadableState("cut short") }
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return Int(truncatingIfNeeded: value) }
            shift += 7
        }
    }

    /// A posting list of `count` ids stored as gaps, read without a check per byte: the
    /// postings are most of the state (21 MB at 100,000 pages, read on every edit).
    mutating func postings(count: Int) throws -> [UInt32] {
        var failed = false
        var end = offset
        let list = bytes.withUnsafeBufferPointer { all in
            [UInt32](unsafeUninitializedCapacity: count) { list, initialized in
                var at = offset, previous: UInt32 = 0
                for i in 0..<count {
                    var value: UInt64 = 0, shift: UInt64 = 0
                    while true {
                        guard at < all.count, shift < 64 else { failed = true; break }
                        let byte = all[at]
                        at += 1
                        value |= UInt64(byte & 0x7F) << shift
                        if byte < 0x80 { break }
                        shift += 7
                    }
                    if failed { initialized = i; return }
                    previous &+= UInt32(truncatingIfNeeded: value)
                    list[i] = previous
                }
                initialized = count
                end = at
            }
        }
        guard !failed else { throw SearchIndexError.unreadableState("cut short") }
        offset = end
        return list
    }

    /// A count of items that follow: never more than the bytes left.
    mutating func count() throws -> Int {
        let count = try int()
        guard count >= 0, count <= bytes.count - offset else { throw SearchIndexError.unreadableState("bad count") }
        return count
    }

    mutating func string() throws -> String {
        let length = try count()
        defer { offset += length }
        return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
    }
}
