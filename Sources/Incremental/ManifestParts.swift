import Foundation
import Load
import Images
import Render
import Locking

/// How the manifest is stored in parts, so that a build writes only what changed: the
/// dependency table in chunks of `tableChunk` positions, and the entries, sources and pages
/// each in shards by a hash of their path (a few hundred records a shard), every part a file
/// of `.gazetteer-cache/manifest/` named by the checksum of its bytes. The head file
/// (`manifest.bin`) names the parts; it is written last, through a temporary file and a
/// rename, so that a build killed at any point leaves the previous head with all its parts
/// (nothing the head names is removed before the next head is in place), or no head.
///
/// A shard is written again only when one of its records changed: a shard whose records are
/// all copied from the same shard of the previous manifest is that part, unchanged. A chunk
/// of the table is kept when its dependencies are those of the previous chunk.
package enum ManifestParts {
    /// About how many records a shard holds.
    static let perShard = 256
    /// How many dependencies a chunk of the table holds.
    package static let tableChunk = 16_384

    package static func folder(in cache: URL) -> URL { cache.appending(path: "manifest") }

    /// How many shards `count` records go into: the previous count while it holds between 64
    /// and 1,024 a shard (so that a few records more or less move none), else a power of two.
    static func shardCount(_ count: Int, previous: Int?) -> Int {
        if let previous, previous > 0, count <= previous * 1024, previous == 1 || count >= previous * 64 { return previous }
        var shards = 1
        while shards * 2 * perShard <= count { shards *= 2 }
        return shards
    }

    /// The shard of `key` among `count` (FNV-1a of its bytes: the same in every process).
    static func shard(_ key: String, of count: Int) -> Int {
        guard count > 1 else { return 0 }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(hash % UInt64(count))
    }

    /// The parts of a manifest, once written; `written`: the bytes of the parts written anew.
    package struct Written: Sendable {
        package var parts: [[ManifestCoding.PartRef]]
        package var written: Int
    }

    /// Writes the parts of `manifest` that the previous manifest does not hold into `folder`
    /// (nil: one could not be written, or a copied record read).
    package static func write(_ manifest: BuildManifest, previous: ManifestArchive?, into folder: String) -> Written? {
        var jobs: [Job] = []
        var parts: [[ManifestCoding.PartRef?]] = []
        parts.append(chunkJobs(manifest.dependencies, .table, previous: previous, previousItems: \.dependencyTable, jobs: &jobs,
                               ManifestCoding.tablePart))
        parts.append(recordJobs(manifest.entries, keepingOthers: manifest.keepsOtherEntries, removed: manifest.removedEntries,
                                .entries, previous: previous, places: \.entryRanges.places, jobs: &jobs, ManifestCoding.writeEntry))
        parts.append(recordJobs(manifest.sources, keepingOthers: manifest.keepsOtherSources, removed: [],
                                .sources, previous: previous, places: \.sourceRanges.places, jobs: &jobs, ManifestCoding.writeSource))
        parts.append(recordJobs(manifest.pages, keepingOthers: manifest.keepsOtherPages, removed: manifest.removedPages,
                                .pages, previous: previous, places: \.pages.places, jobs: &jobs, ManifestCoding.writePage))
        parts.append(chunkJobs(manifest.dependencyValues.count == manifest.dependencies.count ? manifest.dependencyValues : [],
                               .values, previous: previous, previousItems: { $0.dependencyValues ?? [] }, jobs: &jobs,
                               ManifestCoding.valuesPart))
        let todo = jobs
        let done = Parallel.map(todo.count) { n -> ManifestCoding.PartRef? in
            var copies = previous?.copies()
            guard let bytes = todo[n].encode(&copies) else { return nil }
            let ref = ManifestCoding.PartRef(sum: PageKeyHasher.checksum(of: bytes[...]), size: bytes.count, count: todo[n].count)
            let target = folder + "/" + ref.fileName
            // Two parts of the same bytes (two empty ones) have one name: each job writes a
            // temporary file of its own, and the second rename puts the same bytes in place again.
            let temporary = folder + "/." + ref.fileName + ".\(getpid()).\(n).tmp"
            guard FileBytes.write([bytes], to: temporary), rename(temporary, target) == 0 else {
                unlink(temporary)
                return nil
            }
            previous?.memory?.remember(ref.fileName, bytes: bytes)
            return ref
        }
        var written = 0
        for (n, job) in jobs.enumerated() {
            guard let ref = done[n] else { return nil }
            parts[job.kind.rawValue][job.index] = ref
            written += ref.size
        }
        return Written(parts: parts.map { $0.map { $0! } }, written: written)
    }

    /// Removes every file of `folder` that `parts` does not name (parts of earlier manifests,
    /// and what a build killed while writing left).
    package static func removeUnused(in folder: String, keeping parts: [[ManifestCoding.PartRef]]) {
        let keep = Set(parts.joined().map(\.fileName))
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where !keep.contains(name) { unlink(folder + "/" + name) }
    }

    /// A part to encode: a shard of records, or a chunk of the table.
    struct Job: Sendable {
        var kind: ManifestCoding.PartKind
        var index: Int
        var count: Int
        var encode: @Sendable (inout ManifestArchive.Copies?) -> [UInt8]?
    }

    /// The table, or the values beside it, in chunks of `tableChunk`: a chunk equal to the
    /// previous manifest's (`previousItems`, read only when it has parts of `kind`) is that part.
    private static func chunkJobs<Item: Equatable & Sendable>(
        _ items: [Item], _ kind: ManifestCoding.PartKind, previous: ManifestArchive?, previousItems: (ManifestArchive) -> [Item],
        jobs: inout [Job], _ encode: @escaping @Sendable (ArraySlice<Item>) -> [UInt8]
    ) -> [ManifestCoding.PartRef?] {
        let chunks = (items.count + tableChunk - 1) / tableChunk
        let before = Array(previous?.parts(kind) ?? [])
        let known = before.isEmpty ? [] : previousItems(previous!)
        return (0..<chunks).map { chunk in
            let range = (chunk * tableChunk)..<min(items.count, (chunk + 1) * tableChunk)
            if chunk < before.count, before[chunk].count == range.count, range.upperBound <= known.count, known[range] == items[range] {
                return before[chunk]
            }
            let slice = items[range]
            jobs.append(Job(kind: kind, index: chunk, count: range.count) { _ in encode(slice) })
            return nil
        }
    }

    /// The shards of the records of `kind`: `records` every one of them, or with
    /// `keepingOthers` those this build made, every other record of `previous` (its places
    /// by key, `places`) kept but those `removed`.
    private static func recordJobs<Value: Sendable>(
        _ records: [String: BuildManifest.Record<Value>], keepingOthers: Bool, removed: Set<String>,
        _ kind: ManifestCoding.PartKind, previous: ManifestArchive?, places: (ManifestArchive) -> [(key: String, place: Range<Int>)],
        jobs: inout [Job], _ write: @escaping @Sendable (inout ByteWriter, String, Value) -> Void
    ) -> [ManifestCoding.PartRef?] {
        guard keepingOthers, let previous else { return shardJobs(records, kind, previous: previous, jobs: &jobs, write) }
        if let kept = keptShardJobs(made: records, removed: removed, kind, previous: previous, jobs: &jobs, write) { return kept }
        // The records no longer fit as many shards (or a part could not be read again): each
        // one named, as a build that renders everything names them.
        var all: [String: BuildManifest.Record<Value>] = [:]
        for (key, place) in places(previous) where !removed.contains(key) { all[key] = .copied(place) }
        for (key, record) in records { all[key] = record }
        return shardJobs(all, kind, previous: previous, jobs: &jobs, write)
    }

    /// The shards of the records of `kind` when this build names only those it made (`made`)
    /// and those gone (`removed`), every other record of the previous manifest being kept: only
    /// the shards holding one of them are gathered (from the previous part, read again, and
    /// the records made) and written; nil, and no job added, when the records no longer fit as
    /// many shards, or a previous part cannot be read.
    private static func keptShardJobs<Value: Sendable>(
        made: [String: BuildManifest.Record<Value>], removed: Set<String>, _ kind: ManifestCoding.PartKind,
        previous: ManifestArchive, jobs: inout [Job], _ write: @escaping @Sendable (inout ByteWriter, String, Value) -> Void
    ) -> [ManifestCoding.PartRef?]? {
        let before = Array(previous.parts(kind))
        let previousCount = before.reduce(0) { $0 + $1.count }
        let first = previous.firstPart(kind)
        guard !before.isEmpty else { return nil }
        // The previous records of each shard a record named is in (which tells the new ones),
        // and the records made, by shard (each key hashed once).
        var old: [Int: [(key: String, place: Range<Int>)]] = [:]
        var madeIn: [Int: [(key: String, record: BuildManifest.Record<Value>)]] = [:]
        for (key, record) in made { madeIn[shard(key, of: before.count), default: []].append((key, record)) }
        for index in Set(madeIn.keys).union(removed.map { shard($0, of: before.count) }) {
            guard let records = previous.records(inPart: first + index, kind) else { return nil }
            old[index] = records
        }
        var (added, gone) = (made.count, 0)
        for records in old.values {
            for (key, _) in records {
                if made[key] != nil { added -= 1 } else if removed.contains(key) { gone += 1 }
            }
        }
        let count = previousCount + added - gone
        guard shardCount(count, previous: before.count) == before.count else { return nil }
        var refs: [ManifestCoding.PartRef?] = before
        for (index, old) in old.sorted(by: { $0.key < $1.key }) {
            var shard: [(key: String, record: BuildManifest.Record<Value>)] = []
            shard.reserveCapacity(old.count + 1)
            for (key, place) in old where made[key] == nil && !removed.contains(key) { shard.append((key, .copied(place))) }
            shard += madeIn[index] ?? []
            shard.sort { $0.key < $1.key }
            let records = shard
            jobs.append(Job(kind: kind, index: index, count: records.count) { copies in
                ManifestCoding.recordsPart(records, copies: &copies, write)
            })
            refs[index] = nil
        }
        return refs
    }

    private static func shardJobs<Value: Sendable>(
        _ records: [String: BuildManifest.Record<Value>], _ kind: ManifestCoding.PartKind, previous: ManifestArchive?,
        jobs: inout [Job], _ write: @escaping @Sendable (inout ByteWriter, String, Value) -> Void
    ) -> [ManifestCoding.PartRef?] {
        let before = Array(previous?.parts(kind) ?? [])
        let count = shardCount(records.count, previous: before.isEmpty ? nil : before.count)
        let first = previous?.firstPart(kind) ?? 0
        let sameShards = before.count == count
        // The shard of each record: a record copied from a shard of as many is in the shard
        // its part says (its key need not be hashed again: 40,000 keys a build at 10,000 pages).
        func shardOf(_ key: String, _ record: BuildManifest.Record<Value>) -> Int {
            if sameShards, case .copied(let range) = record {
                let index = ManifestArchive.part(of: range) - first
                if index >= 0, index < count { return index }
            }
            return shard(key, of: count)
        }
        // First the shards that change: a shard whose records are all copied from the same
        // shard, and as many, is that shard unchanged, and its records are not gathered (one
        // edit changes a few shards of 160).
        var changes = [Bool](repeating: !sameShards, count: count)
        if sameShards {
            var copiedIn = [Int](repeating: 0, count: count)
            for index in records.indices {
                if case .copied(let range) = records.values[index] {
                    let part = ManifestArchive.part(of: range) - first
                    if part >= 0, part < count { copiedIn[part] += 1; continue }
                }
                changes[shard(records.keys[index], of: count)] = true
            }
            for index in 0..<count where copiedIn[index] != before[index].count { changes[index] = true }
        }
        var shards = [[(key: String, record: BuildManifest.Record<Value>)]](repeating: [], count: count)
        if changes.contains(true) {
            for (key, record) in records {
                let index = shardOf(key, record)
                if changes[index] { shards[index].append((key, record)) }
            }
        }
        return shards.enumerated().map { index, shard in
            guard changes[index] else { return before[index] }
            jobs.append(Job(kind: kind, index: index, count: shard.count) { copies in
                ManifestCoding.recordsPart(shard, copies: &copies, write)
            })
            return nil
        }
    }
}
