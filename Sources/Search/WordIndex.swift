/// The inverted index: every folded word, sorted by its UTF-8 bytes, with its postings (record
/// id and the best field the word occurs in for that record), sorted by id.
struct WordIndex: Equatable {
    var words: [String] = []
    var postings: [[UInt32]] = []
    /// The bytes each word takes in a leaf shard (`SearchFiles.leafSize`).
    var sizes: [Int] = []

    /// No words.
    init() {}

    /// `wordsOf(id)` gives the words of the record with that id, for ids `0..<count`: read a
    /// part of the ids per core, each record's words dropped as soon as they are listed.
    init(count: Int, _ wordsOf: @Sendable (Int) -> [String: SearchField]) {
        var parts = inParts(count) { ids in
            var lists: [String: [UInt32]] = [:]
            for id in ids {
                for (word, field) in wordsOf(id) { lists[word, default: []].append(PostingCoding.pack(id, field)) }
            }
            // Without the room they grew: every part is held whole before they are joined.
            var slot = lists.values.startIndex
            while slot != lists.values.endIndex {
                if lists.values[slot].capacity > lists.values[slot].count {
                    var exact: [UInt32] = []
                    exact.reserveCapacity(lists.values[slot].count)
                    exact += lists.values[slot]
                    lists.values[slot] = exact
                }
                slot = lists.values.index(after: slot)
            }
            return lists
        }
        // Parts hold consecutive ids, in order: joining their lists keeps postings sorted. Each
        // word's list is made at its size and the parts' lists are dropped as they are joined,
        // so that the postings are held about once, and without the room growing lists keep
        // (at 100,000 records, 80 MB at the end of the join before, about 55 now).
        var all = Set<String>()
        for part in parts { all.formUnion(part.keys) }
        words = all.sorted(by: Self.precedes)
        all = []
        postings.reserveCapacity(words.count)
        for word in words {
            var joined: [UInt32] = []
            joined.reserveCapacity(parts.reduce(0) { $0 + ($1[word]?.count ?? 0) })
            for n in parts.indices {
                if let list = parts[n].removeValue(forKey: word) { joined += list }
            }
            postings.append(joined)
        }
        measure()
    }

    init(words: [String], postings: [[UInt32]], sizes: [Int]) {
        self.words = words
        self.postings = postings
        self.sizes = sizes
    }

    mutating func measure() {
        sizes = words.indices.map { SearchFiles.leafSize(word: words[$0], postings: postings[$0]) }
    }

    static func precedes(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }

    /// Where `word` is, or where it would go.
    func position(of word: String) -> (index: Int, found: Bool) {
        var low = 0, high = words.count
        while low < high {
            let middle = (low + high) / 2
            if Self.precedes(words[middle], word) { low = middle + 1 } else { high = middle }
        }
        return (low, low < words.count && words[low] == word)
    }

    /// Takes records out of every list and returns the words each had, with their fields.
    /// Words left with no record are removed.
    mutating func remove(ids: [Int]) -> [Int: [String: SearchField]] {
        var had: [Int: [String: SearchField]] = [:]
        guard let largest = ids.max() else { return had }
        // Many records: one pass over each list; a few: a binary search per list and record.
        var marked = [Bool](repeating: false, count: ids.count > 16 ? largest + 1 : 0)
        for id in ids where ids.count > 16 { marked[id] = true }
        var emptied: [Int] = []
        let few = ids.map { UInt32($0) }
        // With a few ids, the lists that hold one of them are found first, in place (most
        // hold none, and are neither copied nor retained).
        var candidates: [Int] = []
        if marked.isEmpty {
            postings.withUnsafeBufferPointer { lists in
                for index in lists.indices {
                    let found = lists[index].withUnsafeBufferPointer { list in
                        few.contains { id in
                            let at = Self.firstPosting(atLeast: id << 3, in: list)
                            return at < list.count && list[at] >> 3 == id
                        }
                    }
                    if found { candidates.append(index) }
                }
            }
        }
        for index in marked.isEmpty ? candidates : Array(words.indices) {
            var taken: [UInt32] = []
            var list = postings[index]
            if marked.isEmpty {
                for id in few {
                    let at = Self.firstPosting(atLeast: id << 3, in: list)
                    if at < list.count, list[at] >> 3 == id { taken.append(list.remove(at: at)) }
                }
            } else if list.contains(where: { Int($0 >> 3) < marked.count && marked[Int($0 >> 3)] }) {
                taken = list.filter { Int($0 >> 3) < marked.count && marked[Int($0 >> 3)] }
                list.removeAll { Int($0 >> 3) < marked.count && marked[Int($0 >> 3)] }
            }
            guard !taken.isEmpty else { continue }
            for posting in taken {
                had[PostingCoding.id(posting), default: [:]][words[index]] = SearchField(rawValue: UInt8(posting & 7))!
            }
            postings[index] = list
            if list.isEmpty { emptied.append(index) } else { sizes[index] = SearchFiles.leafSize(word: words[index], postings: list) }
        }
        for index in emptied.reversed() {
            words.remove(at: index)
            postings.remove(at: index)
            sizes.remove(at: index)
        }
        return had
    }

    static func firstPosting(atLeast key: UInt32, in list: [UInt32]) -> Int {
        list.withUnsafeBufferPointer { firstPosting(atLeast: key, in: $0) }
    }

    static func firstPosting(atLeast key: UInt32, in list: UnsafeBufferPointer<UInt32>) -> Int {
        var low = 0, high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Adds record `id` (not yet in the index) to the lists of its words.
    mutating func insert(id: Int, words recordWords: [String: SearchField]) {
        for (word, field) in recordWords {
            let posting = PostingCoding.pack(id, field)
            let (index, found) = position(of: word)
            if !found {
                words.insert(word, at: index)
                postings.insert([posting], at: index)
                sizes.insert(SearchFiles.leafSize(word: word, postings: [posting]), at: index)
                continue
            }
            postings[index].insert(posting, at: Self.firstPosting(atLeast: posting, in: postings[index]))
            sizes[index] = SearchFiles.leafSize(word: word, postings: postings[index])
        }
    }

    /// Renumbers records: `newID[old]` for every id present, an order-keeping map.
    mutating func renumber(_ newID: [Int]) {
        for index in postings.indices {
            postings[index] = postings[index].map { PostingCoding.pack(newID[PostingCoding.id($0)], field($0)) }
        }
        measure()
    }

    private func field(_ posting: UInt32) -> SearchField { SearchField(rawValue: UInt8(posting & 7))! }
}
