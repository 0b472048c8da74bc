import XCTest
@testable import Search

final class SearchUpdateTests: XCTestCase {
    private let options = SearchOptions(shardLimit: 80, chunkSize: 4, orderSize: 2)

    /// Applies an update to the files of the previous build.
    private func apply(_ update: SearchUpdate, to files: [String: [UInt8]]) -> [String: [UInt8]] {
        var files = files
        for path in update.removed { files[path] = nil }
        files.merge(update.written) { $1 }
        return files
    }

    private func check(changed: [SearchRecord], removed: [SearchRecord.ID] = [], final: [SearchRecord],
                       file: StaticString = #filePath, line: UInt = #line) throws -> SearchUpdate {
        let before = try SearchIndex.build(Fixtures.records, options: options)
        let update = try SearchIndex.update(before.state, changed: changed, removed: removed)
        let full = try SearchIndex.build(final, options: options)
        XCTAssertEqual(apply(update, to: before.files), full.files, "the update gives a full build's files", file: file, line: line)
        XCTAssertEqual(update.state, full.state, file: file, line: line)
        return update
    }

    func testEditingABodyRewritesOnlyTheShardsOfItsWordsAndTheEntry() throws {
        var berlin = Fixtures.records[7]
        berlin.body += " Currywurst."
        var final = Fixtures.records
        final[7] = berlin
        let update = try check(changed: [berlin], final: final)
        let before = try SearchIndex.build(Fixtures.records, options: options)
        XCTAssertTrue(update.written.keys.contains("search/index.js"))
        let words = update.written.keys.filter { $0.hasPrefix("search/w/") }
        let shards = before.files.keys.filter { $0.hasPrefix("search/w/") }
        XCTAssertLessThanOrEqual(words.count, 3, "the shard of 'currywurst' (and a node above it): \(words)")
        XCTAssertGreaterThan(shards.count, 6)
        XCTAssertEqual(update.written.keys.filter { $0.hasPrefix("search/d/") }.count, 1, "Berlin's chunk (its text's name)")
        XCTAssertEqual(update.written.keys.filter { $0.hasPrefix("search/t/") }.count, 1, "Berlin's text")
        XCTAssertTrue(update.removed.allSatisfy { before.files[$0] != nil && update.written[$0] == nil })
        XCTAssertEqual(try IndexReader(files: apply(update, to: before.files)).search("curry").results.map(\.name), ["Berlin"])
    }

    func testAnUnchangedRecordWritesNothing() throws {
        let update = try check(changed: [Fixtures.records[3]], final: Fixtures.records)
        XCTAssertEqual(update.written.count, 0)
        XCTAssertEqual(update.removed, [])
    }

    func testRenamingAddingAndRemovingGiveAFullBuildsFiles() throws {
        var renamed = Fixtures.records[4]
        renamed.name = "Zan Diego"
        var final = Fixtures.records
        final[4] = renamed
        _ = try check(changed: [renamed], final: final)

        let added = SearchRecord(kind: .city, slug: "athens", name: "Αθήνα", aliases: ["Athens"], countryName: "Ελλάδα",
                                 body: "The Acropolis above the city.")
        let update = try check(changed: [added], final: Fixtures.records + [added])
        XCTAssertEqual(try IndexReader(files: apply(update, to: try SearchIndex.build(Fixtures.records, options: options).files))
            .search("athens").results.map(\.name), ["Αθήνα"])

        _ = try check(changed: [], removed: [Fixtures.records[0].id, .init(kind: .city, slug: "atlantis")],
                      final: Array(Fixtures.records.dropFirst()))
    }

    /// Ids follow identity, not names: a record renamed to the front of the name order rewrites
    /// its own chunk, the shards of its name's words, old and new (under their first letters: a
    /// leaf there may split), and the order files where it was and is; no other record's files.
    func testARecordRenamedToTheFrontRewritesOnlyTheFilesItIsIn() throws {
        let before = try SearchIndex.build(Fixtures.records, options: options)
        let santiago = Fixtures.records.firstIndex { $0.slug == "santiago" }!
        var renamed = Fixtures.records[santiago]
        renamed.name = "Aaa Santiago"
        var final = Fixtures.records
        final[santiago] = renamed
        let update = try check(changed: [renamed], final: final)
        let after = apply(update, to: before.files)
        let differing = Set(before.files.keys).union(after.keys).filter { before.files[$0] != after[$0] }
        var keys: [String: String] = [:]  // shard path -> key, old and new
        for files in [before.files, after] {
            let entry = try IndexReader(files: files).entry
            for map in ["leaves", "nodes"] {
                for (key, hash) in entry[map] as! [String: String] { keys["search/w/\(hash).js"] = key }
            }
        }
        let shards = differing.filter { $0.hasPrefix("search/w/") }
        XCTAssertFalse(shards.isEmpty)
        for path in shards {
            let key = try XCTUnwrap(keys[path])
            XCTAssertTrue(key.hasPrefix("a") || key.hasPrefix("s"), "\(key): a shard of words not in the name")
        }
        XCTAssertEqual(update.written.keys.filter { $0.hasPrefix("search/d/") }.count, 1, "Santiago's chunk alone")
        XCTAssertLessThanOrEqual(update.written.keys.filter { $0.hasPrefix("search/o/") }.count, 3)
        XCTAssertEqual(differing.filter { $0.hasPrefix("search/t/") }, [], "no text changed")
        let index = IndexReader(files: after)
        XCTAssertEqual(try index.search("santiago").results.map(\.name), ["Aaa Santiago"])
        XCTAssertEqual(try index.search("the").results.map(\.name),
                       ["Aaa Santiago", "Côte d'Ivoire", "Germany", "Iceland", "Reykjavík", "San Diego", "San Francisco", "Singapore",
                        "Singapore", "Ελλάδα", "大阪"],
                       "bodies tied: by name, the renamed one first")
    }

