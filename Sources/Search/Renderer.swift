/// Turns a state's index and records into files, re-rendering only what changed when told
/// what the previous output was.
enum Renderer {
    static let entryPath = ScriptFile.folder + ScriptFile.entryName + ".js"

    /// What an update changed, in terms of the files it can affect (ids unchanged).
    struct Changes {
        /// Prefixes of words whose postings changed: the leaves with these keys are stale.
        var leafKeys = Set<String>()
        /// Prefixes under which some record's best field changed: these nodes are stale.
        var nodeKeys = Set<String>()
        var ids = Set<Int>()
        /// Chunks holding ids from this one on are stale (the number of records changed).
        var firstStaleID: Int?

        mutating func record(id: Int, before: [String: SearchField], after: [String: SearchField]) {
            ids.insert(id)
            for (word, field) in before where after[word] != field { leafKeys.formUnion(Self.prefixes(of: word)) }
            for (word, field) in after where before[word] != field { leafKeys.formUnion(Self.prefixes(of: word)) }
            let old = Self.best(before), new = Self.best(after)
            for key in Set(old.keys).union(new.keys) where old[key] != new[key] { nodeKeys.insert(key) }
        }

        mutating func chunksFrom(_ id: Int) { firstStaleID = min(firstStaleID ?? id, id) }

        /// For every prefix of the record's words, the best field a word with it occurs in.
        static func best(_ words: [String: SearchField]) -> [String: SearchField] {
            var best: [String: SearchField] = [:]
            for (word, field) in words {
                for prefix in prefixes(of: word) where best[prefix].map({ field < $0 }) ?? true { best[prefix] = field }
            }
            return best
        }

        static func prefixes(of word: String) -> [String] {
            var prefixes: [String] = []
            var prefix = String.UnicodeScalarView()
            for scalar in word.unicodeScalars {
                prefix.append(scalar)
                prefixes.append(String(prefix))
            }
            return prefixes
        }
    }

    /// The previous output and what changed since.
    struct Reuse {
        var previous: SearchState
        var changes: Changes

        func leaf(_ key: String) -> String? { changes.leafKeys.contains(key) ? nil : previous.leaves[key] }
        func node(_ key: String) -> String? { changes.nodeKeys.contains(key) ? nil : previous.nodes[key] }
        func chunk(_ number: Int, size: Int) -> String? {
            guard number < previous.chunks.count else { return nil }
            if let first = changes.firstStaleID, (number + 1) * size > first { return nil }
            if changes.ids.contains(where: { $0 / size == number }) { return nil }
            return previous.chunks[number]
        }
    }

    static func render(_ state: inout SearchState, into files: inout [String: [UInt8]], reusing reuse: Reuse?) {
        let tree = ShardTree(words: state.index.words, sizes: state.index.sizes, limit: state.options.shardLimit)
        var leaves: [String: String] = [:], nodes: [String: String] = [:]
        for shard in tree.shards {
            if shard.isLeaf {
                if let name = reuse?.leaf(shard.key) { leaves[shard.key] = name; continue }
                let file = SearchFiles.leaf(state.index, shard.range)
                files[file.path] = file.bytes
                leaves[shard.key] = file.name
            } else {
                if let name = reuse?.node(shard.key) { nodes[shard.key] = name; continue }
                let file = SearchFiles.node(state.index, shard.range, recordCount: state.records.count)
                files[file.path] = file.bytes
                nodes[shard.key] = file.name
            }
        }
        let size = state.options.chunkSize
        var chunks: [String] = []
        for number in 0..<(state.records.count + size - 1) / size {
            if let name = reuse?.chunk(number, size: size) { chunks.append(name); continue }
            let file = SearchFiles.chunk(state.records[(number * size)..<min(state.records.count, (number + 1) * size)])
            files[file.path] = file.bytes
            chunks.append(file.name)
        }
        state.leaves = leaves
        state.nodes = nodes
        state.chunks = chunks
        let entry = SearchFiles.entry(state)
        state.entry = ContentHash.name(of: entry)
        files[entryPath] = entry
    }
}
