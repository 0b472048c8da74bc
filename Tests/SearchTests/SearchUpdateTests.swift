import XCTest
@testable import Search

final class SearchUpdateTests: XCTestCase {
    private let options = SearchOptions(shardLimit: 80, chunkSize: 4)

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

    func testTheStateReadsBackAsItWasSaved() throws {
        let state = try SearchIndex.build(Fixtures.records, options: options).state
        XCTAssertEqual(try SearchState(decoding: state.encoded()), state)
        XCTAssertThrowsError(try SearchState(decoding: Array(state.encoded().dropLast(3))))
        XCTAssertThrowsError(try SearchState(decoding: Array("not a state".utf8)))
    }
}
