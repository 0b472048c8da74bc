import Foundation
import Diagnostics
import Render
import Write
import Incremental
import Search
import Locking

extension SiteBuild {
    /// What the search step leaves for publishing.
    struct SearchFiles {
        /// Index files gone from the output (site-relative); the new ones are staged already.
        var removing: [String] = []
        /// The states to save once the output is published, by language folder ("" for the
        /// default language's, `fr/`); empty: keep the saved ones as they are.
        var saved: [String: SavedSearch] = [:]
    }

    /// The folders of the guide's search indexes: "" (the default language's, `search/`),
    /// then each other language's (`fr/`, whose index is `fr/search/`).
    var searchFolders: [String] { [""] + inputs.config.languages.dropFirst().map(\.folder) }

    /// The last build's search states, one per language, when this build can update them:
    /// read while the pages are made, made under the same settings, over an output that holds
    /// their files. Without all of them every record is rendered (`comparePageKeys`) and
    /// every index is made whole.
    func readSearchState() -> Background<[String: SavedSearch]?>? {
        guard reuse.output != nil, inputs.config.search else { return nil }
        let (global, cache, folders) = (inputs.global, options.cache, searchFolders)
        return Background {
            var states: [String: SavedSearch] = [:]
            for folder in folders {
                guard let state = SavedSearch.read(SavedSearch.url(in: cache, folder: folder)), state.globalKey == global else { return nil }
                states[folder] = state
            }
            return states
        }
    }

    /// The search index (the `Search` target) of every country and city, in each language,
    /// assembled from their records (`SearchRecords`, rendered like pages: a record is made
    /// again exactly when what it read changed). Built whole when there is no state to
    /// update, else updated with the records rendered in this build and without those gone.
    /// Either way the files are those a build from scratch makes; they are staged beside the
    /// pages.
    mutating func search(_ content: Content, _ rendered: RenderOutcome, _ previous: consuming [String: SavedSearch]?)
        throws(DiagnosticList) -> SearchFiles
    {
        var result = SearchFiles()
        guard writer != nil else { return result }
        let updating = reuse.output != nil
        guard inputs.config.search else {
            for folder in searchFolders {
                unlink(SavedSearch.url(in: options.cache, folder: folder).path)
                if updating { result.removing += Self.outputFiles(under: folder + "search", of: options.output) }
            }
            clock.lap("search")
            return result
        }
        var states = previous.take()
        for folder in searchFolders {
            let (removing, saved) = try searchIndex(in: folder, rendered, states?.removeValue(forKey: folder))
            result.removing += removing
            if let saved { result.saved[folder] = saved }
        }
        return result
    }

    /// The index of one language (its folder: "" or `fr/`), from the records rendered in it.
    private mutating func searchIndex(in folder: String, _ rendered: RenderOutcome, _ previous: consuming SavedSearch?)
        throws(DiagnosticList) -> (removing: [String], saved: SavedSearch?)
    {
        guard let writer else { return ([], nil) }
        var removing: [String] = []
        let stateFile = SavedSearch.url(in: options.cache, folder: folder)
        let updating = reuse.output != nil
        let prefix = folder + SearchRecords.folder
        let parts = rendered.parts.filter { $0.key.hasPrefix(prefix) }
        func id(at path: String) -> SearchRecord.ID? {
            path.hasPrefix(prefix) ? SearchRecords.id(at: String(path.dropFirst(folder.count))) : nil
        }
        let state: SearchState
        do {
            if var previous = previous.take() {
                let changed = try Self.records(parts.values)
                // Held here alone, so that the update changes its word lists in place rather
                // than copying them.
                var indexed = SearchState()
                swap(&indexed, &previous.state)
                // Nothing was removed when every record indexed is still here.
                let added = changed.reduce(0) { $0 + (indexed.contains($1.id) ? 0 : 1) }
                var removed: [SearchRecord.ID] = []
                let count = rendered.paths.reduce(0) { $0 + ($1.hasPrefix(prefix) ? 1 : 0) }
                if indexed.count + added != count, let last = reuse.output {
                    removed = last.pages.keys.compactMap { path in
                        rendered.hasPage(path) ? nil : id(at: path)
                    }.sorted()
                }
                if changed.isEmpty && removed.isEmpty {
                    clock.lap("search.index")
                    return ([], nil)
                }
                let update = try SearchIndex.update(consume indexed, changed: changed, removed: removed)
                state = update.state
                removing = update.removed.map { folder + $0 }
                clock.lap("search.index")
                // The saved state no longer describes the output once it changes: gone until the new one is saved.
                RetiredFile.retire(stateFile)
                if updating { writer.expect(files: update.written.count) }
                for (path, bytes) in update.written.sorted(by: { $0.key < $1.key }) {
                    try writer.writeNow(folder + path, bytes: bytes)
                    rendered.staged.add(folder + path)
                }
            } else {
                // Every record was rendered; each is read from its text as the index needs it
                // (twice: its text file, its words), so that the records are never all held at once.
                let texts = parts.keys.sorted().map { parts[$0]! }
                let sink = StagingSink(writer, rendered.staged, comparingWith: updating ? options.output : nil, folder: folder)
                // The whole index: thousands of files, in folders placed for them.
                if updating { writer.expect(files: Int.max) }
                RetiredFile.retire(stateFile)
                state = try SearchIndex.build(count: texts.count, record: { SearchRecord(text: texts[$0].text)! },
                                              options: SearchOptions(), emit: sink.emit)
                try sink.check()
                // Whatever the output holds of another index goes; what it holds of this one stays.
                if updating { removing = Self.outputFiles(under: folder + "search", of: options.output).filter { !sink.made($0) } }
                clock.lap("search.index")
            }
        } catch let staging as DiagnosticList {
            // A file that could not be staged, already worded. A full disk is worded once, and
            // the first to find it may have been a thumbnail's link on the writer's thread.
            try writer.finishWrites()
            throw staging
        } catch {
            throw DiagnosticList([Diagnostic("the search index could not be made: \(error)", at: SourceLocation(path: "content"))])
        }
        clock.lap("search.stage")
        return (removing, SavedSearch(globalKey: inputs.global, state: state))
    }

    /// The records of `texts`, as `SearchRecords` rendered them.
    private static func records(_ texts: some Collection<PackedText>) throws -> [SearchRecord] {
        try texts.map { packed in
            guard let record = SearchRecord(text: packed.text) else { throw SearchRecordUnreadable() }
            return record
        }
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

    /// The language folder the index's files go in ("", `fr/`).
    private let folder: String

    init(_ writer: SiteWriter, _ staged: StagedFiles, comparingWith output: URL?, folder: String = "") {
        (self.writer, self.staged, self.output, self.folder) = (writer, staged, output, folder)
    }

    var emit: @Sendable (String, [UInt8]) -> Void {
        { [self] path, bytes in
            let path = folder + path
            // Kept only to tell, over an output, which files it holds of another index.
            if output != nil { state.withLock { _ = $0.made.insert(path) } }
            if let output, FileManager.default.contents(atPath: output.appending(path: path).path) == Data(bytes) { return }
            // Made here, on the index's threads: the writer's own is linking the thumbnails.
            do throws(DiagnosticList) {
                try writer.writeNow(path, bytes: bytes)
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

/// A record's text that does not read back (never, unless `SearchRecord.text` changed alone).
struct SearchRecordUnreadable: Error, CustomStringConvertible {
    var description: String { "a record's text does not read back" }
}
