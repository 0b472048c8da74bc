import Foundation
import Load
import Render

/// The rows of one collection (see `DataRow`) as the last build made it, kept in the cache
/// folder (`.gazetteer-cache/data-rows/cities.json.bin`) so that the next build makes again
/// only the rows whose dependencies changed. Written through a temporary file and a rename,
/// and checked when read: a file cut short, damaged, or written for other settings, theme or
/// executable (`globalKey`) is not used, and every row is made again. A row read is used
/// only while its dependencies' values hash to its key, so a file older than the output
/// (from a build that stopped before its manifest was written) is harmless.
package enum DataRowFile {
    private static let magic = Array("GZROWS1".utf8)

    /// Where the rows of the collection at output path `collection` are kept.
    package static func url(in cache: URL, for collection: String) -> URL {
        cache.appending(path: "data-rows").appending(path: collection.replacingOccurrences(of: "/", with: "_") + ".bin")
    }

    /// The rows kept at `url`, by entry path (empty when there are none that can be used).
    package static func read(_ url: URL, globalKey: String) -> [String: DataRow] {
        // Straight into the array (through `Data` the file was copied once more: a third of the reading).
        guard let bytes = FileBytes.read(url.path) else { return [:] }
        guard bytes.count > magic.count + 16, bytes[0..<magic.count].elementsEqual(magic),
              ManifestCoding.checked(bytes[magic.count...]) else { return [:] }
        var r = ByteReader(bytes, magic.count..<(bytes.count - 16))
        guard r.string() == globalKey, !r.failed else { return [:] }
        var rows: [String: DataRow] = [:]
        let count = r.count()
        rows.reserveCapacity(count)
        for _ in 0..<count {
            let entry = r.string()
            let key = DataRowKey(high: r.word(), low: r.word())
            var dependencies: [Dependency] = []
            for _ in 0..<r.count() {
                guard let kind = Dependency.Kind(rawValue: UInt8(truncatingIfNeeded: r.uint())) else { return [:] }
                dependencies.append(Dependency(kind, r.string()))
            }
            var images: [String] = []
            for _ in 0..<r.count() { images.append(r.string()) }
            let text = Array(bytes[r.skip(r.count())])
            var extras: [(key: String, cell: [UInt8])] = []
            for _ in 0..<r.count() {
                let name = r.string()
                extras.append((name, Array(bytes[r.skip(r.count())])))
            }
            guard !r.failed else { return [:] }
            rows[entry] = DataRow(dependencies: dependencies, key: key, images: images, bytes: text, extras: extras)
        }
        return r.failed || !r.atEnd ? [:] : rows
    }

    /// Keeps `rows` at `url` (a failure only costs the next build the making of every row).
    package static func write(_ rows: [(entry: String, row: DataRow)], to url: URL, globalKey: String) {
        var w = ByteWriter(capacity: rows.reduce(1 << 12) { $0 + $1.row.bytes.count + 128 })
        w.raw(magic)
        w.string(globalKey)
        w.uint(UInt64(rows.count))
        for (entry, row) in rows {
            w.string(entry)
            w.word(row.key.high)
            w.word(row.key.low)
            w.uint(UInt64(row.dependencies.count))
            for dependency in row.dependencies {
                w.uint(UInt64(dependency.kind.rawValue))
                w.string(dependency.name)
            }
            w.uint(UInt64(row.images.count))
            for image in row.images { w.string(image) }
            w.uint(UInt64(row.bytes.count))
            w.raw(row.bytes)
            w.uint(UInt64(row.extras.count))
            for extra in row.extras {
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
