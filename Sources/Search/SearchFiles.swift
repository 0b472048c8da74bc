/// The contents of each kind of generated file (see search.js for the reading side):
///
/// - `search/index.js`: the entry, `{"version","records","chunk","pages","leaves","nodes","chunks","order"}`;
///   leaves and nodes map shard keys to the hashes of `search/w/<hash>.js` ("<key> <hash> <key>
///   <hash> ..."), chunks list the hashes of `search/d/<hash>.js` in id order, order those of
///   `search/o/<hash>.js` in name order (each a text of ten-character hashes one after the other).
/// - leaf shard: `{"w": "<words, space-separated>", "p": "<their postings, space-separated>",
///   "n": "<ids of the records with a posting other than a body one, in name order>"}`.
/// - node shard: `{"s": "<postings of every word with the node's prefix, best field per record>",
///   "n": "<ids of the records whose best field there is not the body, in name order>"}`.
///   With "n", records tied on fields other than the body rank by name from the shard itself.
/// - display chunk: `{"r": [[kind, slug, name, country, thumbnail, width, height, text hash], ...]}`.
/// - order file: `{"o": "<ids in name order, each a number as in postings, not a gap>"}`: the
///   order files, one after the other, list every id once, for ties among many records.
/// - text: the record's body as one JSON string, whitespace collapsed, for snippets.
///
/// Ids are records' places in order of identity (kind, then slug; see `SearchState.records`).
enum SearchFiles {
    typealias File = (name: String, path: String, bytes: [UInt8])

    /// The bytes a word adds to a leaf: itself, its postings, two separators, and at most the
    /// ids of its postings other than body ones in "n".
    static func leafSize(word: String, postings: [UInt32]) -> Int {
        var named = 0
        for posting in postings where PostingCoding.field(posting) != Int(SearchField.body.rawValue) {
            named += PostingCoding.digitCount(PostingCoding.id(posting))
        }
        return word.utf8.count + PostingCoding.encodedCount(postings) + 2 + named
    }

