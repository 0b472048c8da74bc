/// What `SearchIndex.update` needs from the previous build: the records' display data, the
/// inverted index, and the names of the files written. Save it with `encoded()` and read it
/// back with `init(decoding:)`.
public struct SearchState: Sendable, Equatable {
    /// A record without its text: enough to sort it, show it and find its text file.
    struct Record: Sendable, Equatable {
        var id: SearchRecord.ID
        var name: String
        /// The folded name: records are numbered in (sortName, kind, slug) order, so ties rank by name.
        var sortName: String
        var countryName: String
        var thumbnail: SearchRecord.Thumbnail?
        /// "t/<hash>", or "" when the record has no text.
        var text: String

        static func precedes(_ a: Record, _ b: Record) -> Bool {
            a.sortName != b.sortName ? WordIndex.precedes(a.sortName, b.sortName) : a.id < b.id
        }
    }

    var options: SearchOptions
    /// In id order.
    var records: [Record]
    var index: WordIndex
    /// Shard key -> file name ("w/<hash>") of the last output.
    var leaves: [String: String]
    var nodes: [String: String]
    /// File name ("d/<hash>") of each chunk of display data.
    var chunks: [String]
    /// The name of the entry file's content, to tell whether it changed.
    var entry: String

    /// The paths of the word shards and display chunks (not texts, not the entry).
    var shardFiles: Set<String> {
        Set(leaves.values.map(ScriptFile.path(of:))).union(nodes.values.map(ScriptFile.path(of:))).union(chunks.map(ScriptFile.path(of:)))
    }

    /// The number of records indexed.
    public var count: Int { records.count }

    /// An index of no records (what a state given up leaves behind).
    public init() {
        (options, records, index, leaves, nodes, chunks, entry) = (SearchOptions(), [], WordIndex(), [:], [:], [], "")
    }

    init(options: SearchOptions, records: [Record], index: WordIndex, leaves: [String: String], nodes: [String: String],
         chunks: [String], entry: String) {
        (self.options, self.records, self.index, self.leaves, self.nodes, self.chunks, self.entry)
            = (options, records, index, leaves, nodes, chunks, entry)
    }
}
