import XCTest
@testable import Search

final class SearchIndexTests: XCTestCase {
    private func reader(_ records: [SearchRecord] = Fixtures.records, options: SearchOptions = SearchOptions()) throws -> IndexReader {
        IndexReader(files: try SearchIndex.build(records, options: options).files)
    }

    private func names(_ query: String, in reader: IndexReader) throws -> [String] {
        try reader.search(query).results.map(\.name)
    }

    func testAccentlessQueriesFindAccentedNames() throws {
        let index = try reader()
        XCTAssertEqual(try names("reykjavik", in: index), ["Reykjavík", "Iceland"], "the city by name, then the country by capital")
        XCTAssertEqual(try names("cote", in: index), ["Côte d'Ivoire"])
        XCTAssertEqual(try names("ελλαδα", in: index), ["Ελλάδα"])
        XCTAssertEqual(try names("大", in: index), ["大阪"])
        XCTAssertEqual(try names("strasse", in: index), ["Germany"])
    }

    func testEveryQueryWordMustStartAWordOfTheRecord() throws {
        let index = try reader()
        XCTAssertEqual(try names("san f", in: index), ["San Francisco", "San Diego", "Santiago"],
                       "San Francisco by name; San Diego's body has 'famous', Santiago's 'fog'")
        XCTAssertEqual(try names("san fog", in: index), ["San Francisco", "Santiago"], "both bodies say fog; then by name")
        XCTAssertEqual(try names("san", in: index), ["San Diego", "San Francisco", "Santiago"])
        XCTAssertEqual(try names("fog", in: index), ["San Francisco", "Santiago"])
        XCTAssertEqual(try names("zzz", in: index), [])
    }

    func testNamesRankBeforeOfficialNamesCapitalsMottosAliasesAndBodies() throws {
        let index = try reader()
        // Berlin (city, by name), Germany (by capital).
        XCTAssertEqual(try names("berlin", in: index), ["Berlin", "Germany"])
        XCTAssertEqual(try names("republic", in: index), ["Côte d'Ivoire", "Germany", "Iceland"])
        XCTAssertEqual(try names("union", in: index), ["Côte d'Ivoire"], "a motto")
        XCTAssertEqual(try names("osaka", in: index), ["大阪"], "an alias")
        // Iceland by its alias Ísland; then bodies ("it is known", "it is where", "Islands") by name,
        // Greek after Latin.
        XCTAssertEqual(try names("is", in: index), ["Iceland", "Berlin", "Santiago", "Ελλάδα"])
    }

    func testTiesRankByFoldedNameThenCountriesBeforeCities() throws {
        let results = try reader().search("singapore").results
        XCTAssertEqual(results.map(\.kind), ["country", "city"])
        XCTAssertEqual(results.map(\.url), ["countries/singapore.html", "cities/singapore.html"])
    }

    /// Ids follow slugs, which here run against the names: ties still rank by name, whichever
    /// list by name the browser reads to know it (see Fixtures.ties).
    func testTiesRankByNameWhateverTheSlugs() throws {
        let index = try reader(Fixtures.ties, options: Fixtures.tieOptions)
        let first = "ABCDEFGH".map(String.init)
        for (query, name, byOrderFiles) in [("porto", "Porto", false), ("lighthouse", "Keeper", true), ("beacon", "Signal", false)] {
            let found = try index.search(query)
            XCTAssertEqual(found.results.prefix(8).map(\.name), first.map { "\(name) \($0)" }, query)
            XCTAssertEqual(found.files.contains { $0.hasPrefix("o/") }, byOrderFiles, "\(query): \(found.files)")
        }
        XCTAssertEqual(try index.search("lantern").results.map(\.name), ["ｓ Lantern", "𠀋 Lantern"], "by code point")
        XCTAssertEqual(try index.search("beacon").files.filter { $0.hasPrefix("d/") }.count, 3,
                       "the Signals' rows, in three chunks: read for the tie, then shown")
    }

    func testTheSameRecordsInAnyOrderGiveTheSameBytes() throws {
        let forwards = try SearchIndex.build(Fixtures.records).files
        let backwards = try SearchIndex.build(Fixtures.records.reversed()).files
        XCTAssertEqual(forwards, backwards)
    }

    func testRecordsAskedForGiveTheSameFilesAndStateAsRecordsHeld() throws {
        // Many records, so that they are read on several cores.
        let records = (0..<300).map { n in
            var record = Fixtures.records[n % Fixtures.records.count]
            record.slug += "-\(n)"
            record.body += " page \(n) of \(n % 7) rivers"
            return record
        }
        let held = try SearchIndex.build(records)
        let emitted = FileList()
        let bodiless = records.map { record in
            var record = record
            record.body = "unread"
            return record
        }
        let state = try SearchIndex.build(count: records.count, record: { n in
            var record = bodiless[n]
            record.body = records[n].body
            return record
        }) { path, bytes in emitted.add(path, bytes) }
        XCTAssertEqual(emitted.files, held.files)
        XCTAssertEqual(state, held.state)
        // Words of records read on every core are all found (their lists joined whole).
        let reader = IndexReader(files: held.files)
        XCTAssertEqual(try reader.search("page 150").count, 1)
        XCTAssertEqual(try reader.search("page 299").count, 1)
        XCTAssertEqual(try reader.search("rivers").count, 300)
    }

    func testTwoRecordsWithOneIDAreRefused() {
        XCTAssertThrowsError(try SearchIndex.build([Fixtures.records[0], Fixtures.records[0]])) { error in
            XCTAssertEqual(error as? SearchIndexError, .duplicateRecord(.init(kind: .country, slug: "iceland")))
        }
    }

    /// Small shards force a deep trie: every query still finds exactly what the whole index does.
    func testSplitShardsFindTheSameAsOneShard() throws {
        let whole = try reader(options: SearchOptions(shardLimit: 1_000_000))
        let split = try reader(options: SearchOptions(shardLimit: 40, chunkSize: 3))
        let entry = try split.entry
        XCTAssertGreaterThan((entry["nodes"] as! [String: String]).count, 5, "the limit splits shards")
        for query in ["s", "sa", "san", "san f", "re", "rep", "c", "co", "f", "fo", "fog", "1", "ε", "a b", "the", "o"] {
            XCTAssertEqual(try split.search(query).results, try whole.search(query).results, query)
        }
    }

    func testAQueryLoadsOnlyTheShardsOfItsWords() throws {
        let index = try reader(options: SearchOptions(shardLimit: 60))
        let files = try index.search("fog").files
        let words = files.filter { $0.hasPrefix("w/") }
        XCTAssertEqual(words.count, 1, "one shard for one word: \(files)")
        let all = index.files.keys.filter { $0.hasPrefix("search/w/") }
        XCTAssertGreaterThan(all.count, 5)
    }
}
