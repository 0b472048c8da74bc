import Foundation

/// The previous build's manifest as read from the cache: the small parts decoded at once,
/// content entries decoded when the build needs them (every one, unless nothing changed),
/// plans and page thumbnail lists only when asked for. Thread-safe.
final class ManifestArchive: @unchecked Sendable {
    let bytes: [UInt8]
    let watch: InputWatch?
    let engineKey: String
    let globalKey: String
    let output: BuildManifest.OutputState
    let imageCount: Int
    let assets: [String: FileStamp]
    /// Where each record starts and ends in `bytes` (once `readRecords` was called).
    private(set) var entryRanges: [String: Range<Int>] = [:]
    private(set) var sourceRanges: [String: Range<Int>] = [:]
    /// Each page's key, the bodies it read, and where its record is.
    private(set) var pages: [String: (key: PageKey, bodies: [String], range: Range<Int>)] = [:]
    private var head: ManifestCoding.Head


    /// The manifest in `cache`, decoded up to its watch; nil when there is none or it is not
    /// one this version wrote.
    static func read(from cache: URL) -> ManifestArchive? {
        guard let data = FileManager.default.contents(atPath: BuildManifest.url(in: cache).path) else { return nil }
        return ManifestArchive([UInt8](data))
    }

    private init?(_ bytes: [UInt8]) {
        guard let head = ManifestCoding.readHead(bytes) else { return nil }
        self.bytes = bytes
        (watch, engineKey, globalKey, output, imageCount, assets) =
            (head.watch, head.engineKey, head.globalKey, head.output, head.imageCount, head.assets)
        self.head = head
    }

    /// Indexes the records (a build that has something to do needs them); false when they
    /// cannot be read. Call before sharing the archive between threads.
    func readRecords() -> Bool {
        guard ManifestCoding.readRecords(bytes, into: &head) else { return false }
        (entryRanges, sourceRanges, pages) = (head.entryRanges, head.sourceRanges, head.pages)
        head.entryRanges = [:]
        head.sourceRanges = [:]
        head.pages = [:]
        return true
    }

    /// Every content entry, decoded (in parallel: this is most of the manifest).
    func entries() -> [String: BuildManifest.StampedEntry]? {
        let ranges = Array(entryRanges.values)
        let decoded = UnsafeResults<BuildManifest.StampedEntry>(count: ranges.count)
        let chunks = 8
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            var index = chunk
            while index < ranges.count {
                if let entry = ManifestCoding.entry(bytes, ranges[index]) { decoded[index] = entry }
                index += chunks
            }
        }
        var result: [String: BuildManifest.StampedEntry] = [:]
        result.reserveCapacity(ranges.count)
        for value in decoded.values {
            guard let value else { return nil }
            result[value.entry.path] = value
        }
        return result
    }

    /// The plans the previous build kept for the source at `path` (decoded each time: the
    /// planner keeps what it uses).
    func source(_ path: String) -> ImagePlanner.KnownSource? {
        sourceRanges[path].flatMap { ManifestCoding.source(bytes, $0) }
    }

    /// The stamp the source at `path` had when its plans were made (without decoding them).
    func sourceStamp(_ path: String) -> FileStamp? {
        guard let range = sourceRanges[path] else { return nil }
        var r = ByteReader(bytes, range)
        _ = r.string()
        let stamp = FileStamp.decode(from: &r)
        return r.failed ? nil : stamp
    }

    /// The thumbnails the page at `path` showed.
    func images(ofPage path: String) -> [String] {
        guard let range = pages[path]?.range else { return [] }
        return ManifestCoding.page(bytes, range)?.images ?? []
    }
}
