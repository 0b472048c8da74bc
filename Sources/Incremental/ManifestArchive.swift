import Foundation
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model
import Render
import Locking

/// The previous build's manifest as read from the cache: at first only its watch (a build
/// with nothing to do reads nothing else), then, when `load` is called, the rest: content
/// entries decoded when the build needs them (every one, unless nothing changed), plans and
/// page thumbnail lists only when asked for. Thread-safe once loaded.
///
/// Unchecked: `load` sets the head's fields (keys, output, ranges, the open file) once, on the
/// thread that read the watch and before any other thread is handed the archive; afterwards
/// they are only read, and the bytes and table change under their locks. The compiler cannot
/// see that ordering (the fields are `var` for `load` alone).
package final class ManifestArchive: @unchecked Sendable {
    package let watch: InputWatch?
    private let path: String
    /// Where the part after the watch begins.
    private let bodyOffset: Int
    /// The file's bytes from `base` on: all of them after `load`, those after the entries once
    /// the entries are decoded (`releaseEntryBytes`), none after `releaseBytes`. Read under the
    /// lock (a reference taken), decoded outside it.
    private let held = Locked<(bytes: [UInt8], base: Int)>(([], 0))
    /// Where the records after the entries begin.
    private var entriesEnd = 0
    /// The file, open from `load` on: records are copied from it into the next manifest
    /// after the bytes are released, and after the file is retired (unlinked).
    private var fd: Int32 = -1
    package private(set) var engineKey = ""
    package private(set) var globalKey = ""
    package private(set) var output = BuildManifest.OutputState(path: "", folders: [:])
    package private(set) var imageCount = 0
    package private(set) var assets: [String: FileStamp] = [:]
    /// Where each record starts and ends in `bytes`.
    package private(set) var entryRanges: [String: Range<Int>] = [:]
    package private(set) var sourceRanges: [String: Range<Int>] = [:]
    /// Each page's key, and where its record is.
    package private(set) var pages: [String: (key: PageKey, range: Range<Int>)] = [:]
    /// How many dependencies the table holds, and where it is (decoded when first asked for).
    package private(set) var dependencyCount = 0
    private var dependenciesOffset = 0
    private let table = Locked<[Dependency]?>(nil)

    /// The manifest in `cache`, read up to the end of its watch.
    package enum Found {
        case none
        /// A manifest that cannot be used, and why, in a few words.
        case unusable(String)
        case archive(ManifestArchive)

        package var archive: ManifestArchive? { if case .archive(let archive) = self { archive } else { nil } }
    }

    package static let damaged = "damaged or cut short"

    package static func read(from cache: URL) -> Found {
        let path = BuildManifest.url(in: cache).path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .none }
        defer { close(fd) }
        guard let prefix = FileBytes.read(fd, count: 64, at: 0, allowShort: true) else { return .unusable(damaged) }
        switch ManifestCoding.readPrefix(prefix) {
        case .damaged: return .unusable(damaged)
        case .otherVersion: return .unusable("written by another version of gazetteer")
        case .watch(let hasWatch, let start, let length):
            guard let watchBytes = FileBytes.read(fd, count: length + 16, at: start, allowShort: false),
                  ManifestCoding.checked(watchBytes[...]) else { return .unusable(damaged) }
            var reader = ByteReader(Array(watchBytes.dropLast(16)))
            let watch = hasWatch ? InputWatch.decode(from: &reader) : nil
            if hasWatch, watch == nil { return .unusable(damaged) }
            return .archive(ManifestArchive(path: path, watch: watch, bodyOffset: start + length + 16))
        }
    }

    private init(path: String, watch: InputWatch?, bodyOffset: Int) {
        self.path = path
        self.watch = watch
        self.bodyOffset = bodyOffset
    }

    deinit {
        if fd >= 0 { close(fd) }
    }

    /// Gives up the bytes once nothing is to be decoded from them any more (before the next
    /// manifest is written, which copies records with `copies()`): at 100,000 pages they are
    /// 82 MB, held else while the manifest and the search state are saved, the build's peak.
    /// Not while other threads read the archive.
    package func releaseBytes() {
        _ = dependencyTable  // decoded now if it was not: it is kept
        held.withLock { $0 = ([], 0) }
    }

    /// Gives up the bytes of the entries, decoded by now (and copied from the file into the
    /// next manifest): half the file at 100,000 pages, 40 MB, held else while the pages are
    /// rendered and the saved search state is read beside them, the build's peak.
    package func releaseEntryBytes() {
        _ = dependencyTable  // it lies before the entries: decoded now if it was not
        held.withLock { held in
            guard held.base == 0, entriesEnd <= held.bytes.count else { return }
            held = (Array(held.bytes[entriesEnd...]), entriesEnd)
        }
    }

    /// `decode` of the record at `range` of the file, when its bytes are still held.
    private func decoding<Value>(_ range: Range<Int>, _ decode: ([UInt8], Range<Int>) -> Value?) -> Value? {
        let (bytes, base) = held.value
        guard range.lowerBound >= base, range.upperBound - base <= bytes.count else { return nil }
        return decode(bytes, (range.lowerBound - base)..<(range.upperBound - base))
    }

    /// Records of the file, read through a window (see `Copies`).
    package func copies() -> Copies { Copies(fd: fd) }

    /// Unchanged records of the file, asked for in ascending order of offset, read through a
    /// window of about a megabyte that moves forward (one read per window, not per record).
    package struct Copies {
        fileprivate let fd: Int32
        private var start = 0
        private var window: [UInt8] = []

        fileprivate init(fd: Int32) { self.fd = fd }

        /// The bytes of `range` (nil: they could not be read).
        package mutating func bytes(_ range: Range<Int>) -> ArraySlice<UInt8>? {
            if range.lowerBound < start || range.upperBound > start + window.count {
                guard let read = FileBytes.read(fd, count: max(1 << 20, range.count), at: range.lowerBound, allowShort: true),
                      read.count >= range.count else { return nil }
                (start, window) = (range.lowerBound, read)
            }
            return window[(range.lowerBound - start)..<(range.upperBound - start)]
        }
    }

    /// Reads the rest of the manifest and indexes its records; false when it cannot be read.
    /// Call before sharing the archive between threads.
    package func load() -> Bool {
        fd = open(path, O_RDONLY | O_CLOEXEC)
        var status = stat()
        guard fd >= 0, fstat(fd, &status) == 0,
              let whole = FileBytes.read(fd, count: Int(status.st_size), at: 0, allowShort: false) else { return false }
        var bytes = whole
        guard bytes.count >= bodyOffset, ManifestCoding.checked(bytes[bodyOffset...]) else { return false }
        bytes.removeLast(16)
        guard var head = ManifestCoding.readHead(bytes, from: bodyOffset),
              ManifestCoding.readRecords(bytes, into: &head) else { return false }
        entriesEnd = head.entriesEnd
        held.withLock { $0 = (bytes, 0) }
        (engineKey, globalKey, output, imageCount, assets) = (head.engineKey, head.globalKey, head.output, head.imageCount, head.assets)
        (entryRanges, sourceRanges, pages) = (head.entryRanges, head.sourceRanges, head.pages)
        (dependencyCount, dependenciesOffset) = (head.dependencyCount, head.dependenciesOffset)
        return true
    }

    /// Every dependency a page read, each once; page records refer to them by position.
    /// Decoded when first asked for (a caller that asks early, on another thread, has it
    /// ready when the key comparison needs it).
    package var dependencyTable: [Dependency] {
        table.withLock { table in
            if let table { return table }
            // Checked by `load` already: only a bug could make it unreadable here.
            let (bytes, base) = held.value
            let decoded = base == 0 ? ManifestCoding.dependencyTable(bytes, at: dependenciesOffset) ?? [] : []
            table = decoded
            return decoded
        }
    }

    /// Every content entry, decoded (in parallel: this is most of the manifest); nil also
    /// after `releaseEntryBytes`.
    package func entries() -> [String: BuildManifest.StampedEntry]? {
        let (bytes, base) = held.value
        guard base == 0 else { return nil }
        let ranges = Array(entryRanges.values)
        let parts = 8
        let decoded = Parallel.parts(ranges.count, parts: parts) { part in
            // Values many entries share are held once per part (see `ManifestCoding.Interner`).
            var interner = ManifestCoding.Interner(capacity: ranges.count / parts)
            return part.map { ManifestCoding.entry(bytes, ranges[$0], interner: &interner) }
        }
        var result: [String: BuildManifest.StampedEntry] = [:]
        result.reserveCapacity(ranges.count)
        for value in decoded.joined() {
            guard let value else { return nil }
            result[value.entry.path] = value
        }
        return result
    }

    /// The plans the previous build kept for the source at `path` (decoded each time: the
    /// planner keeps what it uses).
    package func source(_ path: String, only: ImagePlanner.PlanKey? = nil) -> ImagePlanner.KnownSource? {
        sourceRanges[path].flatMap { range in decoding(range) { ManifestCoding.source($0, $1, only: only) } }
    }

    /// The stamp the source at `path` had when its plans were made (without decoding them).
    package func sourceStamp(_ path: String) -> FileStamp? {
        guard let range = sourceRanges[path] else { return nil }
        return decoding(range) { bytes, range in
            var r = ByteReader(bytes, range)
            _ = r.string()
            let stamp = FileStamp.decode(from: &r)
            return r.failed ? nil : stamp
        }
    }

    /// The key of the page at `path` and what its last rendering read (nil: not known).
    package func keyAndDependencies(ofPage path: String) -> (key: PageKey, dependencies: [TablePosition])? {
        guard let page = pages[path],
              let read = decoding(page.range, { ManifestCoding.pageDependencies($0, $1, tableSize: dependencyCount) }) else { return nil }
        return (page.key, read)
    }

    /// The page at `path`'s record (nil: not known).
    package func page(_ path: String) -> BuildManifest.PageRecord? {
        pages[path].flatMap { page in decoding(page.range) { ManifestCoding.page($0, $1, tableSize: dependencyCount) } }
    }

    /// The thumbnails the page at `path` showed.
    package func images(ofPage path: String) -> [String] {
        guard let range = pages[path]?.range else { return [] }
        return decoding(range) { ManifestCoding.pageImages($0, $1) } ?? []
    }
}
