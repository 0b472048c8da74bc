/// What `SearchIndex.update` needs from the previous build: the records' display data, the
/// inverted index, and the names of the files written. Save it with `encoded()` and read it
/// back with `init(decoding:)`.
public struct SearchState: Sendable, Equatable {
    /// A record without its text: enough to sort it, show it and find its text file.
    struct Record: Sendable, Equatable {
        let id: SearchRecord.ID
        var name: String
        /// The folded name: ties rank by (sortName, kind, slug), see `precedesByName`.
        var sortName: String
        var countryName: String
        var thumbnail: SearchRecord.Thumbnail?
        /// "t/<hash>", or "" when the record has no text.
        var text: String
        /// The hash of the identity that tells whether the record ends an order file, kept
        /// because every update asks it of every record (`SearchFiles.endsOrderFile`).
        let cut: UInt64

        init(id: SearchRecord.ID, name: String, sortName: String, countryName: String, thumbnail: SearchRecord.Thumbnail?, text: String) {
            (self.id, self.name, self.sortName, self.countryName, self.thumbnail, self.text) = (id, name, sortName, countryName, thumbnail, text)
            cut = SearchFiles.cut(id)
        }

        /// The order of name that ranks records tied on their fields, the same as search.js's `byName`.
        static func precedesByName(_ a: Record, _ b: Record) -> Bool {
            a.sortName != b.sortName ? WordIndex.precedes(a.sortName, b.sortName) : a.id < b.id
        }
    }

    var options: SearchOptions
    /// In id order. A record's id is its place in order of identity (kind, then slug), so that
    /// an edit, a new name included, leaves every id as it was; only records added or removed
    /// move the ids after them.
    var records: [Record]
    /// Every id, in name order (`Record.precedesByName`).
    var byName: [Int]
    var index: WordIndex
    /// Shard key -> file name ("w/<hash>") of the last output.
    var leaves: [String: String]
    var nodes: [String: String]
    /// File name ("d/<hash>") of each chunk of display data.
    var chunks: [String]
    /// File name ("o/<hash>") of each order file: `byName` cut into parts.
    var orders: [String]
    /// The name of the entry file's content, to tell whether it changed.
    var entry: String

    /// The paths of the word shards, display chunks and order files (not texts, not the entry).
    var shardFiles: Set<String> {
        Set(leaves.values.map(ScriptFile.path(of:))).union(nodes.values.map(ScriptFile.path(of:)))
            .union(chunks.map(ScriptFile.path(of:))).union(orders.map(ScriptFile.path(of:)))
    }

    /// The number of records indexed.
    public var count: Int { records.count }

    /// An index of no records (what a state given up leaves behind).
    public init() {
        (options, records, byName, index, leaves, nodes, chunks, orders, entry) = (SearchOptions(), [], [], WordIndex(), [:], [:], [], [], "")
    }

    init(options: SearchOptions, records: [Record], byName: [Int], index: WordIndex, leaves: [String: String],
         nodes: [String: String], chunks: [String], orders: [String], entry: String) {
        (self.options, self.records, self.byName, self.index, self.leaves, self.nodes, self.chunks, self.orders, self.entry)
            = (options, records, byName, index, leaves, nodes, chunks, orders, entry)
    }

    /// Whether a record with this identity is indexed.
    public func contains(_ identity: SearchRecord.ID) -> Bool { id(of: identity) != nil }

    /// The id of the record with this identity, if there is one.
    func id(of identity: SearchRecord.ID) -> Int? {
        var low = 0, high = records.count
        while low < high {
            let middle = (low + high) / 2
            if records[middle].id < identity { low = middle + 1 } else { high = middle }
        }
        return low < records.count && records[low].id == identity ? low : nil
    }
}
