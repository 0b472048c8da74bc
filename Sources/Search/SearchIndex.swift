import Foundation
import Locking

/// A full build: every file of the index (paths relative to the site's root) and the state to
/// keep for the next update.
public struct SearchBuild: Sendable {
    public var files: [String: [UInt8]]
    public var state: SearchState
}

/// An incremental update: the files to write (new names, plus `search/index.js` when it
/// changed), the files to delete, and the new state. Applied to the previous output, it gives
/// exactly the files a full build of the same records gives.
public struct SearchUpdate: Sendable {
    public var written: [String: [UInt8]]
    public var removed: [String]
    public var state: SearchState
}

/// Builds the search index of a guide: see SearchFiles for the files and search.js for the
/// browser's side. Records are numbered in order of identity (kind, slug), and the order files
/// list them by name for ties; both orders depend on the records alone, so the same records
/// give byte-identical files however they were reached.
public enum SearchIndex {
    public static func build(_ records: [SearchRecord], options: SearchOptions = SearchOptions()) throws -> SearchBuild {
        let files = FileList()
        let state = try build(records, options: options) { path, bytes in files.add(path, bytes) }
        return SearchBuild(files: files.files, state: state)
    }

    /// A full build whose files are handed to `emit` as they are made (the records' text
    /// files from several threads at once, each path once) and not kept: a guide's index
    /// never has to fit in memory. Returns the state for the next update.
    public static func build(_ records: [SearchRecord], options: SearchOptions = SearchOptions(),
                             emit: @escaping @Sendable (_ path: String, _ bytes: [UInt8]) -> Void) throws -> SearchState {
        try build(count: records.count, record: { records[$0] }, options: options, emit: emit)
    }

    /// The same, of the records `record(0..<count)`, each asked for when needed (twice: for its
    /// text file and for its words, from several threads at once): the caller need not hold
    /// every record and body at once.
    public static func build(count: Int, record whole: @escaping @Sendable (Int) -> SearchRecord,
                             options: SearchOptions = SearchOptions(),
                             emit: @escaping @Sendable (_ path: String, _ bytes: [UInt8]) -> Void) throws -> SearchState {
        // Text files go as soon as they are made; records are numbered, and then their words
        // are read a part of the records per core, so that only the postings are ever held
        // for all of them.
        let emitted = FileList()
        let prepared = Prepared.all(count: count, whole, words: false) { text in
            if emitted.first(text.path) { emit(text.path, text.bytes) }
        }
        try checkUnique(prepared.lazy.map(\.record.id))
        let order = prepared.indices.sorted { prepared[$0].record.id < prepared[$1].record.id }
        let numbered = order.map { prepared[$0].record }
        var state = SearchState(options: options, records: numbered,
                                byName: numbered.indices.sorted { SearchState.Record.precedesByName(numbered[$0], numbered[$1]) },
                                index: WordIndex(count: order.count) { whole(order[$0]).words },
                                leaves: [:], nodes: [:], chunks: [], orders: [], entry: "")
        // Emitted as made, not gathered first (at 100,000 records, 22 MB of shards).
        var shards = Set<String>()
        Renderer.render(&state, reusing: nil) { path, bytes in
            if shards.insert(path).inserted { emit(path, bytes) }
        }
        return state
    }

