import Foundation
import Load
import Render

/// The rows of one collection (see `DataRow`) as the last build made it, kept in the cache
/// folder (`.gazetteer-cache/data-rows/cities.json.bin`) so that the next build makes again
/// only the rows whose dependencies changed. Written through a temporary file and a rename,
/// and checked when read: a file cut short, damaged, or written for other settings, theme or
/// executable (`globalKey`) is not used, and every row is made again. It holds the key its
/// collection's file had when the rows were made: while the build record's key of that file
/// is the same, the rows are those of the build it records, and a row is used while none of
/// its dependencies changed since (`DataRowStore.changed(since:of:)`); else a row is used only
/// while its dependencies' values hash to its key, so a file of another build than the
/// record's (one that stopped between the two) is harmless.
package enum DataRowFile {
    private static let magic = Array("GZROWS3".utf8)

    /// Where the rows of the collection at output path `collection` are kept.
    package static func url(in cache: URL, for collection: String) -> URL {
        cache.appending(path: "data-rows").appending(path: collection.replacingOccurrences(of: "/", with: "_") + ".bin")
    }

    /// The rows kept at `url` (none when there are none that can be used). The rows share the
    /// file's bytes and one buffer of positions: reading allocates little more than their
    /// entries' paths.
    package static func read(_ url: URL, globalKey: String) -> DataRowSet {
        // Straight into the array (through `Data` the file was copied once more: a third of the reading).
        guard let bytes = FileBytes.read(url.path) else { return DataRowSet() }
        guard bytes.count > magic.count + 16, bytes[0..<magic.count].elementsEqual(magic),
              ManifestCoding.checked(bytes[magic.count...]) else { return DataRowSet() }
        var r = ByteReader(bytes, magic.count..<(bytes.count - 16))
        guard r.string() == globalKey, !r.failed else { return DataRowSet() }
        let collectionKey = r.bool() ? DataRowKey(high: r.word(), low: r.word()) : nil
        var dependencies: [Dependency] = []
        for _ in 0..<r.count() {
            guard let kind = Dependency.Kind(rawValue: UInt8(truncatingIfNeeded: r.uint())) else { return DataRowSet() }
            dependencies.append(Dependency(kind, r.string()))
        }
        var images: [String] = []
        for _ in 0..<r.count() { images.append(r.string()) }
        guard !r.failed, zip(dependencies, dependencies.dropFirst()).allSatisfy({ $0 < $1 }),
              zip(images, images.dropFirst()).allSatisfy({ $0 < $1 }) else { return DataRowSet() }
        let count = r.count()
        // Every row's positions, then each row's ranges in them: the rows share the buffer.
        var positions: [Int32] = []
        positions.reserveCapacity(count * 8)
        func places(below limit: Int) -> Range<Int>? {
            let start = positions.count
            for _ in 0..<r.count() {
                let position = r.uint()
                guard position < UInt64(limit) else { return nil }
                positions.append(Int32(position))
            }
            return start..<positions.count
        }
        var read: [(entry: String, key: DataRowKey, dependencies: Range<Int>, images: Range<Int>, text: Range<Int>,
                    extras: [(key: String, cell: [UInt8])])] = []
        read.reserveCapacity(count)
        for _ in 0..<count {
            let entry = r.string()
            let key = DataRowKey(high: r.word(), low: r.word())
            guard let dependencyPlaces = places(below: dependencies.count),
                  let imagePlaces = places(below: images.count) else { return DataRowSet() }
            let text = r.skip(r.count())
            var extras: [(key: String, cell: [UInt8])] = []
            for _ in 0..<r.count() {
                let name = r.string()
                extras.append((name, Array(bytes[r.skip(r.count())])))
            }
            guard !r.failed else { return DataRowSet() }
            read.append((entry, key, dependencyPlaces, imagePlaces, text, extras))
        }
        guard !r.failed, r.atEnd else { return DataRowSet() }
        // What a kept row read is given by its places in the lists alone (see `DataRowSet.Kept`).
        let rows = read.map { row in
            (entry: row.entry, row: DataRowSet.Kept(
                row: DataRow(dependencies: [], key: row.key, images: [], bytes: bytes[row.text], extras: row.extras),
                dependencies: positions[row.dependencies], images: positions[row.images]))
        }
        return DataRowSet(dependencies: dependencies, images: images, rows: rows, collectionKey: collectionKey)
    }

    /// Keeps `rows` at `url` (a failure only costs the next build the making of every row).
    package static func write(_ set: DataRowSet, to url: URL, globalKey: String) {
        var w = ByteWriter(capacity: set.rows.reduce(1 << 16) { $0 + $1.row.row.bytes.count + 64 })
        w.raw(magic)
        w.string(globalKey)
        w.bool(set.collectionKey != nil)
        if let key = set.collectionKey {
            w.word(key.high)
            w.word(key.low)
        }
        w.uint(UInt64(set.dependencies.count))
        for dependency in set.dependencies {
            w.uint(UInt64(dependency.kind.rawValue))
            w.string(dependency.name)
        }
        w.uint(UInt64(set.images.count))
        for image in set.images { w.string(image) }
        w.uint(UInt64(set.rows.count))
        for (entry, kept) in set.rows {
            w.string(entry)
            w.word(kept.row.key.high)
            w.word(kept.row.key.low)
            w.uint(UInt64(kept.dependencies.count))
            for position in kept.dependencies { w.uint(UInt64(position)) }
            w.uint(UInt64(kept.images.count))
            for position in kept.images { w.uint(UInt64(position)) }
            w.uint(UInt64(kept.row.bytes.count))
            w.raw(kept.row.bytes)
            w.uint(UInt64(kept.row.extras.count))
            for extra in kept.row.extras {
                w.string(extra.key)
                w.uint(UInt64(extra.cell.count))
                w.raw(extra.cell)
            }
        }
        let sum = PageKeyHasher.checksum(of: w.bytes[magic.count...])
        w.word(sum.high)
        w.word(sum.low)
        let folder = url.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appending(path: ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        guard FileBytes.write([w.bytes], to: temporary.path),
              rename(temporary.path, url.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            return
        }
    }
}
