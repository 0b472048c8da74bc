import Foundation
import Diagnostics
import Load
import Markdown
import Model
import Render
import Write
import Images
import Incremental
import Search
import Locking
import Thumbnails

extension SiteBuild {
    /// What the search step leaves for publishing.
    struct SearchFiles {
        /// Index files gone from the output (site-relative); the new ones are staged already.
        var removing: [String] = []
        /// The state to save once the output is published (nil: keep the saved one as it is).
        var saved: SavedSearch?
    }

    /// The search index (the `Search` target) of every country and city, from the entries:
    /// built whole when the output is new or no usable state was saved, else updated with the
    /// records added, removed or whose inputs changed (see `SavedSearch.signature`). Either
    /// way the files are those a build from scratch makes. Files are staged beside the pages.
    static func search(_ inputs: Inputs, _ content: Content, _ rendered: RenderOutcome, _ images: Thumbnails, _ reuse: Reuse,
                       _ saved: Background<SavedSearch?>?, to writer: SiteWriter, _ options: BuildOptions, clock: inout BuildClock)
        throws(DiagnosticList) -> SearchFiles
    {
        let stateFile = SavedSearch.url(in: options.cache)
        let updating = reuse.output != nil
        var result = SearchFiles()
        guard inputs.config.search else {
            unlink(stateFile.path)
            if updating { result.removing = outputFiles(under: "search", of: options.output) }
            clock.lap("search")
            return result
        }
        let sources = SearchSources(inputs, content, images, reuse, options)
        clock.lap("search.sources")
        let ids = content.entries.map(sources.id(of:))
        clock.lap("search.records")
        var previous = updating ? saved?.take().flatMap { $0.globalKey == inputs.global ? $0 : nil } : nil
        // Its index, held here alone, so that an update changes it in place.
        let previousState = previous?.takeState()
        // What a record is made of changes only with its file, its country's or its picture:
        // the others keep their signatures. `stale` is every entry that may have changed (nil:
        // not known, all of them), found without hashing the paths of the others.
        let entries = content.entries
        var stale: [Int]? = nil
        if previous != nil, let changedFiles = reuse.changedFiles {
            let processed = content.processed.entries
            let parsed = Set(processed.values.map { ObjectIdentifier($0.entry) })
            let countries = Set(processed.values.filter { $0.entry.kind == .country }.map(\.entry.slug))
            let root = inputs.scan.root.path + "/"
            let pictures = changedFiles.subtracting(processed.keys.map { root + $0 })
            stale = entries.indices.filter { n in
                let entry = entries[n]
                return parsed.contains(ObjectIdentifier(entry))
                    || (!countries.isEmpty && entry.country.map(countries.contains) == true)
                    || (!pictures.isEmpty && pictures.contains(entry.image.path))
            }
        }
        var signatures = [SavedSearch.Signature?](repeating: nil, count: entries.count)
        let hashed = stale ?? Array(entries.indices)
        for (n, signature) in zip(hashed, sources.signatures(of: hashed.map { entries[$0] })) { signatures[n] = signature }
        clock.lap("search.signatures")

        // The entries whose records are made, the files to stage, and the new state.
        let remade: [Int]
        let written: [String: [UInt8]]
        let state: SearchState
        var saved: [SearchRecord.ID: SavedSearch.Entry]
        do {
            // Taken, so that its records are held here alone and become the new ones in place.
            if var previous = previous.take() {
                var known = 0
                // With no thumbnail entering or leaving the output, only the stale entries can
                // need their records made again.
                let candidates = images.changes.added.isEmpty && images.changes.removed.isEmpty
                    ? stale ?? Array(entries.indices) : Array(entries.indices)
                remade = candidates.filter { n in
                    guard let before = previous.records[ids[n]] else { return true }
                    known += 1
                    if signatures[n] == nil { signatures[n] = before.signature }
                    return before.signature != signatures[n] || images.changes.moved(before)
                }
                // Entries not looked at are records of last time.
                known += entries.count - candidates.count
                // Every record of last time is still here unless fewer were found than it had.
                var removed: [SearchRecord.ID] = []
                if known < previous.records.count {
                    let current = Set(ids)
                    removed = previous.records.keys.filter { !current.contains($0) }.sorted()
                }
                if remade.isEmpty && removed.isEmpty {
                    clock.lap("search.index")
                    return result
                }
                let made = SearchSources.inParallel(remade.map { content.entries[$0] }) { sources.record($0) }
                let update = try SearchIndex.update((consume previousState)!, changed: made, removed: removed)
                (written, state, result.removing) = (update.written, update.state, update.removed)
                // Moved, not copied: the edits below would copy a records table still shared
                // (17 MB at 100,000 pages).
                saved = previous.records
                previous.records = [:]
                for id in removed { saved[id] = nil }
            } else {
                remade = Array(content.entries.indices)
                // Records are made as the index needs each (twice: its text file, its words), so
                // that the records and their texts are never all held at once.
                // Files are staged as the index makes them; over an output, only those it lacks.
                let sink = StagingSink(writer, rendered.staged, comparingWith: updating ? options.output : nil)
                state = try SearchIndex.build(count: entries.count, record: { sources.record(entries[$0]) },
                                              options: SearchOptions(), emit: sink.emit)
                try sink.check()
                saved = [:]
                written = [:]
                // Whatever the output holds of another index goes; what it holds of this one stays.
                if updating { result.removing = outputFiles(under: "search", of: options.output).filter { !sink.made($0) } }
            }
        } catch let staging as DiagnosticList {
            throw staging  // a file that could not be staged, already worded
        } catch {
            throw DiagnosticList([Diagnostic("the search index could not be made: \(error)", at: SourceLocation(path: "content"))])
        }
        // The thumbnail each record made has planned, and whether it shows it, asked for again
        // rather than kept from the records (at 100,000 records, 28 MB).
        let thumbnails = SearchSources.inParallel(remade.map { entries[$0] }) { entry in
            (planned: sources.plannedThumbnail(entry)?.fileName, shown: sources.thumbnail(entry) != nil)
        }
        for (n, thumbnail) in zip(remade, thumbnails) {
            saved[ids[n]] = SavedSearch.Entry(signature: signatures[n]!, thumbnail: thumbnail.planned, shown: thumbnail.shown)
        }
        clock.lap("search.index")
        // The saved state no longer describes the output once it changes: gone until the new one is saved.
        RetiredFile.retire(stateFile)
        for (path, bytes) in written.sorted(by: { $0.key < $1.key }) {
            try writer.write(path, bytes: bytes)
            rendered.staged.add(path)
        }
        result.saved = SavedSearch(globalKey: inputs.global, records: saved, state: state)
        clock.lap("search.stage")
        return result
    }

