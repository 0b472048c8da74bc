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

        /// A record moved in name order: the shards listing it by name ("n": its words other
        /// than body ones, before and after) are stale.
        mutating func reordered(before: [String: SearchField], after: [String: SearchField]) {
            for words in [before, after] {
                for (word, field) in words where field != .body {
                    let prefixes = Self.prefixes(of: word)
                    leafKeys.formUnion(prefixes)
                    nodeKeys.formUnion(prefixes)
                }
            }
        }

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

    /// Each file made is handed to `emit` as it is made (a file's name is a hash of its bytes:
    /// a path may come twice, with the same bytes).
    static func render(_ state: inout SearchState, reusing reuse: Reuse?, emit: (_ path: String, _ bytes: [UInt8]) -> Void) {
        let tree = ShardTree(words: state.index.words, sizes: state.index.sizes, limit: state.options.shardLimit)
        var rank = [Int](repeating: 0, count: state.records.count)
        for (place, id) in state.byName.enumerated() { rank[id] = place }
        var leaves: [String: String] = [:], nodes: [String: String] = [:]
        for shard in tree.shards {
            if shard.isLeaf {
                if let name = reuse?.leaf(shard.key) { leaves[shard.key] = name; continue }
                let file = SearchFiles.leaf(state.index, shard.range, rank: rank)
                emit(file.path, file.bytes)
                leaves[shard.key] = file.name
            } else {
                if let name = reuse?.node(shard.key) { nodes[shard.key] = name; continue }
                let file = SearchFiles.node(state.index, shard.range, rank: rank)
                emit(file.path, file.bytes)
                nodes[shard.key] = file.name
            }
        }
        let size = state.options.chunkSize
        var chunks: [String] = []
        for number in 0..<(state.records.count + size - 1) / size {
            if let name = reuse?.chunk(number, size: size) { chunks.append(name); continue }
            let file = SearchFiles.chunk(state.records[(number * size)..<min(state.records.count, (number + 1) * size)])
            emit(file.path, file.bytes)
            chunks.append(file.name)
        }
        // The order files hold a few bytes a record: made whole every time, the unchanged ones
        // keep their names. A file is also cut when it reaches twice the size: counted from the
        // cut before, such a cut moves only as far as the next cut by identity.
        var orders: [String] = []
        var start = 0
        let records = state.records, byName = state.byName, orderSize = state.options.orderSize
        for (n, id) in byName.enumerated() where n + 1 == byName.count || n + 1 - start == 2 * orderSize
            || SearchFiles.endsOrderFile(records[id], size: orderSize) {
            let file = SearchFiles.order(byName[start...n])
            emit(file.path, file.bytes)
            orders.append(file.name)
            start = n + 1
        }
        state.leaves = leaves
        state.nodes = nodes
        state.chunks = chunks
        state.orders = orders
        let entry = SearchFiles.entry(state)
        state.entry = ContentHash.name(of: entry)
        emit(entryPath, entry)
    }
}
