import Foundation
import Thumbnails

/// The manifest's binary form: a magic line, the format version, a table of every distinct
/// string, then the records, strings written as indexes into the table.
extension BuildManifest {
    private static let magic = Array("gazetteer build manifest\n".utf8)

    func encoded() -> [UInt8] {
        var w = TableWriter()
        w.string(globalKey)
        w.string(templatesKey)
        w.string(output.path)
        w.count(output.folders.count)
        for (folder, stamp) in output.folders.sorted(by: { $0.key < $1.key }) {
            w.string(folder)
            w.stamp(stamp)
        }
        w.count(entries.count)
        for (_, stamped) in entries.sorted(by: { $0.key < $1.key }) {
            w.bool(stamped.stamp != nil)
            if let stamp = stamped.stamp { w.stamp(stamp) }
            w.entry(stamped.entry)
        }
        w.count(sources.count)
        for (path, source) in sources.sorted(by: { $0.key < $1.key }) {
            w.string(path)
            w.stamp(source.stamp)
            w.count(source.plans.count)
            for (key, plan) in source.plans {
                w.spec(key.spec)
                w.string(key.stem)
                w.plan(plan)
            }
        }
        w.count(pages.count)
        for (path, page) in pages.sorted(by: { $0.key < $1.key }) {
            w.string(path)
            w.string(page.key)
            w.strings(page.images)
        }
        w.count(assets.count)
        for (path, stamp) in assets.sorted(by: { $0.key < $1.key }) {
            w.string(path)
            w.stamp(stamp)
        }

        var watchBytes = ByteWriter(capacity: 1 << 20)
        watch?.encode(into: &watchBytes)
        var file = ByteWriter(capacity: w.body.bytes.count + w.tableBytes + watchBytes.bytes.count + 64)
        file.raw(Self.magic)
        file.uint(UInt64(Self.formatVersion))
        file.bool(watch != nil)
        file.uint(UInt64(watchBytes.bytes.count))
        file.raw(watchBytes.bytes)
        file.uint(UInt64(w.table.count))
        for string in w.table { file.string(string) }
        file.raw(w.body.bytes)
        return file.bytes
    }

    /// The manifest file's bytes and its watch, decoded apart (see `InputWatch`).
    struct Header {
        var bytes: [UInt8]
        var watch: InputWatch?
        var bodyOffset: Int
    }

    static func header(_ bytes: [UInt8]) -> Header? {
        guard bytes.count > magic.count, Array(bytes[0..<magic.count]) == magic else { return nil }
        var r = ByteReader(bytes, offset: magic.count)
        guard r.uint() == UInt64(formatVersion) else { return nil }
        let hasWatch = r.bool()
        let length = r.count()
        guard !r.failed else { return nil }
        let start = r.offset
        let watch = hasWatch ? InputWatch.decode(from: &r) : nil
        guard !r.failed, r.offset <= start + length else { return nil }
        return Header(bytes: bytes, watch: watch, bodyOffset: start + length)
    }

    static func decode(_ header: Header) -> BuildManifest? {
        var r = TableReader(ByteReader(header.bytes, offset: header.bodyOffset))
        let tableCount = r.reader.count()
        r.table.reserveCapacity(tableCount)
        for _ in 0..<tableCount { r.table.append(r.reader.string()) }

        let globalKey = r.string()
        let templatesKey = r.string()
        let outputPath = r.string()
        var folders: [String: FileStamp] = [:]
        for _ in 0..<r.count() { folders[r.string()] = r.stamp() }
        var entries: [String: StampedEntry] = [:]
        let entryCount = r.count()
        entries.reserveCapacity(entryCount)
        for _ in 0..<entryCount {
            let stamp = r.bool() ? r.stamp() : nil
            guard let entry = r.entry() else { return nil }
            entries[entry.path] = StampedEntry(stamp: stamp, entry: entry)
        }
        var sources: [String: ImagePlanner.KnownSource] = [:]
        let sourceCount = r.count()
        sources.reserveCapacity(sourceCount)
        for _ in 0..<sourceCount {
            let path = r.string()
            let stamp = r.stamp()
            var plans: [ImagePlanner.PlanKey: ThumbnailPlan] = [:]
            for _ in 0..<r.count() {
                guard let spec = r.spec() else { return nil }
                let stem = r.string()
                guard let plan = r.plan(ThumbnailRequest(source: URL(fileURLWithPath: path, isDirectory: false), spec: spec, stem: stem)) else {
                    return nil
                }
                plans[ImagePlanner.PlanKey(spec: spec, stem: stem)] = plan
            }
            sources[path] = ImagePlanner.KnownSource(stamp: stamp, plans: plans)
        }
        var pages: [String: PageRecord] = [:]
        let pageCount = r.count()
        pages.reserveCapacity(pageCount)
        for _ in 0..<pageCount {
            let path = r.string()
            pages[path] = PageRecord(key: r.string(), images: r.strings())
        }
        var assets: [String: FileStamp] = [:]
        for _ in 0..<r.count() { assets[r.string()] = r.stamp() }
        guard !r.reader.failed, r.reader.atEnd else { return nil }
        return BuildManifest(
            globalKey: globalKey, templatesKey: templatesKey, output: OutputState(path: outputPath, folders: folders),
            entries: entries, sources: sources, pages: pages, assets: assets, watch: header.watch)
    }
}

