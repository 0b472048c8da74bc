import Glibc

/// How the words are cut into shards: a trie over their first characters. A prefix whose words
/// fit within the size limit is a leaf (one file holding those words and their postings); a
/// larger one is a node (one file holding only the union of its words' postings, for a query
/// word that is exactly that prefix) whose longer words go to children one character deeper.
/// The cut depends only on the words and their sizes, so an update yields the same tree as a
/// full build.
struct ShardTree: Equatable {
    struct Shard: Equatable {
        var key: String
        /// The words with `key` as a prefix (indices into the sorted words).
        var range: Range<Int>
        var isLeaf: Bool
    }

    var shards: [Shard] = []

    /// `sizes[i]` is the bytes word `i` takes in a leaf.
    init(words: [String], sizes: [Int], limit: Int) {
        var total = [0]
        total.reserveCapacity(sizes.count + 1)
        for size in sizes { total.append(total.last! + size) }
        split(0..<words.count, depth: 1, words: words, total: total, limit: limit)
    }

    private mutating func split(_ range: Range<Int>, depth: Int, words: [String], total: [Int], limit: Int) {
        var start = range.lowerBound
        while start < range.upperBound {
            // The first word of a group may be the parent's key itself: it belongs to the parent.
            let first = words[start].utf8
            guard let end = Self.prefixEnd(first, scalars: depth) else {
                start += 1
                continue
            }
            let key = Array(first[..<end])
            var next = start + 1
            while next < range.upperBound, Self.word(words[next], startsWith: key) { next += 1 }
            let isLeaf = next - start == 1 || total[next] - total[start] <= limit
            shards.append(Shard(key: String(decoding: key, as: UTF8.self), range: start..<next, isLeaf: isLeaf))
            if !isLeaf { split(start..<next, depth: depth + 1, words: words, total: total, limit: limit) }
            start = next
        }
    }

    static func word(_ word: String, startsWith prefix: [UInt8]) -> Bool {
        var word = word
        return word.withUTF8 { bytes in
            bytes.count >= prefix.count && prefix.withUnsafeBufferPointer { memcmp(bytes.baseAddress!, $0.baseAddress!, prefix.count) == 0 }
        }
    }

    /// Where the first `scalars` characters of a word end, nil if it is shorter.
    static func prefixEnd(_ word: String.UTF8View, scalars: Int) -> String.UTF8View.Index? {
        var index = word.startIndex
        for _ in 0..<scalars {
            guard index < word.endIndex else { return nil }
            let lead = word[index]
            index = word.index(index, offsetBy: lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4)
        }
        return index
    }
}
