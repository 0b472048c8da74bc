import Locking

/// What the pages of one render read, each dependency once: a page hands over its reads as
/// numbers in this table as soon as it is rendered (`PageRenderer.Rendered.reads`), instead
/// of holding its own copy of every dependency until the stage ends. At 100,000 pages those
/// copies (a `Dependency` and often its name's bytes for each of about 9 million reads) were
/// a third of a gigabyte of a cold build's peak; a number is 4 bytes.
///
/// Pages are rendered on every core at once, so the table is split in shards, each behind a
/// lock of its own, and a page takes each shard's lock once for all its reads that fall in it.
/// A number says nothing of the order in which pages were rendered other than being unique:
/// the manifest's table is made from these in page order (`DependencyTable.positions(of:in:before:)`).
package final class ReadTable: Sendable {
    private static let shardCount = 16
    private struct Shard {
        var numbers: [Dependency: Int32] = [:]
        var items: [Dependency] = []
    }
    private let shards: [Locked<Shard>] = (0..<ReadTable.shardCount).map { _ in Locked(Shard()) }

    package init() {}

    /// The number of each of `read`, in its order, adding those not in the table yet.
    package func numbers(of read: [Dependency]) -> [Int32] {
        guard !read.isEmpty else { return [] }
        var out = [Int32](repeating: 0, count: read.count)
        var byShard = [[Int]](repeating: [], count: Self.shardCount)
        for (index, dependency) in read.enumerated() { byShard[Self.shard(of: dependency)].append(index) }
        for (shard, indices) in byShard.enumerated() where !indices.isEmpty {
            shards[shard].withLock { table in
                for index in indices {
                    let dependency = read[index]
                    let local: Int32
                    if let known = table.numbers[dependency] {
                        local = known
                    } else {
                        local = Int32(table.items.count)
                        table.items.append(dependency)
                        table.numbers[dependency] = local
                    }
                    out[index] = local * Int32(Self.shardCount) + Int32(shard)
                }
            }
        }
        return out
    }

    /// What the last page of a kind that a core rendered read (sorted, each once), and their
    /// numbers: most of what the next page of that kind reads is the same (its templates, the
    /// theme's words, the settings, the links of the header), found by a walk of the two
    /// sorted lists instead of in the table (a hash of each name, then its bytes compared,
    /// wherever in memory they are).
    package struct Recent: Sendable {
        fileprivate var read: [Dependency] = []
        fileprivate var numbers: [Int32] = []
        package init() {}
    }

    /// `numbers(of:)` of `read`, sorted and each once, taking those `recent` knows from it;
    /// `recent` becomes `read`.
    package func numbers(of read: [Dependency], recent: inout Recent) -> [Int32] {
        var out = [Int32](repeating: 0, count: read.count)
        var missing: [Int] = []
        var known = 0
        for (index, dependency) in read.enumerated() {
            while known < recent.read.count, recent.read[known] < dependency { known += 1 }
            if known < recent.read.count, recent.read[known] == dependency {
                out[index] = recent.numbers[known]
                known += 1
            } else {
                missing.append(index)
            }
        }
        if !missing.isEmpty {
            for (index, number) in zip(missing, numbers(of: missing.map { read[$0] })) { out[index] = number }
        }
        (recent.read, recent.numbers) = (read, out)
        return out
    }

    /// Everything read, each once: `items[number]` is the dependency of that number.
    package var items: Items {
        Items(shards: shards.map { $0.withLock { $0.items } })
    }

    /// How many numbers have been given (the greatest plus one bounds them).
    package struct Items: Sendable {
        fileprivate let shards: [[Dependency]]

        /// One more than the greatest number given: the size of a table indexed by number.
        package var bound: Int {
            shards.enumerated().map { shard, items in items.isEmpty ? 0 : (items.count - 1) * ReadTable.shardCount + shard + 1 }
                .max() ?? 0
        }

        package subscript(number: Int32) -> Dependency {
            shards[Int(number) % ReadTable.shardCount][Int(number) / ReadTable.shardCount]
        }
    }

    /// A cheap spread of dependencies over the shards (no hash of the whole name: the dictionary
    /// of the shard hashes it once anyway), the same for equal ones.
    private static func shard(of dependency: Dependency) -> Int {
        let utf8 = dependency.name.utf8
        return (utf8.count &+ Int(dependency.kind.rawValue) &* 7 &+ Int(utf8.last ?? 0) &* 3) % shardCount
    }
}