/// Writes records with strings as indexes into a table of distinct strings.
private struct TableWriter {
    var body = ByteWriter()
    private(set) var table: [String] = []
    private var indexes: [String: Int] = [:]
    private(set) var tableBytes = 0

    mutating func string(_ value: String) {
        if let index = indexes[value] {
            body.uint(UInt64(index))
        } else {
            indexes[value] = table.count
            body.uint(UInt64(table.count))
            table.append(value)
            tableBytes += value.utf8.count + 5
        }
    }

    mutating func optionalString(_ value: String?) {
        body.bool(value != nil)
        if let value { string(value) }
    }

    mutating func strings(_ values: [String]) {
        count(values.count)
        for value in values { string(value) }
    }

    mutating func count(_ value: Int) { body.uint(UInt64(value)) }
    mutating func int(_ value: Int) { body.int(value) }
    mutating func bool(_ value: Bool) { body.bool(value) }

    mutating func stamp(_ stamp: FileStamp) {
        body.uint(stamp.device)
        body.uint(stamp.inode)
        body.int(Int(stamp.size))
        body.int(Int(stamp.modified))
        body.int(Int(stamp.changed))
    }

    mutating func location(_ location: SourceLocation) {
        int(location.line)
        int(location.column)
    }

    mutating func entry(_ entry: ContentEntry) {
        body.uint(UInt64(entry.kind.rawValue))
        string(entry.path)
        string(entry.digest)
        string(entry.name)
        optionalString(entry.officialName)
        optionalString(entry.capital)
        optionalString(entry.motto)
        strings(entry.continents)
        optionalString(entry.country)
        string(entry.image.file.path)
        string(entry.image.written)
        location(entry.image.location)
        bool(entry.image.isPlaceholder)
        count(entry.extra.count)
        for item in entry.extra { yamlEntry(item) }
        strings(entry.links)
        strings(entry.bodyImages)
        strings(entry.bodyImageFiles)
    }

    mutating func yamlEntry(_ item: YAMLEntry) {
        string(item.key)
        location(item.keyLocation)
        node(item.value)
    }

    mutating func node(_ node: YAMLNode) {
        location(node.location)
        switch node.value {
        case .null: count(0)
        case .bool(let value): count(1); bool(value)
        case .int(let value): count(2); int(value)
        case .double(let value): count(3); body.uint(value.bitPattern)
        case .string(let value): count(4); string(value)
        case .sequence(let items):
            count(5)
            count(items.count)
            for item in items { self.node(item) }
        case .mapping(let items):
            count(6)
            count(items.count)
            for item in items { yamlEntry(item) }
        }
    }

    mutating func spec(_ spec: ThumbnailSpec) {
        int(spec.width)
        int(spec.height)
        switch spec.mode {
        case .fit: count(0)
        case .fill(.centre): count(1)
        case .fill(.attention): count(2)
        }
        optionalString(spec.format?.rawValue)
        count(spec.scales.count)
        for scale in spec.scales { int(scale) }
        bool(spec.allowUpscale)
    }

    mutating func plan(_ plan: ThumbnailPlan) {
        int(plan.sourceWidth)
        int(plan.sourceHeight)
        bool(plan.limitedBySource)
        string(plan.sourceDigest)
        count(plan.images.count)
        for image in plan.images {
            int(image.scale)
            string(image.fileName)
            int(image.width)
            int(image.height)
        }
    }
}

/// Reads what `TableWriter` wrote.
private struct TableReader {
    var reader: ByteReader
    var table: [String] = []

    init(_ reader: ByteReader) { self.reader = reader }

    mutating func string() -> String {
        let index = Int(reader.uint())
        guard index < table.count else {
            _ = reader.count()  // records the failure
            return ""
        }
        return table[index]
    }

