/// The contents of each kind of generated file (see search.js for the reading side):
///
/// - `search/index.js`: the entry, `{"version","records","chunk","pages","leaves","nodes","chunks"}`;
///   leaves and nodes map shard keys to the hashes of `search/w/<hash>.js`, chunks list the
///   hashes of `search/d/<hash>.js` in id order.
/// - leaf shard: `{"w": "<words, space-separated>", "p": "<their postings, space-separated>"}`.
/// - node shard: `{"s": "<postings of every word with the node's prefix, best field per record>"}`.
/// - display chunk: `{"r": [[kind, slug, name, country, thumbnail, width, height, text hash], ...]}`.
/// - text: the record's body as one JSON string, whitespace collapsed, for snippets.
enum SearchFiles {
    typealias File = (name: String, path: String, bytes: [UInt8])

    /// The bytes a word adds to a leaf: itself, its postings and two separators.
    static func leafSize(word: String, postings: [UInt32]) -> Int {
        var out: [UInt8] = []
        PostingCoding.encode(postings, into: &out)
        return word.utf8.count + out.count + 2
    }

    static func leaf(_ index: WordIndex, _ range: Range<Int>) -> File {
        var words: [UInt8] = [], postings: [UInt8] = []
        for i in range {
            if i > range.lowerBound {
                words.append(0x20)
                postings.append(0x20)
            }
            words += index.words[i].utf8
            PostingCoding.encode(index.postings[i], into: &postings)
        }
        var json = Array(#"{"w":"#.utf8)
        JSON.string(bytes: words, into: &json)
        json += #","p":"#.utf8
        JSON.string(bytes: postings, into: &json)
        json.append(UInt8(ascii: "}"))
        return ScriptFile.hashed(folder: "w", json: json)
    }

    static func node(_ index: WordIndex, _ range: Range<Int>, recordCount: Int) -> File {
        var best = [UInt8](repeating: UInt8.max, count: recordCount)
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
        json.append(UInt8(ascii: "}"))
        return ScriptFile.hashed(folder: "w", json: json)
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
        var json = Array(#"{"version":1,"records":\#(state.records.count),"chunk":\#(state.options.chunkSize),"pages":{"country":"#.utf8)
        JSON.string(state.options.countryPage, into: &json)
        json += #","city":"#.utf8
        JSON.string(state.options.cityPage, into: &json)
        json += "},".utf8
        for (label, map) in [("leaves", state.leaves), ("nodes", state.nodes)] {
            json += "\"\(label)\":{".utf8
            for (n, key) in map.keys.sorted(by: WordIndex.precedes).enumerated() {
                if n > 0 { json.append(UInt8(ascii: ",")) }
                JSON.string(key, into: &json)
                json.append(UInt8(ascii: ":"))
                JSON.string(String(map[key]!.dropFirst(2)), into: &json)
            }
            json += "},".utf8
        }
        json += #""chunks":["#.utf8
        for (n, name) in state.chunks.enumerated() {
            if n > 0 { json.append(UInt8(ascii: ",")) }
            JSON.string(String(name.dropFirst(2)), into: &json)
        }
        json += "]}".utf8
        return ScriptFile.wrap(name: ScriptFile.entryName, json: json)
    }
}