    /// `rank[id]` is a record's place in name order.
    static func leaf(_ index: WordIndex, _ range: Range<Int>, rank: [Int]) -> File {
        var words: [UInt8] = [], postings: [UInt8] = []
        var named = Set<Int>()
        for i in range {
            if i > range.lowerBound {
                words.append(0x20)
                postings.append(0x20)
            }
            words += index.words[i].utf8
            PostingCoding.encode(index.postings[i], into: &postings)
            for posting in index.postings[i] where PostingCoding.field(posting) != Int(SearchField.body.rawValue) {
                named.insert(PostingCoding.id(posting))
            }
        }
        var json = Array(#"{"w":"#.utf8)
        JSON.string(bytes: words, into: &json)
        json += #","p":"#.utf8
        JSON.string(bytes: postings, into: &json)
        json += #","n":"#.utf8
        JSON.string(bytes: byName(named, rank: rank), into: &json)
        json.append(UInt8(ascii: "}"))
        return ScriptFile.hashed(folder: "w", json: json)
    }

    static func node(_ index: WordIndex, _ range: Range<Int>, rank: [Int]) -> File {
        var best = [UInt8](repeating: UInt8.max, count: rank.count)
        for i in range {
            for posting in index.postings[i] {
                let id = PostingCoding.id(posting), field = UInt8(PostingCoding.field(posting))
                if field < best[id] { best[id] = field }
            }
        }
        var summary: [UInt8] = []
        PostingCoding.encode(best: best, into: &summary)
        var json = Array(#"{"s":"#.utf8)
        JSON.string(bytes: summary, into: &json)
        json += #","n":"#.utf8
        JSON.string(bytes: byName(best.indices.filter { best[$0] < SearchField.body.rawValue }, rank: rank), into: &json)
        json.append(UInt8(ascii: "}"))
        return ScriptFile.hashed(folder: "w", json: json)
    }

    /// Ids in name order, each a number as in postings.
    static func byName(_ ids: some Collection<Int>, rank: [Int]) -> [UInt8] {
        var out: [UInt8] = []
        for id in ids.sorted(by: { rank[$0] < rank[$1] }) { PostingCoding.appendNumber(id, to: &out) }
        return out
    }

    static func chunk(_ records: ArraySlice<SearchState.Record>) -> File {
        var json = Array(#"{"r":["#.utf8)
        for (n, record) in records.enumerated() {
            if n > 0 { json.append(UInt8(ascii: ",")) }
            json.append(UInt8(ascii: "["))
            for (i, text) in [record.id.kind.rawValue, record.id.slug, record.name, record.countryName,
                              record.thumbnail?.file ?? ""].enumerated() {
                if i > 0 { json.append(UInt8(ascii: ",")) }
                JSON.string(text, into: &json)
            }
            json += ",\(record.thumbnail?.width ?? 0),\(record.thumbnail?.height ?? 0),".utf8
            JSON.string(String(record.text.dropFirst(2)), into: &json)
            json.append(UInt8(ascii: "]"))
        }
        json += "]}".utf8
        return ScriptFile.hashed(folder: "d", json: json)
    }

    static func order(_ ids: ArraySlice<Int>) -> File {
        var list: [UInt8] = []
        for id in ids { PostingCoding.appendNumber(id, to: &list) }
        var json = Array(#"{"o":"#.utf8)
        JSON.string(bytes: list, into: &json)
        json.append(UInt8(ascii: "}"))
        return ScriptFile.hashed(folder: "o", json: json)
    }

    /// Whether a record is the last of its order file: decided by its identity alone, so that
    /// the cuts move with the records and not with their places.
    static func endsOrderFile(_ record: SearchState.Record, size: Int) -> Bool { record.cut % UInt64(max(size, 1)) == 0 }

    /// FNV of the slug (and kind), mixed further by MurmurHash3's finalizer: alone, FNV gives
    /// similar slugs ("city-1", "city-2") few distinct remainders.
    static func cut(_ id: SearchRecord.ID) -> UInt64 {
        var slug = id.slug
        var hash = slug.withUTF8 { ContentHash.value(of: $0) } ^ UInt64(id.kind.order)
        hash ^= hash >> 33
        hash &*= 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        hash &*= 0xc4ce_b9fe_1a85_ec53
        hash ^= hash >> 33
        return hash
    }

    /// The text file of a body, or nil when it has no words.
    static func text(_ body: String) -> File? {
        var collapsed: [UInt8] = []
        collapsed.reserveCapacity(body.utf8.count)
        var space = false
        for byte in body.utf8 {
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D {
                space = !collapsed.isEmpty
                continue
            }
            if space { collapsed.append(0x20) }
            space = false
            collapsed.append(byte)
        }
        guard !collapsed.isEmpty else { return nil }
        return ScriptFile.hashed(folder: "t", json: JSON.string(String(decoding: collapsed, as: UTF8.self)))
    }

    static func entry(_ state: SearchState) -> [UInt8] {
        var json = Array(#"{"version":2,"records":\#(state.records.count),"chunk":\#(state.options.chunkSize),"pages":{"country":"#.utf8)
        JSON.string(state.options.countryPage, into: &json)
        json += #","city":"#.utf8
        JSON.string(state.options.cityPage, into: &json)
        json += #","page":"#.utf8
        JSON.string(state.options.pagePage, into: &json)
        json += "},".utf8
        // Written for size (the entry is loaded before every first query): maps as one text of
        // keys and hashes, lists as one text of hashes, each ten characters.
        for (label, map) in [("leaves", state.leaves), ("nodes", state.nodes)] {
            let pairs = map.keys.sorted(by: WordIndex.precedes).map { "\($0) \(map[$0]!.dropFirst(2))" }
            json += "\"\(label)\":".utf8
            JSON.string(pairs.joined(separator: " "), into: &json)
            json.append(UInt8(ascii: ","))
        }
        for (label, names) in [("chunks", state.chunks), ("order", state.orders)] {
            json += "\"\(label)\":".utf8
            JSON.string(names.map { $0.dropFirst(2) }.joined(), into: &json)
            json.append(UInt8(ascii: label == "order" ? "}" : ","))
        }
        return ScriptFile.wrap(name: ScriptFile.entryName, json: json)
    }
}