    /// A record added just before the last one while that one changes in a way that leaves its
    /// words alone (a new thumbnail): no kept record moves, but the last one's id does, so
    /// every shard holding its postings changes.
    func testARecordMovedByANewOneGetsItsPostingsRewritten() throws {
        let osaka = Fixtures.records.firstIndex { $0.slug == "osaka" }!
        var moved = Fixtures.records[osaka]
        moved.thumbnail = .init(file: "images/osaka.5e6f7a8b.jpg", width: 64, height: 48)
        let added = SearchRecord(kind: .city, slug: "omega", name: "Ωμέγα", countryName: "Ελλάδα", body: "A harbour town.")
        var final = Fixtures.records
        final[osaka] = moved
        let update = try check(changed: [moved, added], final: final + [added])
        XCTAssertEqual(try IndexReader(files: apply(update, to: try SearchIndex.build(Fixtures.records, options: options).files))
            .search("osaka").results.map(\.name), ["大阪"])
    }

    /// Chains of updates, each applied to the files and state the previous one left (as
    /// builds do), with cities added, removed, renamed and edited at random: after every
    /// step the files and state are those of a full build of the same records.
    func testRandomChainsOfUpdatesMatchFullBuilds() throws {
        let words = ["harbour", "fog", "bay", "Ísland", "straße", "zoo", "museum", "olive", "café", "river"]
        for seed in 1...6 {
            var random = SeededRandom(seed: UInt64(seed))
            var records = Fixtures.records
            var build = try SearchIndex.build(records, options: options)
            var files = build.files
            var state = build.state
            for step in 0..<12 {
                var changed: [SearchRecord] = [], removed: [SearchRecord.ID] = []
                switch random.next(upTo: 5) {
                case 0: // a city added, anywhere in name order
                    let name = ["Aachen", "Évora", "Lyon", "Zürich", "Oslo", "Ürümqi"][random.next(upTo: 6)] + " \(step)"
                    let city = SearchRecord(kind: .city, slug: "added-\(seed)-\(step)", name: name, countryName: "Germany",
                                            countrySlug: "germany", body: "A new city by the \(words[random.next(upTo: words.count)]).")
                    records.append(city)
                    changed = [city]
                    // Sometimes with another record whose words are the same (its picture
                    // changed, say) but whose position the new one may move.
                    if random.next(upTo: 2) == 0 {
                        let n = random.next(upTo: records.count - 1)
                        records[n].thumbnail = .init(file: "images/step-\(step).png", width: 8, height: 6)
                        changed.append(records[n])
                    }
                case 1 where records.count > 2: // one removed
                    removed = [records.remove(at: random.next(upTo: records.count)).id]
                case 2: // one renamed
                    let n = random.next(upTo: records.count)
                    records[n].name = ["A", "M", "Z", "Ö"][random.next(upTo: 4)] + records[n].name
                    changed = [records[n]]
                case 3: // one moved in name order by a sign, its words as they were
                    let n = random.next(upTo: records.count)
                    records[n].name = ["¡", "~", "(", "·"][random.next(upTo: 4)] + records[n].name
                    changed = [records[n]]
                default: // one body edited
                    let n = random.next(upTo: records.count)
                    records[n].body += " " + words[random.next(upTo: words.count)]
                    changed = [records[n]]
                }
                let update = try SearchIndex.update(state, changed: changed, removed: removed)
                files = apply(update, to: files)
                state = update.state
                build = try SearchIndex.build(records, options: options)
                XCTAssertEqual(files, build.files, "seed \(seed), step \(step)")
                XCTAssertEqual(state, build.state, "seed \(seed), step \(step)")
            }
        }
    }

    func testTheStateReadsBackAsItWasSaved() throws {
        let state = try SearchIndex.build(Fixtures.records, options: options).state
        XCTAssertEqual(try SearchState(decoding: state.encoded()), state)
        XCTAssertThrowsError(try SearchState(decoding: Array(state.encoded().dropLast(3))))
        XCTAssertThrowsError(try SearchState(decoding: Array("not a state".utf8)))
        // Cut anywhere (in the posting lists too, read without a check per byte), it is refused, never misread.
        let bytes = state.encoded()
        for end in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 2000)) {
            XCTAssertThrowsError(try SearchState(decoding: Array(bytes.prefix(end))), "cut at \(end) of \(bytes.count)")
        }
    }

    /// Saved piece by piece, the state is the same bytes as whole: every piece is handed on,
    /// in order, however small the pieces.
    func testTheStateSavedInPiecesIsTheSameBytes() throws {
        let state = try SearchIndex.build(Fixtures.records, options: options).state
        var pieces: [[UInt8]] = []
        state.encode(piece: 16) { pieces.append($0) }
        XCTAssertGreaterThan(pieces.count, 2)
        XCTAssertEqual(Array(pieces.joined()), state.encoded())
        XCTAssertEqual(try SearchState(decoding: Array(pieces.joined())), state)
    }
}

/// SplitMix64: the same numbers on every machine.
struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(upTo bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