    /// `changed` holds new and edited records; `removed` the ids of records gone (an id in both
    /// lists stays, as changed; an unknown id is ignored).
    /// `state` is consumed: when the caller holds no other copy, its word lists are updated
    /// in place instead of copied.
    public static func update(_ given: consuming SearchState, changed: [SearchRecord], removed: [SearchRecord.ID]) throws -> SearchUpdate {
        var state = given
        try checkUnique(changed)
        let changedIDs = Set(changed.map(\.id))
        let gone = Set(removed).subtracting(changedIDs)
        let prepared = Prepared.all(count: changed.count, { changed[$0] }).sorted { $0.record.id < $1.record.id }

        var oldID: [SearchRecord.ID: Int] = [:]
        for identity in changedIDs.union(gone) { oldID[identity] = state.id(of: identity) }
        let touched = oldID.values.sorted()
        var records: [SearchState.Record] = []
        var placed: [(id: Int, prepared: Prepared)] = []
        var newID: [Int] = []
        if gone.isEmpty, prepared.allSatisfy({ oldID[$0.record.id] != nil }) {
            // Records edited, none added or removed: each keeps its id, whatever changed in it.
            records = state.records
            for item in prepared {
                records[oldID[item.record.id]!] = item.record
                placed.append((oldID[item.record.id]!, item))
            }
        } else {
            // The records kept keep their order; the changed ones are merged in by identity.
            var kept: [(record: SearchState.Record, old: Int)] = []
            kept.reserveCapacity(state.records.count)
            for (id, record) in state.records.enumerated() where oldID[record.id] == nil { kept.append((record, id)) }
            records.reserveCapacity(kept.count + prepared.count)
            newID = [Int](repeating: -1, count: state.records.count)
            var next = 0
            for item in prepared {
                while next < kept.count, kept[next].record.id < item.record.id {
                    newID[kept[next].old] = records.count
                    records.append(kept[next].record)
                    next += 1
                }
                placed.append((records.count, item))
                records.append(item.record)
            }
            for (record, old) in kept[next...] {
                newID[old] = records.count
                records.append(record)
            }
        }
        let shifted = !newID.isEmpty && newID.enumerated().contains { old, new in new != old && new != -1 }

        var index = state.index
        state.index = WordIndex()  // the only other reference to the lists: dropped
        let before = index.remove(ids: touched)
        if shifted { index.renumber(newID) }
        for (id, item) in placed { index.insert(id: id, words: item.words) }

        // The name order: the records touched taken out, the others renumbered (which keeps
        // their order), the changed ones put back by name.
        var isTouched = [Bool](repeating: false, count: state.records.count)
        for id in touched { isTouched[id] = true }
        var byName: [Int] = []
        byName.reserveCapacity(records.count)
        for id in state.byName where !isTouched[id] { byName.append(newID.isEmpty ? id : newID[id]) }
        for (id, _) in placed {
            var low = 0, high = byName.count
            while low < high {
                let middle = (low + high) / 2
                if SearchState.Record.precedesByName(records[byName[middle]], records[id]) { low = middle + 1 } else { high = middle }
            }
            byName.insert(id, at: low)
        }

        var next_ = state
        next_.records = records
        next_.byName = byName
        next_.index = index
        var files: [String: [UInt8]] = [:]
        for case let text? in prepared.map(\.text) { files[text.path] = text.bytes }
        var reuse: Renderer.Reuse? = nil
        if !shifted {
            var changes = Renderer.Changes()
            for id in touched where gone.contains(state.records[id].id) { changes.record(id: id, before: before[id] ?? [:], after: [:]) }
            for (id, item) in placed {
                guard let old = oldID[item.record.id] else {
                    changes.record(id: id, before: [:], after: item.words)
                    continue
                }
                if old == id {
                    changes.record(id: id, before: before[old] ?? [:], after: item.words)
                } else {
                    // Moved by another changed record: every posting it had and has is stale.
                    changes.record(id: old, before: before[old] ?? [:], after: [:])
                    changes.record(id: id, before: [:], after: item.words)
                }
                if state.records[old].sortName != item.record.sortName { changes.reordered(before: before[old] ?? [:], after: item.words) }
            }
            if records.count != state.records.count { changes.chunksFrom(min(records.count, state.records.count)) }
            reuse = Renderer.Reuse(previous: state, changes: changes)
        }
        Renderer.render(&next_, reusing: reuse) { path, bytes in files[path] = bytes }

        // Files are named by content: a file is new if its name is, and gone if no longer named.
        // Text files are shared by records with the same text, so only the touched ones may go.
        let oldShards = state.shardFiles, newShards = next_.shardFiles
        var gonePaths = oldShards.subtracting(newShards)
        for id in touched where !state.records[id].text.isEmpty {
            let name = state.records[id].text
            if !records.contains(where: { $0.text == name }) { gonePaths.insert(ScriptFile.path(of: name)) }
        }
        var existing = Set<String>()
        for case let text? in prepared.map(\.text) where state.records.contains(where: { $0.text == text.name }) {
            existing.insert(text.path)
        }
        let written = files.filter { path, _ in
            path == Renderer.entryPath ? next_.entry != state.entry : !oldShards.contains(path) && !existing.contains(path)
        }
        return SearchUpdate(written: written, removed: gonePaths.sorted(), state: next_)
    }

    static func checkUnique(_ records: [SearchRecord]) throws {
        try checkUnique(records.lazy.map(\.id))
    }

    static func checkUnique(_ ids: some Sequence<SearchRecord.ID>) throws {
        var seen = Set<SearchRecord.ID>()
        for id in ids where !seen.insert(id).inserted { throw SearchIndexError.duplicateRecord(id) }
    }
}

/// A record read once: its display data, its words and its text file.
struct Prepared: Sendable {
    var record: SearchState.Record
    var words: [String: SearchField]
    var text: SearchFiles.File?

    init(_ source: SearchRecord, words withWords: Bool = true) {
        text = SearchFiles.text(source.body)
        words = withWords ? source.words : [:]
        record = SearchState.Record(id: source.id, name: source.name, sortName: Folding.fold(source.name),
                                    countryName: source.countryName ?? "", thumbnail: source.thumbnail,
                                    text: text?.name ?? "")
    }

    /// Reads records on every core: tokenizing the bodies is most of a build's work.
    /// With `emit`, each text file is handed to it and dropped (the record keeps its name).
    static func all(count: Int, _ record: @Sendable (Int) -> SearchRecord, words: Bool = true,
                    emit: (@Sendable (SearchFiles.File) -> Void)? = nil) -> [Prepared] {
        inParts(count) { range in
            range.map { n in
                var prepared = Prepared(record(n), words: words)
                if let emit, let text = prepared.text {
                    emit(text)
                    prepared.text = nil
                }
                return prepared
            }
        }.flatMap { $0 }
    }
}

/// Files gathered from several threads.
final class FileList: Sendable {
    private let state = Locked<(files: [String: [UInt8]], seen: Set<String>)>(([:], []))

    var files: [String: [UInt8]] { state.withLock { $0.files } }

    func add(_ path: String, _ bytes: [UInt8]) { state.withLock { $0.files[path] = bytes } }

    /// True the first time `path` is asked about.
    func first(_ path: String) -> Bool { state.withLock { $0.seen.insert(path).inserted } }
}

/// `make` of consecutive parts of `0..<count`, one part per core (one part when few), in order.
func inParts<Part: Sendable>(_ count: Int, _ make: @Sendable (Range<Int>) -> Part) -> [Part] {
    Parallel.parts(count, parts: count > 64 ? min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 8) : 1, make)
}
