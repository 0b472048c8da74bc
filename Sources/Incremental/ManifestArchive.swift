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
/// with nothing to do reads nothing else), then, when `load` is called, the parts its head
/// names (see `ManifestParts`), each checked against its checksum and indexed across the
/// cores: content entries decoded when the build needs them (every one, unless nothing
/// changed), plans and page thumbnail lists only when asked for. Thread-safe once loaded.
///
/// Unchecked: `load` sets the head's fields (keys, output, parts, ranges) once, on the
/// thread that read the watch and before any other thread is handed the archive; afterwards
/// they are only read, and the bytes and table change under their locks. The compiler cannot
/// see that ordering (the fields are `var` for `load` alone).
package final class ManifestArchive: @unchecked Sendable {
    package let watch: InputWatch?
    /// What this process kept of the parts of earlier manifests (`serve`; nil: nothing).
    package let memory: PartMemory?
    private let path: String
    /// The folder of the parts.
    private let folder: String
    /// Where the part after the watch begins.
    private let bodyOffset: Int
    /// Each part's bytes, in the order of `refs`: all of them after `load`, those of the
    /// entries gone once the entries are decoded (`releaseEntryBytes`), none after
    /// `releaseBytes` (records are then read again from the part files, which stay until the
    /// next manifest is saved). Read under the lock (a reference taken), decoded outside it.
    private let held = Locked<[[UInt8]]>([])
    /// Every part, of every kind in `PartKind`'s order, and where each kind's begin.
    private var refs: [ManifestCoding.PartRef] = []
    private var kindStarts: [Int] = []
    package private(set) var engineKey = ""
    package private(set) var globalKey = ""
    package private(set) var output = BuildManifest.OutputState(path: "", folders: [:])
    package private(set) var imageCount = 0
    package private(set) var assets: [String: FileStamp] = [:]
    /// Where each record is: a place in the archive (its part, and where in it; see `place`).
    package private(set) var entryRanges = RecordIndex()
    package private(set) var sourceRanges = RecordIndex()
    /// Each page's key, and where its record is.
    package private(set) var pages = RecordIndex()
    /// How many dependencies the table holds (decoded when first asked for).
    package private(set) var dependencyCount = 0
    /// At least as many of them as no page reads (`BuildManifest.unreadDependencies`).
    package private(set) var unreadDependencies = 0
    private let table = Locked<[Dependency]?>(nil)
    private let values = Locked<[PageKey]??>(nil)

    /// The manifest in `cache`, read up to the end of its watch.
    package enum Found {
        case none
        /// A manifest that cannot be used, and why, in a few words.
        case unusable(String)
        case archive(ManifestArchive)

        package var archive: ManifestArchive? { if case .archive(let archive) = self { archive } else { nil } }
    }

    package static let damaged = "damaged or cut short"

    package static func read(from cache: URL, memory: PartMemory? = nil) -> Found {
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
            return .archive(ManifestArchive(
                path: path, folder: ManifestParts.folder(in: cache).path, watch: watch, bodyOffset: start + length + 16, memory: memory))
        }
    }

    private init(path: String, folder: String, watch: InputWatch?, bodyOffset: Int, memory: PartMemory?) {
        self.memory = memory
        self.path = path
        self.folder = folder
        self.watch = watch
        self.bodyOffset = bodyOffset
    }

    // MARK: Places

    /// A record's place: its part's index in the high bits, its bytes in that part in the low ones.
    private static let placeShift = 40

    private static func place(part: Int, _ range: Range<Int>) -> Range<Int> {
        let base = part << placeShift
        return (base + range.lowerBound)..<(base + range.upperBound)
    }

    /// The part a record's place is in.
    package static func part(of place: Range<Int>) -> Int { place.lowerBound >> placeShift }

    private static func local(_ place: Range<Int>) -> Range<Int> {
        let base = part(of: place) << placeShift
        return (place.lowerBound - base)..<(place.upperBound - base)
    }

    /// The parts of `kind`, in order.
    package func parts(_ kind: ManifestCoding.PartKind) -> ArraySlice<ManifestCoding.PartRef> {
        guard kindStarts.count > kind.rawValue else { return [] }
        let end = kind.rawValue + 1 < kindStarts.count ? kindStarts[kind.rawValue + 1] : refs.count
        return refs[kindStarts[kind.rawValue]..<end]
    }

    /// The index (among every part) of the first part of `kind`.
    package func firstPart(_ kind: ManifestCoding.PartKind) -> Int { kindStarts.count > kind.rawValue ? kindStarts[kind.rawValue] : refs.count }

    /// Gives up the bytes once nothing is to be decoded from them any more (before the next
    /// manifest is written, which copies records with `copies()`): at 100,000 pages they are
    /// 82 MB, held else while the manifest and the search state are saved, the build's peak.
    /// Not while other threads read the archive.
    package func releaseBytes() {
        _ = dependencyTable  // decoded now if it was not: it is kept
        _ = dependencyValues
        held.withLock { $0 = [] }
    }

    /// Gives up the bytes of the entries, decoded by now (and copied from their parts into the
    /// next manifest): half the parts at 100,000 pages, 40 MB, held else while the pages are
    /// rendered and the saved search state is read beside them, the build's peak.
    package func releaseEntryBytes() {
        _ = dependencyTable
        _ = dependencyValues
        let entries = firstPart(.entries)..<firstPart(.sources)
        held.withLock { held in
            guard held.count == refs.count else { return }
            for n in entries { held[n] = [] }
        }
    }

    /// `decode` of the record at `place`, when its bytes are still held.
    private func decoding<Value>(_ place: Range<Int>, _ decode: ([UInt8], Range<Int>) -> Value?) -> Value? {
        let part = Self.part(of: place), range = Self.local(place)
        let bytes = held.withLock { $0.count > part ? $0[part] : [] }
        guard range.upperBound <= bytes.count, !bytes.isEmpty else { return nil }
        return decode(bytes, range)
    }

    /// The bytes of the part at `index`: held, or read again from its file.
    fileprivate func partBytes(_ index: Int) -> [UInt8]? {
        guard index < refs.count else { return nil }
        let kept = held.withLock { $0.count > index ? $0[index] : [] }
        if !kept.isEmpty || refs[index].size == 0 { return kept }
        if let known = memory?.part(refs[index].fileName, size: refs[index].size) { return known.bytes }
        guard let bytes = FileBytes.read(folder + "/" + refs[index].fileName), bytes.count == refs[index].size else { return nil }
        return bytes
    }

    /// Records of the previous manifest, read part by part (see `Copies`).
    package func copies() -> Copies { Copies(archive: self) }

    /// The key and place of every record of the part at `index` (among every part), in the
    /// order the part holds them (nil: it could not be read).
    package func records(inPart index: Int, _ kind: ManifestCoding.PartKind) -> [(key: String, place: Range<Int>)]? {
        guard let bytes = partBytes(index), let found = ManifestCoding.indexPart(bytes, kind) else { return nil }
        return found.map { ($0.key, Self.place(part: index, $0.range)) }
    }

    /// Unchanged records of the manifest, asked for mostly part by part: the bytes of the part
    /// last asked for are held (one read of its file per part, not per record).
    package struct Copies {
        fileprivate let archive: ManifestArchive
        private var part = -1
        private var bytes: [UInt8] = []

        fileprivate init(archive: ManifestArchive) { self.archive = archive }

        /// The bytes of the record at `place` (nil: they could not be read).
        package mutating func bytes(_ place: Range<Int>) -> ArraySlice<UInt8>? {
            let index = ManifestArchive.part(of: place), range = ManifestArchive.local(place)
            if index != part {
                guard let read = archive.partBytes(index) else { return nil }
                (part, bytes) = (index, read)
            }
            guard range.upperBound <= bytes.count else { return nil }
            return bytes[range]
        }
    }

    /// Reads the parts the head names and indexes their records; false when it cannot be
    /// read. Call before sharing the archive between threads.
    package func load() -> Bool { loadProblem() == nil }

    /// `load`, saying in a few words why the manifest cannot be used (nil: it can). With
    /// `only`, the parts of those kinds alone are read and checked (the head names them all,
    /// and a manifest saved from this one keeps them as they are): enough for a build that
    /// copies a file of static/ (`.sources`, whether a page reads the file); one that needs
    /// more loads the whole of it again.
    package func loadProblem(only: Set<ManifestCoding.PartKind> = Set(ManifestCoding.PartKind.allCases)) -> String? {
        guard let whole = FileBytes.read(path), whole.count >= bodyOffset, ManifestCoding.checked(whole[bodyOffset...]),
              let head = ManifestCoding.readHead(Array(whole.dropLast(16)), from: bodyOffset) else { return Self.damaged }
        var starts: [Int] = []
        var all: [ManifestCoding.PartRef] = []
        var kinds: [ManifestCoding.PartKind] = []
        for kind in ManifestCoding.PartKind.allCases {
            starts.append(all.count)
            all += head.parts[kind.rawValue]
            kinds += Array(repeating: kind, count: head.parts[kind.rawValue].count)
        }
        enum Read: Sendable {
            case missing(String)
            case damaged
            case read([UInt8], RecordIndex.PartSlots?)
        }
        let (folder, refs, partKinds, memory) = (self.folder, all, kinds, self.memory)
        let reads = Parallel.map(refs.count) { n -> Read in
            guard only.contains(partKinds[n]) else { return .read([], nil) }
            let ref = refs[n]
            // A part this process read, checked or wrote before is the same bytes (its name is their checksum).
            let known = memory?.part(ref.fileName, size: ref.size)
            let bytes: [UInt8]
            if let known {
                bytes = known.bytes
            } else {
                guard let read = FileBytes.read(folder + "/" + ref.fileName) else { return .missing(ref.fileName) }
                guard read.count == ref.size, PageKeyHasher.checksum(of: read[...]) == ref.sum else { return .damaged }
                bytes = read
                memory?.remember(ref.fileName, bytes: bytes)
            }
            if partKinds[n] == .table {
                return known != nil || ManifestCoding.checkTablePart(bytes) == ref.count ? .read(bytes, nil) : .damaged
            }
            if partKinds[n] == .values {
                return known != nil || ManifestCoding.checkValuesPart(bytes) == ref.count ? .read(bytes, nil) : .damaged
            }
            if let index = known?.index, index.count == ref.count { return .read(bytes, index) }
            guard let index = ManifestCoding.slotsPart(bytes, partKinds[n]), index.count == ref.count else { return .damaged }
            memory?.update(ref.fileName) { $0.index = index }
            return .read(bytes, index)
        }
        memory?.keepOnly(Set(refs.map(\.fileName)))
        var parts: [[UInt8]] = []
        parts.reserveCapacity(all.count)
        for read in reads {
            switch read {
            case .missing(let name): return "missing its part manifest/\(name)"
            case .damaged: return Self.damaged
            case .read(let bytes, _): parts.append(bytes)
            }
        }
        // The pages' table on one core, the entries' and the sources' on the other.
        func slots(_ kind: ManifestCoding.PartKind) -> [(part: Int, slots: RecordIndex.PartSlots)] {
            reads.indices.compactMap { n in
                guard kinds[n] == kind, case .read(_, let slots?) = reads[n] else { return nil }
                return (n, slots)
            }
        }
        let (pageParts, entryParts, sourceParts) = (slots(.pages), slots(.entries), slots(.sources))
        let tables = Parallel.map(2) { task -> [RecordIndex] in
            task == 0 ? [RecordIndex(pageParts, place: Self.place)]
                : [RecordIndex(entryParts, place: Self.place), RecordIndex(sourceParts, place: Self.place)]
        }
        (pages, entryRanges, sourceRanges) = (tables[0][0], tables[1][0], tables[1][1])
        held.withLock { $0 = parts }
        (self.refs, kindStarts) = (all, starts)
        (engineKey, globalKey, output, imageCount, assets) = (head.engineKey, head.globalKey, head.output, head.imageCount, head.assets)
        dependencyCount = head.dependencyCount
        unreadDependencies = head.unreadDependencies
        return nil
    }

    /// Every dependency a page read, each once; page records refer to them by position.
    /// Decoded when first asked for (a caller that asks early, on another thread, has it
    /// ready when the key comparison needs it).
    package var dependencyTable: [Dependency] {
        table.withLock { table in
            if let table { return table }
            // Checked by `load` already: only a bug could make it unreadable here.
            let bytes = held.value
            var decoded: [Dependency] = []
            decoded.reserveCapacity(dependencyCount)
            var interner = ManifestCoding.Interner(capacity: dependencyCount / 2)
            for n in firstPart(.table)..<firstPart(.entries) {
                guard n < bytes.count else {
                    decoded = []
                    break
                }
                if let memory {
                    // Each chunk decoded once in this process (with values shared within the chunk).
                    if let known = memory.part(refs[n].fileName, size: refs[n].size)?.table {
                        decoded += known
                        continue
                    }
                    var chunk: [Dependency] = []
                    var own = ManifestCoding.Interner(capacity: refs[n].count / 2)
                    guard ManifestCoding.dependencyTable(bytes[n], into: &chunk, interner: &own) else {
                        decoded = []
                        break
                    }
                    memory.update(refs[n].fileName) { $0.table = chunk }
                    decoded += chunk
                } else if !ManifestCoding.dependencyTable(bytes[n], into: &decoded, interner: &interner) {
                    decoded = []
                    break
                }
            }
            table = decoded
            return decoded
        }
    }

    /// The value each dependency of `dependencyTable` had when the last build ended, in its
    /// order (nil: not known). Decoded when first asked for, like the table.
    package var dependencyValues: [PageKey]? {
        values.withLock { values in
            if let values { return values }
            let bytes = held.value
            var decoded: [PageKey]? = []
            decoded!.reserveCapacity(dependencyCount)
            for n in firstPart(.values)..<(firstPart(.values) + parts(.values).count) {
                if let known = memory?.part(refs[n].fileName, size: refs[n].size)?.values {
                    decoded! += known
                    continue
                }
                var chunk: [PageKey] = []
                guard n < bytes.count, ManifestCoding.values(bytes[n], into: &chunk) else {
                    decoded = nil
                    break
                }
                memory?.update(refs[n].fileName) { $0.values = chunk }
                decoded! += chunk
            }
            if decoded?.count != dependencyCount { decoded = nil }
            values = .some(decoded)
            return decoded
        }
    }

    /// Every content entry, decoded (in parallel, part by part: this is most of the
    /// manifest); nil also after `releaseEntryBytes`.
    package func entries() -> StampedEntries? {
        let bytes = held.value
        let first = firstPart(.entries), end = firstPart(.sources)
        guard bytes.count == refs.count else { return nil }
        let (refs, memory) = (self.refs, self.memory)
        let decoded = Parallel.map(end - first) { n -> [BuildManifest.StampedEntry]? in
            let part = bytes[first + n], ref = refs[first + n]
            if let known = memory?.part(ref.fileName, size: ref.size)?.entries { return known }
            guard !part.isEmpty || ref.size == 0, let index = ManifestCoding.indexPart(part, .entries) else { return nil }
            // Values many entries share are held once per part (see `ManifestCoding.Interner`).
            var interner = ManifestCoding.Interner(capacity: index.count)
            var entries: [BuildManifest.StampedEntry] = []
            entries.reserveCapacity(index.count)
            for item in index {
                guard let entry = ManifestCoding.entry(part, item.range, interner: &interner) else { return nil }
                entries.append(entry)
            }
            memory?.update(ref.fileName) { $0.entries = entries }
            return entries
        }
        var values: [BuildManifest.StampedEntry] = []
        values.reserveCapacity(entryRanges.count)
        for part in decoded {
            guard let part else { return nil }
            values += part
        }
        return StampedEntries(index: entryRanges, values: values)
    }

    /// The plans the previous build kept for the source at `path` (decoded each time: the
    /// planner keeps what it uses).
    package func source(_ path: String, only: ImagePlanner.PlanKey? = nil) -> ImagePlanner.KnownSource? {
        sourceRanges[path].flatMap { slot in decoding(slot.range) { ManifestCoding.source($0, $1, only: only) } }
    }

    /// The stamp the source at `path` had when its plans were made (without decoding them).
    package func sourceStamp(_ path: String) -> FileStamp? {
        guard let range = sourceRanges[path]?.range else { return nil }
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

    /// For each page of `paths` (nil: none asked), whether what its last rendering read holds
    /// a position `changed` marks (nil: its record is not known), across the cores; each page's
    /// positions walked in place, the parts taken once (not a lock and an array per page).
    package func pagesRead(_ changed: [Bool], by paths: [String?]) -> [Bool?] {
        let parts = held.value
        return Parallel.map(paths.count, chunk: 256) { n -> Bool? in
            guard let path = paths[n], let page = pages[path] else { return nil }
            let part = Self.part(of: page.range), range = Self.local(page.range)
            guard part < parts.count, range.upperBound <= parts[part].count, !parts[part].isEmpty else { return nil }
            return ManifestCoding.pageReadsAny(parts[part], range, tableSize: dependencyCount, of: changed)
        }
    }

    /// The paths of the pages whose last rendering read a position `changed` marks, every
    /// record walked in the order the parts hold them (nil: one could not be read): for a
    /// build whose pages are the last build's, instead of a lookup by path per page.
    package func pagesReading(_ changed: [Bool]) -> [String]? {
        let bytes = held.value, index = pages, tableSize = dependencyCount
        let found = Parallel.parts(index.count, parts: 8) { range -> [String]? in
            var reading: [String] = []
            for n in range {
                let place = index.place(at: n)
                let part = Self.part(of: place), local = Self.local(place)
                guard part < bytes.count, local.upperBound <= bytes[part].count, !bytes[part].isEmpty,
                      let reads = ManifestCoding.pageReadsAny(bytes[part], local, tableSize: tableSize, of: changed) else { return nil }
                if reads { reading.append(index.key(at: n)) }
            }
            return reading
        }
        var paths: [String] = []
        for part in found {
            guard let part else { return nil }
            paths += part
        }
        return paths
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