    /// Every file under `folder` of the output, site-relative.
    static func outputFiles(under folder: String, of output: URL) -> [String] {
        let base = output.appending(path: folder)
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        var files: [String] = []
        while let path = walker.nextObject() as? String {
            if walker.fileAttributes?[.type] as? FileAttributeType != .typeDirectory { files.append(folder + "/" + path) }
        }
        return files.sorted()
    }
}

/// Stages the files of a full index as they are made, from any thread; with an output to
/// compare with, a file the output already has, byte for byte, is not staged again.
final class StagingSink: Sendable {
    private let writer: SiteWriter
    private let staged: StagedFiles
    private let output: URL?
    private let state = Locked<(made: Set<String>, failure: DiagnosticList?)>(([], nil))

    init(_ writer: SiteWriter, _ staged: StagedFiles, comparingWith output: URL?) {
        (self.writer, self.staged, self.output) = (writer, staged, output)
    }

    var emit: @Sendable (String, [UInt8]) -> Void {
        { [self] path, bytes in
            // Kept only to tell, over an output, which files it holds of another index.
            if output != nil { state.withLock { _ = $0.made.insert(path) } }
            if let output, FileManager.default.contents(atPath: output.appending(path: path).path) == Data(bytes) { return }
            do throws(DiagnosticList) {
                try writer.write(path, bytes: bytes)
                staged.add(path)
            } catch {
                state.withLock { if $0.failure == nil { $0.failure = error } }
            }
        }
    }

    func made(_ path: String) -> Bool { state.value.made.contains(path) }

    /// Throws the first file that could not be staged.
    func check() throws(DiagnosticList) {
        if let failure = state.value.failure { throw failure }
    }
}

extension ImageChanges {
    /// Whether the thumbnail a record had planned entered or left the output in this build.
    func moved(_ record: SavedSearch.Entry) -> Bool {
        guard let thumbnail = record.thumbnail else { return false }
        return record.shown ? removed.contains(thumbnail) : added.contains(thumbnail)
    }
}