    mutating func optionalString() -> String? { reader.bool() ? string() : nil }

    mutating func strings() -> [String] {
        let n = count()
        var values: [String] = []
        values.reserveCapacity(n)
        for _ in 0..<n { values.append(string()) }
        return values
    }

    mutating func count() -> Int { reader.count() }
    mutating func int() -> Int { reader.int() }
    mutating func bool() -> Bool { reader.bool() }

    mutating func stamp() -> FileStamp {
        FileStamp(
            device: reader.uint(), inode: reader.uint(), size: Int64(reader.int()), modified: Int64(reader.int()),
            changed: Int64(reader.int()))
    }

    mutating func location(_ path: String) -> SourceLocation {
        let line = int()
        return SourceLocation(path: path, line: line, column: int())
    }

    mutating func entry() -> ContentEntry? {
        guard let kind = ContentEntry.Kind(rawValue: UInt8(truncatingIfNeeded: reader.uint())) else { return nil }
        let path = string()
        let digest = string()
        let name = string()
        let officialName = optionalString()
        let capital = optionalString()
        let motto = optionalString()
        let continents = strings()
        let country = optionalString()
        let imagePath = string()
        let written = string()
        let imageLocation = location(path)
        let isPlaceholder = bool()
        var extra: [YAMLEntry] = []
        for _ in 0..<count() {
            guard let item = yamlEntry(path, depth: 0) else { return nil }
            extra.append(item)
        }
        let links = strings()
        let bodyImages = strings()
        let bodyImageFiles = strings()
        guard !reader.failed else { return nil }
        return ContentEntry(
            kind: kind, path: path, digest: digest, name: name, officialName: officialName, capital: capital,
            motto: motto, continents: continents, country: country,
            image: ImageSource(
                file: URL(fileURLWithPath: imagePath, isDirectory: false), written: written, location: imageLocation,
                isPlaceholder: isPlaceholder),
            extra: extra, links: links, bodyImages: bodyImages, bodyImageFiles: bodyImageFiles)
    }

    mutating func yamlEntry(_ path: String, depth: Int) -> YAMLEntry? {
        let key = string()
        let keyLocation = location(path)
        guard let value = node(path, depth: depth) else { return nil }
        return YAMLEntry(key: key, keyLocation: keyLocation, value: value)
    }

    mutating func node(_ path: String, depth: Int) -> YAMLNode? {
        guard depth < 100, !reader.failed else { return nil }
        let at = location(path)
        let value: YAMLValue
        switch count() {
        case 0: value = .null
        case 1: value = .bool(bool())
        case 2: value = .int(int())
        case 3: value = .double(Double(bitPattern: reader.uint()))
        case 4: value = .string(string())
        case 5:
            var items: [YAMLNode] = []
            for _ in 0..<count() {
                guard let item = node(path, depth: depth + 1) else { return nil }
                items.append(item)
            }
            value = .sequence(items)
        case 6:
            var items: [YAMLEntry] = []
            for _ in 0..<count() {
                guard let item = yamlEntry(path, depth: depth + 1) else { return nil }
                items.append(item)
            }
            value = .mapping(items)
        default: return nil
        }
        return YAMLNode(value: value, location: at)
    }

    mutating func spec() -> ThumbnailSpec? {
        let width = int()
        let height = int()
        let mode: ThumbnailMode
        switch count() {
        case 0: mode = .fit
        case 1: mode = .fill(.centre)
        case 2: mode = .fill(.attention)
        default: return nil
        }
        let format = optionalString().map { ImageFormat(rawValue: $0) }
        if case .some(nil) = format { return nil }
        var scales: [Int] = []
        for _ in 0..<count() { scales.append(int()) }
        return ThumbnailSpec(
            width: width, height: height, mode: mode, format: format ?? nil, scales: scales, allowUpscale: bool())
    }

    mutating func plan(_ request: ThumbnailRequest) -> ThumbnailPlan? {
        let width = int()
        let height = int()
        let limited = bool()
        let digest = string()
        var images: [PlannedImage] = []
        for _ in 0..<count() {
            let scale = int()
            let fileName = string()
            let w = int()
            images.append(PlannedImage(scale: scale, fileName: fileName, width: w, height: int()))
        }
        guard !images.isEmpty, !reader.failed else { return nil }
        return ThumbnailPlan(
            request: request, sourceWidth: width, sourceHeight: height, images: images, limitedBySource: limited, sourceDigest: digest)
    }
}
