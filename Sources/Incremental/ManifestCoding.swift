import Foundation
import Thumbnails
import Diagnostics
import Load
import FrontMatter
import Markdown
import Images
import Model
import Render

/// The manifest's binary form. The head file (`manifest.bin`): a magic line and the format
/// version; the watch, length-prefixed so that a build with nothing to do decodes nothing
/// else; the keys, output state, thumbnail count and assets; then the parts the rest is
/// stored in (see `ManifestParts`), each named by the checksum of its bytes. A part is a
/// chunk of the dependency table, or a shard of the entries, sources or pages: a count, then
/// records, each length-prefixed and self-contained, so that it can be decoded alone, or
/// copied into a part of the next manifest unchanged.
package enum ManifestCoding {
    private static let magic = Array("gazetteer build manifest\n".utf8)

    /// The kinds of parts, in the head's order.
    package enum PartKind: Int, CaseIterable, Sendable {
        case table, entries, sources, pages
        /// The dependencies' values (`BuildManifest.dependencyValues`), in chunks beside the table's.
        case values
    }

    /// A part of the record: a file of the manifest's folder, named by its checksum.
    package struct PartRef: Hashable, Sendable {
        /// The checksum of its bytes (`PageKeyHasher.checksum`).
        package var sum: PageKey
        package var size: Int
        /// How many records (or dependencies) it holds.
        package var count: Int

        package init(sum: PageKey, size: Int, count: Int) {
            (self.sum, self.size, self.count) = (sum, size, count)
        }

        package var fileName: String {
            func hex(_ value: UInt64) -> String {
                let digits = String(value, radix: 16)
                return String(repeating: "0", count: 16 - digits.count) + digits
            }
            return hex(sum.high) + hex(sum.low) + ".part"
        }
    }

    package struct Head {
        package var engineKey: String
        package var globalKey: String
        package var output: BuildManifest.OutputState
        package var imageCount: Int
        package var assets: [String: FileStamp]
        /// How many dependencies the table holds (the sum of its chunks' counts).
        package var dependencyCount = 0
        /// At least as many as no page reads (`BuildManifest.unreadDependencies`).
        package var unreadDependencies = 0
        /// The parts of each kind (`PartKind`'s order).
        package var parts: [[PartRef]] = []
    }

    // MARK: Writing

    /// The head file's bytes, in pieces (the watch, megabytes at 100,000 pages, handed on as it is).
    package static func head(_ manifest: BuildManifest, parts: [[PartRef]]) -> [[UInt8]] {
        var w = ByteWriter(capacity: 256)
        w.raw(magic)
        w.uint(UInt64(BuildManifest.formatVersion))
        w.bool(manifest.watch != nil)
        var watch = ByteWriter(capacity: 1 << 16)
        manifest.watch?.encode(into: &watch)
        w.uint(UInt64(watch.bytes.count))
        var rest = ByteWriter(capacity: 1 << 16)
        let watchSum = PageKeyHasher.checksum(of: watch.bytes[...])
        rest.word(watchSum.high)
        rest.word(watchSum.low)
        let checkedFrom = rest.bytes.count
        rest.string(manifest.engineKey)
        rest.string(manifest.globalKey)
        rest.string(manifest.output.path)
        rest.uint(UInt64(manifest.output.folders.count))
        for (folder, stamp) in manifest.output.folders {
            rest.string(folder)
            stamp.encode(into: &rest)
        }
        rest.uint(UInt64(manifest.imageCount))
        rest.uint(UInt64(manifest.assets.count))
        for (path, stamp) in manifest.assets {
            rest.string(path)
            stamp.encode(into: &rest)
        }
        // The table's length: the positions its chunks hold (the same as `dependencies.count`,
        // and known without decoding when the parts are the previous manifest's).
        rest.uint(UInt64(parts.first.map { $0.reduce(0) { $0 + $1.count } } ?? 0))
        rest.uint(UInt64(manifest.unreadDependencies))
        for refs in parts {
            rest.uint(UInt64(refs.count))
            for ref in refs {
                rest.word(ref.sum.high)
                rest.word(ref.sum.low)
                rest.uint(UInt64(ref.size))
                rest.uint(UInt64(ref.count))
            }
        }
        let sum = PageKeyHasher.checksum(of: rest.bytes[checkedFrom...])
        rest.word(sum.high)
        rest.word(sum.low)
        return [w.bytes, watch.bytes, rest.bytes]
    }

    /// A part holding `records`: new values encoded by `write`, copied ones taken from the
    /// previous manifest through `copies` (nil: one could not be read).
    package static func recordsPart<Value>(
        _ records: [(key: String, record: BuildManifest.Record<Value>)], copies: inout ManifestArchive.Copies?,
        _ write: (inout ByteWriter, String, Value) -> Void
    ) -> [UInt8]? {
        var w = ByteWriter(capacity: 1 << 16)
        w.uint(UInt64(records.count))
        for (key, record) in records {
            switch record {
            case .value(let value):
                w.block { write(&$0, key, value) }
            case .copied(let range):
                guard let bytes = copies?.bytes(range) else { return nil }
                w.uint(UInt64(bytes.count))
                w.raw(bytes)
            }
        }
        return w.bytes
    }

    package static func writeEntry(_ w: inout ByteWriter, _ path: String, _ stamped: BuildManifest.StampedEntry) {
        w.bool(stamped.stamp != nil)
        stamped.stamp?.encode(into: &w)
        entry(stamped.entry, into: &w)
    }

    package static func writeSource(_ w: inout ByteWriter, _ path: String, _ source: ImagePlanner.KnownSource) {
        w.string(path)
        source.stamp.encode(into: &w)
        w.uint(UInt64(source.plans.count))
        for (key, plan) in source.plans {
            spec(key.spec, into: &w)
            w.string(key.stem)
            self.plan(plan, into: &w)
        }
    }

    package static func writePage(_ w: inout ByteWriter, _ path: String, _ page: BuildManifest.PageRecord) {
        w.string(path)
        w.uint(page.key.high)
        w.uint(page.key.low)
        strings(page.images, into: &w)
        positions(page.dependencies, into: &w)
    }

    private static func strings(_ values: [String], into w: inout ByteWriter) {
        w.uint(UInt64(values.count))
        for value in values { w.string(value) }
    }

    /// Content files' paths lose their folder, written as a number.
    private static let folders = ["", "content/cities/", "content/countries/"]

    /// A chunk of the dependency table.
    package static func tablePart(_ values: ArraySlice<Dependency>) -> [UInt8] {
        var w = ByteWriter(capacity: values.count * 24 + 16)
        dependencyTable(values, into: &w)
        return w.bytes
    }

    private static func dependencyTable(_ values: ArraySlice<Dependency>, into w: inout ByteWriter) {
        w.uint(UInt64(values.count))
        for value in values {
            w.uint(UInt64(value.kind.rawValue))
            var name = Substring(value.name)
            var folder = 0
            for (index, prefix) in folders.enumerated().dropFirst() where name.hasPrefix(prefix) {
                folder = index
                name = name.dropFirst(prefix.count)
                break
            }
            w.uint(UInt64(folder))
            w.string(String(name))
        }
    }

    /// A chunk of the dependencies' values: a count, then two words each.
    package static func valuesPart(_ values: ArraySlice<PageKey>) -> [UInt8] {
        var w = ByteWriter(capacity: values.count * 16 + 16)
        w.uint(UInt64(values.count))
        for value in values {
            w.word(value.high)
            w.word(value.low)
        }
        return w.bytes
    }

    /// The values of a chunk (see `valuesPart`), appended to `values`.
    package static func values(_ bytes: [UInt8], into values: inout [PageKey]) -> Bool {
        var r = ByteReader(bytes)
        let count = r.count()
        values.reserveCapacity(values.count + count)
        for _ in 0..<count { values.append(PageKey(high: r.word(), low: r.word())) }
        return !r.failed && r.atEnd
    }

    /// How many values a chunk holds, checked as `values` would read them.
    package static func checkValuesPart(_ bytes: [UInt8]) -> Int? {
        var r = ByteReader(bytes)
        let count = r.count()
        _ = r.skip(count * 16)
        return r.failed || !r.atEnd ? nil : count
    }

    /// The dependencies of a chunk of the table (see `tablePart`), appended to `values`.
    package static func dependencyTable(_ bytes: [UInt8], into values: inout [Dependency], interner: inout Interner) -> Bool {
        var r = ByteReader(bytes)
        return dependencyTable(&r, into: &values, interner: &interner) && r.atEnd
    }

    /// Checks a chunk of the table as `dependencyTable` would, without making its strings;
    /// its length.
    package static func checkTablePart(_ bytes: [UInt8]) -> Int? {
        var r = ByteReader(bytes)
        guard let count = skipDependencyTable(&r), r.atEnd else { return nil }
        return count
    }

    private static func skipDependencyTable(_ r: inout ByteReader) -> Int? {
        let count = r.count()
        for _ in 0..<count {
            guard Dependency.Kind(rawValue: UInt8(truncatingIfNeeded: r.uint())) != nil else { return nil }
            guard Int(r.uint()) < folders.count else { return nil }
            r.skipString()
        }
        return r.failed ? nil : count
    }

    private static func dependencyTable(_ r: inout ByteReader, into values: inout [Dependency], interner: inout Interner) -> Bool {
        let count = r.count()
        values.reserveCapacity(values.count + count)
        // A content file is read as front matter, body and picture, each a dependency of its
        // own: their name is held once (at 100,000 pages the table has a million names).
        for _ in 0..<count {
            guard let kind = Dependency.Kind(rawValue: UInt8(truncatingIfNeeded: r.uint())) else { return false }
            let folder = Int(r.uint())
            guard folder < folders.count else { return false }
            let name = r.string()
            values.append(Dependency(kind, interner.string(folder == 0 ? name : folders[folder] + name)))
        }
        return !r.failed
    }

    /// Positions in the dependency table, each as the zigzag-encoded difference from the one
    /// before (a page's are mostly ascending, so most take a byte).
    private static func positions(_ values: [TablePosition], into w: inout ByteWriter) {
        w.uint(UInt64(values.count))
        var last: Int64 = 0
        for value in values {
            let delta = Int64(value) - last
            w.uint(UInt64(bitPattern: (delta << 1) ^ (delta >> 63)))
            last = Int64(value)
        }
    }

    /// Positions written by `positions(_:into:)`; nil unless each is below `limit`.
    private static func positions(_ r: inout ByteReader, below limit: Int) -> [TablePosition]? {
        let count = r.count()
        var values: [TablePosition] = []
        values.reserveCapacity(count)
        var last = 0
        for _ in 0..<count {
            let zigzag = r.uint()
            last += Int(truncatingIfNeeded: Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1))
            guard last >= 0, last < limit, last <= Int(TablePosition.max) else { return nil }
            values.append(TablePosition(last))
        }
        return r.failed ? nil : values
    }

    private static func location(_ location: SourceLocation, into w: inout ByteWriter) {
        w.int(location.line)
        w.int(location.column)
    }

    private static func entry(_ entry: ContentEntry, into w: inout ByteWriter) {
        w.string(entry.path)
        w.uint(UInt64(entry.kind.rawValue))
        w.digest(entry.digest)
        w.digest(entry.frontMatterDigest)
        w.string(entry.name)
        w.optionalString(entry.officialName)
        w.optionalString(entry.capital)
        w.optionalString(entry.motto)
        strings(entry.aliases, into: &w)
        strings(entry.continents, into: &w)
        w.optionalString(entry.country)
        w.bool(entry.position != nil)
        if let position = entry.position {
            w.uint(position.latitude.bitPattern)
            w.uint(position.longitude.bitPattern)
        }
        w.optionalString(entry.isoCode)
        w.string(entry.image.path)
        w.string(entry.image.written)
        location(entry.image.location, into: &w)
        w.bool(entry.image.isPlaceholder)
        w.uint(UInt64(entry.extra.count))
        for item in entry.extra { yamlEntry(item, into: &w) }
        strings(entry.links, into: &w)
        strings(entry.files, into: &w)
        w.bool(entry.draft)
        w.bool(entry.menu != nil)
        w.uint(UInt64(bitPattern: Int64(entry.menu ?? 0)))
        strings(entry.bodyImages, into: &w)
        strings(entry.bodyImageFiles, into: &w)
        w.uint(UInt64(entry.warnings.count))
        for warning in entry.warnings {
            location(warning.location, into: &w)
            w.string(warning.message)
        }
        w.uint(UInt64(entry.redirects.count))
        for redirect in entry.redirects {
            w.string(redirect.slug)
            location(redirect.location, into: &w)
        }
        w.bool(entry.date != nil)
        if let date = entry.date {
            w.int(Int(date.seconds))
            w.string(date.text)
        }
        w.int(Int(entry.firstSeen))
        w.bool(entry.credit != nil)
        if let credit = entry.credit {
            w.optionalString(credit.caption)
            w.optionalString(credit.credit)
            w.optionalString(credit.license)
        }
        w.bool(entry.hasBody)
    }

    private static func yamlEntry(_ item: YAMLEntry, into w: inout ByteWriter) {
        w.string(item.key)
        location(item.keyLocation, into: &w)
        node(item.value, into: &w)
    }

    private static func node(_ node: YAMLNode, into w: inout ByteWriter) {
        location(node.location, into: &w)
        switch node.value {
        case .null: w.uint(0)
        case .bool(let value): w.uint(1); w.bool(value); w.optionalString(node.written)
        case .int(let value): w.uint(2); w.int(value); w.optionalString(node.written)
        case .double(let value): w.uint(3); w.uint(value.bitPattern); w.optionalString(node.written)
        case .string(let value): w.uint(4); w.string(value)
        case .sequence(let items):
            w.uint(5)
            w.uint(UInt64(items.count))
            for item in items { self.node(item, into: &w) }
        case .mapping(let items):
            w.uint(6)
            w.uint(UInt64(items.count))
            for item in items { yamlEntry(item, into: &w) }
        }
    }

    private static func spec(_ spec: ThumbnailSpec, into w: inout ByteWriter) {
        w.int(spec.width)
        w.int(spec.height)
        switch spec.mode {
        case .fit: w.uint(0)
        case .fill(.centre): w.uint(1)
        case .fill(.attention): w.uint(2)
        }
        w.optionalString(spec.format?.rawValue)
        w.uint(UInt64(spec.scales.count))
        for scale in spec.scales { w.int(scale) }
        w.bool(spec.allowUpscale)
    }

    private static func plan(_ plan: ThumbnailPlan, into w: inout ByteWriter) {
        w.int(plan.sourceWidth)
        w.int(plan.sourceHeight)
        w.bool(plan.limitedBySource)
        w.digest(Digest(hex: plan.sourceDigest) ?? Digest(a: 0, b: 0, c: 0, d: 0))
        w.uint(UInt64(plan.images.count))
        for image in plan.images {
            w.int(image.scale)
            w.string(image.fileName)
            w.int(image.width)
            w.int(image.height)
        }
    }

    // MARK: Reading

    /// What the first bytes of a manifest say.
    package enum Prefix: Equatable {
        /// Where the watch's bytes are (its checksum follows them).
        case watch(present: Bool, start: Int, length: Int)
        /// Written by another version of gazetteer.
        case otherVersion
        /// Not a manifest, or cut short.
        case damaged
    }

    package static func readPrefix(_ bytes: [UInt8]) -> Prefix {
        guard bytes.count > magic.count, bytes[0..<magic.count].elementsEqual(magic) else { return .damaged }
        var r = ByteReader(bytes, offset: magic.count)
        let version = r.uint()
        guard !r.failed else { return .damaged }
        guard version == UInt64(BuildManifest.formatVersion) else { return .otherVersion }
        let hasWatch = r.bool()
        let length = Int(truncatingIfNeeded: r.uint())
        return r.failed || length < 0 ? .damaged : .watch(present: hasWatch, start: r.offset, length: length)
    }

    /// Whether `bytes` (a watch's, or everything after the watch's checksum) end with their checksum.
    package static func checked(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.count >= 16 else { return false }
        let end = bytes.endIndex - 16
        var r = ByteReader(Array(bytes[end...]))
        return PageKeyHasher.checksum(of: bytes[..<end]) == PageKey(high: r.word(), low: r.word())
    }

    /// Everything after the watch (`bytes` without the final checksum).
    package static func readHead(_ bytes: [UInt8], from offset: Int) -> Head? {
        var r = ByteReader(bytes, offset: offset)
        let engineKey = r.string()
        let globalKey = r.string()
        let outputPath = r.string()
        var folders: [String: FileStamp] = [:]
        for _ in 0..<r.count() { folders[r.string()] = FileStamp.decode(from: &r) }
        let imageCount = Int(r.uint())
        var assets: [String: FileStamp] = [:]
        for _ in 0..<r.count() { assets[r.string()] = FileStamp.decode(from: &r) }
        var head = Head(
            engineKey: engineKey, globalKey: globalKey,
            output: BuildManifest.OutputState(path: outputPath, folders: folders), imageCount: imageCount, assets: assets)
        head.dependencyCount = Int(truncatingIfNeeded: r.uint())
        head.unreadDependencies = Int(truncatingIfNeeded: r.uint())
        for _ in PartKind.allCases {
            var refs: [PartRef] = []
            for _ in 0..<r.count() {
                let sum = PageKey(high: r.word(), low: r.word())
                refs.append(PartRef(sum: sum, size: Int(truncatingIfNeeded: r.uint()), count: Int(truncatingIfNeeded: r.uint())))
            }
            head.parts.append(refs)
        }
        guard !r.failed, r.atEnd, head.parts[PartKind.table.rawValue].reduce(0, { $0 + $1.count }) == head.dependencyCount
        else { return nil }
        return head
    }

    /// Where each record of a part of entries, sources or pages is, with its key (a path) and,
    /// for a page, its key; nil when they cannot be read.
    package static func indexPart(_ bytes: [UInt8], _ kind: PartKind) -> [(key: String, range: Range<Int>, page: PageKey)]? {
        var r = ByteReader(bytes)
        let count = r.count()
        var index: [(key: String, range: Range<Int>, page: PageKey)] = []
        index.reserveCapacity(count)
        for _ in 0..<count {
            let range = r.skip(r.count())
            var record = ByteReader(bytes, range)
            if kind == .entries, record.bool() { _ = FileStamp.decode(from: &record) }
            let key = record.string()
            let page = kind == .pages ? PageKey(high: record.uint(), low: record.uint()) : PageKey(high: 0, low: 0)
            guard !r.failed, !record.failed else { return nil }
            index.append((key, range, page))
        }
        return r.failed || !r.atEnd ? nil : index
    }

    /// Strings and lists that many entries share (a picture of the pool, a link to a country,
    /// a country's continents), each kept once by whoever decodes a run of entries: at 100,000
    /// cities, a few thousand copies instead of one per entry.
    package struct Interner {
        private var strings: Set<String> = []
        private var lists: Set<[String]> = []

        /// Room for about `capacity` strings, reserved (growing the set cost more than its lookups).
        package init(capacity: Int = 0) { strings.reserveCapacity(capacity) }

        mutating func string(_ value: String) -> String {
            // Up to 15 bytes, a string is held in its own value: nothing to share.
            value.utf8.count <= 15 ? value : strings.insert(value).memberAfterInsert
        }

        /// A list many entries hold whole (a country's continents; no body images).
        mutating func list(_ values: [String]) -> [String] {
            values.isEmpty ? values : lists.insert(elements(values)).memberAfterInsert
        }

        /// A list of an entry's own whose items others hold (its links: each city's differ,
        /// but a link to its country or a neighbour is in many), its items shared in place.
        mutating func elements(_ values: [String]) -> [String] {
            var shared = values
            for n in shared.indices { shared[n] = string(shared[n]) }
            return shared
        }
    }

    package static func entry(_ bytes: [UInt8], _ range: Range<Int>) -> BuildManifest.StampedEntry? {
        var interner = Interner()
        return entry(bytes, range, interner: &interner)
    }

    package static func entry(_ bytes: [UInt8], _ range: Range<Int>, interner: inout Interner) -> BuildManifest.StampedEntry? {
        var r = ByteReader(bytes, range)
        let stamp = r.bool() ? FileStamp.decode(from: &r) : nil
        let path = r.string()
        guard let kind = ContentEntry.Kind(rawValue: UInt8(truncatingIfNeeded: r.uint())) else { return nil }
        let digest = r.digest()
        let frontMatterDigest = r.digest()
        let name = r.string()
        let officialName = r.optionalString()
        let capital = r.optionalString()
        let motto = r.optionalString()
        let aliases = interner.list(strings(&r))
        let continents = interner.list(strings(&r))
        let country = r.optionalString().map { interner.string($0) }
        let position = r.bool() ? GeoPosition(latitude: Double(bitPattern: r.uint()), longitude: Double(bitPattern: r.uint())) : nil
        let isoCode = r.optionalString().map { interner.string($0) }
        let imagePath = interner.string(r.string())
        let written = interner.string(r.string())
        let imageLocation = location(&r, path)
        let isPlaceholder = r.bool()
        var extra: [YAMLEntry] = []
        for _ in 0..<r.count() {
            guard let item = yamlEntry(&r, path, depth: 0) else { return nil }
            extra.append(item)
        }
        let links = interner.elements(strings(&r))
        let files = strings(&r)
        let draft = r.bool()
        let hasMenu = r.bool()
        let menuValue = Int(Int64(bitPattern: r.uint()))
        let bodyImages = interner.list(strings(&r))
        let bodyImageFiles = interner.list(strings(&r))
        var warnings: [Diagnostic] = []
        for _ in 0..<r.count() {
            let at = location(&r, path)
            warnings.append(.warning(r.string(), at: at))
        }
        var redirects: [ContentEntry.Redirect] = []
        for _ in 0..<r.count() {
            let slug = r.string()
            redirects.append(ContentEntry.Redirect(slug: slug, location: location(&r, path)))
        }
        var date: EntryDate?
        if r.bool() {
            let seconds = Int64(r.int())
            date = EntryDate(seconds: seconds, text: r.string())
        }
        let firstSeen = Int64(r.int())
        var credit: PictureCredit?
        if r.bool() {
            let caption = r.optionalString(), by = r.optionalString(), license = r.optionalString()
            credit = PictureCredit(caption: caption, credit: by, license: license)
        }
        let hasBody = r.bool()
        guard !r.failed else { return nil }
        let entry = ContentEntry(
            kind: kind, path: path, digest: digest, frontMatterDigest: frontMatterDigest, name: name, officialName: officialName, capital: capital,
            motto: motto, aliases: aliases, redirects: redirects, continents: continents, country: country,
            position: position, isoCode: isoCode, image: ImageSource(path: imagePath, written: written, location: imageLocation, isPlaceholder: isPlaceholder),
            extra: extra, links: links, files: files, bodyImages: bodyImages, bodyImageFiles: bodyImageFiles, draft: draft, menu: hasMenu ? menuValue : nil, warnings: warnings,
            date: date, firstSeen: firstSeen, credit: credit, hasBody: hasBody)
        return BuildManifest.StampedEntry(stamp: stamp, entry: entry)
    }

    /// A source's record; with `only`, holding only that plan (the others are skipped).
    package static func source(_ bytes: [UInt8], _ range: Range<Int>, only: ImagePlanner.PlanKey? = nil) -> ImagePlanner.KnownSource? {
        var r = ByteReader(bytes, range)
        let path = r.string()
        let stamp = FileStamp.decode(from: &r)
        var url: URL?
        var plans: [ImagePlanner.PlanKey: ThumbnailPlan] = [:]
        for _ in 0..<r.count() {
            guard let spec = spec(&r) else { return nil }
            let stem = r.string()
            if let only, only.spec != spec || only.stem != stem {
                _ = (r.int(), r.int(), r.bool(), r.digest())
                for _ in 0..<r.count() {
                    _ = r.int()
                    r.skipString()
                    _ = (r.int(), r.int())
                }
                continue
            }
            let width = r.int()
            let height = r.int()
            let limited = r.bool()
            let digest = r.digest().hex
            var images: [PlannedImage] = []
            for _ in 0..<r.count() {
                let scale = r.int()
                let fileName = r.string()
                let w = r.int()
                images.append(PlannedImage(scale: scale, fileName: fileName, width: w, height: r.int()))
            }
            guard !images.isEmpty, !r.failed else { return nil }
            if url == nil { url = URL(fileURLWithPath: path, isDirectory: false) }
            plans[ImagePlanner.PlanKey(spec: spec, stem: stem)] = ThumbnailPlan(
                request: ThumbnailRequest(source: url!, spec: spec, stem: stem), sourceWidth: width, sourceHeight: height,
                images: images, limitedBySource: limited, sourceDigest: digest)
        }
        return r.failed ? nil : ImagePlanner.KnownSource(stamp: stamp, plans: plans)
    }

    /// A page's record; its dependencies are positions in a table of `tableSize`.
    package static func page(_ bytes: [UInt8], _ range: Range<Int>, tableSize: Int) -> BuildManifest.PageRecord? {
        var r = ByteReader(bytes, range)
        _ = r.string()
        let key = PageKey(high: r.uint(), low: r.uint())
        let images = strings(&r)
        guard let dependencies = positions(&r, below: tableSize) else { return nil }
        return r.failed ? nil : BuildManifest.PageRecord(key: key, dependencies: dependencies, images: images)
    }

    /// Only the thumbnails a page shows.
    package static func pageImages(_ bytes: [UInt8], _ range: Range<Int>) -> [String]? {
        var r = ByteReader(bytes, range)
        r.skipString()
        _ = (r.uint(), r.uint())
        let images = strings(&r)
        return r.failed ? nil : images
    }

    /// Only what a page's rendering read: positions in a table of `tableSize`.
    package static func pageDependencies(_ bytes: [UInt8], _ range: Range<Int>, tableSize: Int) -> [TablePosition]? {
        var r = ByteReader(bytes, range)
        return skipToPositions(&r) ? positions(&r, below: tableSize) : nil
    }

    /// Past a page record's path, key and thumbnails, to its positions (false: damaged).
    private static func skipToPositions(_ r: inout ByteReader) -> Bool {
        r.skipString()
        _ = (r.uint(), r.uint())
        for _ in 0..<r.count() { r.skipString() }
        return !r.failed
    }

    /// Whether the page record at `range` read a position that `changed` marks, walking its
    /// positions without gathering them (one edit's build asks it of every page); nil when
    /// the record is damaged or a position is not below `tableSize`, as `pageDependencies`.
    package static func pageReadsAny(_ bytes: [UInt8], _ range: Range<Int>, tableSize: Int, of changed: [Bool]) -> Bool? {
        var r = ByteReader(bytes, range)
        guard skipToPositions(&r) else { return nil }
        var any = false
        var last = 0
        for _ in 0..<r.count() {
            let zigzag = r.uint()
            last += Int(truncatingIfNeeded: Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1))
            guard last >= 0, last < tableSize, last <= Int(TablePosition.max) else { return nil }
            if !any, last >= changed.count || changed[last] { any = true }
        }
        return r.failed ? nil : any
    }

    private static func strings(_ r: inout ByteReader) -> [String] {
        let count = r.count()
        var values: [String] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(r.string()) }
        return values
    }

    private static func location(_ r: inout ByteReader, _ path: String) -> SourceLocation {
        let line = r.int()
        return SourceLocation(path: path, line: line, column: r.int())
    }

    private static func yamlEntry(_ r: inout ByteReader, _ path: String, depth: Int) -> YAMLEntry? {
        let key = r.string()
        let keyLocation = location(&r, path)
        guard let value = node(&r, path, depth: depth) else { return nil }
        return YAMLEntry(key: key, keyLocation: keyLocation, value: value)
    }

    private static func node(_ r: inout ByteReader, _ path: String, depth: Int) -> YAMLNode? {
        guard depth < 100, !r.failed else { return nil }
        let at = location(&r, path)
        let value: YAMLValue
        var written: String?
        switch r.uint() {
        case 0: value = .null
        case 1: value = .bool(r.bool()); written = r.optionalString()
        case 2: value = .int(r.int()); written = r.optionalString()
        case 3: value = .double(Double(bitPattern: r.uint())); written = r.optionalString()
        case 4: value = .string(r.string())
        case 5:
            var items: [YAMLNode] = []
            for _ in 0..<r.count() {
                guard let item = node(&r, path, depth: depth + 1) else { return nil }
                items.append(item)
            }
            value = .sequence(items)
        case 6:
            var items: [YAMLEntry] = []
            for _ in 0..<r.count() {
                guard let item = yamlEntry(&r, path, depth: depth + 1) else { return nil }
                items.append(item)
            }
            value = .mapping(items)
        default: return nil
        }
        return YAMLNode(value: value, location: at, written: written)
    }

    private static func spec(_ r: inout ByteReader) -> ThumbnailSpec? {
        let width = r.int()
        let height = r.int()
        let mode: ThumbnailMode
        switch r.uint() {
        case 0: mode = .fit
        case 1: mode = .fill(.centre)
        case 2: mode = .fill(.attention)
        default: return nil
        }
        var format: ImageFormat?
        if let name = r.optionalString() {
            guard let known = ImageFormat(rawValue: name) else { return nil }
            format = known
        }
        var scales: [Int] = []
        for _ in 0..<r.count() { scales.append(r.int()) }
        return ThumbnailSpec(width: width, height: height, mode: mode, format: format, scales: scales, allowUpscale: r.bool())
    }
}

extension BuildManifest {
}
