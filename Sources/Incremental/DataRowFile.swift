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
    private static let magic = Array("GZROWS4".utf8)
    /// The collection's key sits at a fixed place after the magic (a flag and two words), so
    /// that `commit` can set it once the rows, staged earlier, are written; the checksum
    /// covers what follows it.
    private static let keyBytes = 17
    private static var checkedFrom: Int { magic.count + keyBytes }

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
        guard bytes.count > checkedFrom + 16, bytes[0..<magic.count].elementsEqual(magic),
              ManifestCoding.checked(bytes[checkedFrom...]) else { return DataRowSet() }
        var head = ByteReader(bytes, magic.count..<checkedFrom)
        let hasKey = head.bool(), key = DataRowKey(high: head.word(), low: head.word())
        let collectionKey = hasKey && !head.failed ? key : nil
        var r = ByteReader(bytes, checkedFrom..<(bytes.count - 16))
        guard r.string() == globalKey, !r.failed else { return DataRowSet() }
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

    /// Where the rows to be kept at `url` wait for `commit`: one name per collection (one build
    /// at a time holds the cache), so a build that stopped between the two leaves one file,
    /// which the next build's `stage` writes over.
    private static func staged(_ url: URL) -> URL {
        url.deletingLastPathComponent().appending(path: ".\(url.lastPathComponent).staged")
    }

    /// Puts the rows `stage` wrote for `url` in place, with the key their collection's file
    /// has in the build record (nil: not known), known only once every page is rendered. A
    /// failure only costs the next build the making of every row.
    package static func commit(_ url: URL, collectionKey: DataRowKey?) {
        let path = staged(url).path
        var w = ByteWriter(capacity: keyBytes)
        w.bool(collectionKey != nil)
        w.word(collectionKey?.high ?? 0)
        w.word(collectionKey?.low ?? 0)
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        let wrote = w.bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, keyBytes, off_t(magic.count)) } == keyBytes
        let closed = close(fd) == 0
        if !(wrote && closed && rename(path, url.path) == 0) { unlink(path) }
    }

    /// Writes `set` where `commit` finds it to keep it at `url`; false when it could not be
    /// written. Written a megabyte at a time as it is encoded: at 100,000 cities the file of
    /// one collection is 100 MB, and held whole (and grown by doubling) it was a quarter of a
    /// cold build's peak memory.
    package static func stage(_ set: DataRowSet, for url: URL, globalKey: String) -> Bool {
        let folder = url.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = staged(url)
        return FileBytes.write(to: temporary.path) { put in
            // The checksum covers everything after the key, as `read` checks it.
            var sum = PageKeyHasher()
            var w = ByteWriter(capacity: piece + (1 << 16))
            w.raw(magic)
            // The key as far as it is known now (`commit` writes it again).
            w.bool(set.collectionKey != nil)
            w.word(set.collectionKey?.high ?? 0)
            w.word(set.collectionKey?.low ?? 0)
            var hashedFrom = checkedFrom
            func flush(_ always: Bool) {
                guard always || w.bytes.count >= piece else { return }
                sum.add(bytes: w.bytes[hashedFrom...])
                put(w.bytes)
                w = ByteWriter(capacity: piece + (1 << 16))
                hashedFrom = 0
            }
            w.string(globalKey)
            w.uint(UInt64(set.dependencies.count))
            for dependency in set.dependencies {
                w.uint(UInt64(dependency.kind.rawValue))
                w.string(dependency.name)
                flush(false)
            }
            w.uint(UInt64(set.images.count))
            for image in set.images {
                w.string(image)
                flush(false)
            }
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
                flush(false)
            }
            flush(true)
            let checksum = sum.checksum
            w.word(checksum.high)
            w.word(checksum.low)
            put(w.bytes)
        }
    }

    /// How many bytes are encoded before they are written.
    private static let piece = 1 << 20
}