/// How the search step reads the build: each entry's record and the signature of what the
/// record is made of.
struct SearchSources {
    let entries: [ContentEntry]
    let countries: [String: ContentEntry]
    let planner: ImagePlanner
    let texts: [String: PackedText]
    let bodies: BodyStore
    let changes: ImageChanges
    let outputImages: URL?

    init(_ inputs: SiteBuild.Inputs, _ content: SiteBuild.Content, _ images: SiteBuild.Thumbnails,
         _ reuse: SiteBuild.Reuse, _ options: BuildOptions) {
        entries = content.entries
        var countries: [String: ContentEntry] = [:]
        for entry in content.entries where entry.kind == .country { countries[entry.slug] = entry }
        self.countries = countries
        planner = inputs.planner
        texts = content.processed.texts
        bodies = content.bodies
        changes = images.changes
        outputImages = reuse.output != nil ? options.output.appending(path: "images") : nil
    }

    func id(of entry: ContentEntry) -> SearchRecord.ID {
        SearchRecord.ID(kind: Self.kind(of: entry), slug: entry.slug)
    }

    /// A hash of everything the entry's record is made of but its thumbnail's plan: its file
    /// (front matter and body), its country's name, and its picture's path and stamp.
    func signatures(of entries: [ContentEntry]) -> [SavedSearch.Signature?] {
        let taken = planner.stampsTaken  // one lock, not one per entry
        return Self.inParallel(entries) { entry in
            var hash = StableHash()
            hash.add(entry.digest.a); hash.add(entry.digest.b); hash.add(entry.digest.c); hash.add(entry.digest.d)
            hash.add(entry.path)
            hash.add(entry.country.flatMap { countries[$0]?.name } ?? "")
            hash.add(entry.image.path)
            let stamp = taken[entry.image.path] ?? planner.stamp(of: entry.image.path)
            hash.add(stamp?.device ?? 0); hash.add(stamp?.inode ?? 0); hash.add(UInt64(bitPattern: stamp?.size ?? -1))
            hash.add(UInt64(bitPattern: stamp?.modified ?? -1)); hash.add(UInt64(bitPattern: stamp?.changed ?? -1))
            return hash.signature
        }
    }

    static func kind(of entry: ContentEntry) -> SearchRecord.Kind {
        switch entry.kind {
        case .country: .country
        case .city: .city
        case .page: .page
        }
    }

    /// The thumbnail of the entry's record: a country's `icon` flag, a city's `small` picture
    /// (planned as the pages plan them); none for a page of one's own.
    func plannedThumbnail(_ entry: ContentEntry) -> PlannedImage? {
        guard entry.kind != .page else { return nil }
        let preset = entry.kind == .country ? "icon" : "small"
        return planner.plan(entry.image, preset: preset, stem: entry.image.stem)?.images.first
    }

    /// The thumbnail the theme already shows for the entry (`plannedThumbnail`), when the
    /// output has it.
    func thumbnail(_ entry: ContentEntry) -> SearchRecord.Thumbnail? {
        guard let image = plannedThumbnail(entry) else { return nil }
        let shown = changes.added.contains(image.fileName)
            || (outputImages.map { !changes.removed.contains(image.fileName) && FileStamp.of($0.appending(path: image.fileName).path) != nil } ?? false)
        return shown ? SearchRecord.Thumbnail(file: OutputPath.image(image.fileName), width: image.width, height: image.height) : nil
    }

    /// `make` of every entry, across the cores.
    static func inParallel<Made: Sendable>(_ entries: [ContentEntry], _ make: @Sendable (ContentEntry) -> Made) -> [Made] {
        // Consecutive parts, one array each: no lock taken per entry.
        let parts = min(8, max(1, entries.count / 64))
        let results = Locked<[[Made]?]>(slots: parts)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let range = (entries.count * part / parts)..<(entries.count * (part + 1) / parts)
            results[part] = range.map { make(entries[$0]) }
        }
        return results.value.flatMap { $0! }
    }

    func record(_ entry: ContentEntry) -> SearchRecord {
        let country = entry.country.flatMap { countries[$0] }
        return SearchRecord(
            kind: Self.kind(of: entry), slug: entry.slug, name: entry.name,
            officialName: entry.officialName, capital: entry.capital, motto: entry.motto, aliases: entry.aliases,
            countryName: country?.name, countrySlug: entry.country, thumbnail: thumbnail(entry),
            body: texts[entry.path]?.text ?? SearchText.plain(fromHTML: bodies.html(for: entry.path)))
    }
}
