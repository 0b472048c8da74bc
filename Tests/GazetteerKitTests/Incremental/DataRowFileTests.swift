import Foundation
import XCTest
@testable import Render
@testable import Incremental

/// The kept rows of a collection: read back as written, and not at all when the file is
/// damaged, cut short, or was written under another global key.
final class DataRowFileTests: XCTestCase {
    private func folder() -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "gazetteer-rows-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// Keeps `set` at `url` as a build does: staged, then put in place with its collection's key.
    private func keep(_ set: DataRowSet, at url: URL, globalKey: String) {
        XCTAssertTrue(DataRowFile.stage(set, for: url, globalKey: globalKey))
        DataRowFile.commit(url, collectionKey: set.collectionKey)
    }

    private let rows: [(entry: String, row: DataRow)] = [
        ("content/cities/paris.md", DataRow(
            dependencies: [.frontMatter("content/cities/paris.md"), .image("content/cities/paris.md"), .settings],
            key: DataRowKey(high: 1, low: 2), images: ["paris.card.1.webp"], bytes: Array("{\"slug\":\"paris\"}".utf8)[...])),
        ("content/cities/zürich.md", DataRow(
            dependencies: [.frontMatter("content/cities/zürich.md")], key: DataRowKey(high: .max, low: 0), images: [],
            bytes: Array("city,zürich".utf8)[...], extras: [("population", Array("421000".utf8)), ("motto", Array("\"a, b\"".utf8))])),
    ]

    /// The rows as a build keeps them: their dependencies and thumbnails listed once, sorted,
    /// each row referring to them by position.
    private var made: DataRowSet {
        let dependencies = Array(Set(rows.flatMap(\.row.dependencies))).sorted()
        let images = Array(Set(rows.flatMap(\.row.images))).sorted()
        return DataRowSet(dependencies: dependencies, images: images, rows: rows.map { entry, row in
            (entry, DataRowSet.Kept(row: row, dependencies: row.dependencies.map { Int32(dependencies.firstIndex(of: $0)!) }[...],
                                    images: row.images.map { Int32(images.firstIndex(of: $0)!) }[...]))
        })
    }

    func testRowsReadBackAsWrittenWithTheirDependenciesListedOnceInOrder() {
        let url = DataRowFile.url(in: folder(), for: "data/cities.csv")
        XCTAssertEqual(url.lastPathComponent, "data_cities.csv.bin")
        keep(made, at: url, globalKey: "g1")
        let read = DataRowFile.read(url, globalKey: "g1")
        XCTAssertEqual(read.rows.map(\.entry), rows.map(\.entry))
        for ((entry, row), (readEntry, back)) in zip(rows, read.rows) {
            XCTAssertEqual(readEntry, entry)
            XCTAssertEqual(back.row.key, row.key)
            XCTAssertEqual(back.row.bytes, row.bytes)
            XCTAssertEqual(back.row.extras.map(\.key), row.extras.map(\.key))
            XCTAssertEqual(back.row.extras.map(\.cell), row.extras.map(\.cell))
            XCTAssertEqual(back.dependencies.map { read.dependencies[Int($0)] }, row.dependencies)
            XCTAssertEqual(back.images.map { read.images[Int($0)] }, row.images)
        }
        // Every dependency of the rows once, sorted: Zürich's front matter after Paris's.
        XCTAssertEqual(read.dependencies, [.frontMatter("content/cities/paris.md"), .frontMatter("content/cities/zürich.md"),
                                           .image("content/cities/paris.md"), .settings].sorted())
        XCTAssertEqual(read.dependencies.count, 4)
        XCTAssertEqual(read.images, ["paris.card.1.webp"])
    }

    /// A build stages its rows as each collection is made, and puts them in place with their
    /// collection's key once the output is published: rows staged but never put in place (a
    /// build that stopped) leave the last build's as they were, and the next build's staging
    /// writes over them.
    func testStagedRowsAreReadOnlyOnceCommittedWithTheirCollectionsKey() throws {
        let url = DataRowFile.url(in: folder(), for: "data/cities.json")
        var first = made
        first.collectionKey = DataRowKey(high: 7, low: 8)
        keep(first, at: url, globalKey: "g1")
        XCTAssertEqual(DataRowFile.read(url, globalKey: "g1").collectionKey, DataRowKey(high: 7, low: 8))

        var second = made
        second.rows.removeLast()
        XCTAssertTrue(DataRowFile.stage(second, for: url, globalKey: "g1"))
        var read = DataRowFile.read(url, globalKey: "g1")
        XCTAssertEqual(read.rows.count, 2, "staged rows are not read")
        XCTAssertEqual(read.collectionKey, DataRowKey(high: 7, low: 8))

        XCTAssertTrue(DataRowFile.stage(second, for: url, globalKey: "g1"), "staged again over what a stopped build left")
        DataRowFile.commit(url, collectionKey: DataRowKey(high: .max, low: 3))
        read = DataRowFile.read(url, globalKey: "g1")
        XCTAssertEqual(read.rows.map(\.entry), ["content/cities/paris.md"])
        XCTAssertEqual(read.collectionKey, DataRowKey(high: .max, low: 3), "the key set when committed")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path), [url.lastPathComponent],
                       "nothing staged is left")

        DataRowFile.commit(url, collectionKey: nil)
        XCTAssertEqual(DataRowFile.read(url, globalKey: "g1").rows.count, 1, "nothing staged: the rows stay")
        XCTAssertTrue(DataRowFile.stage(second, for: url, globalKey: "g1"))
        DataRowFile.commit(url, collectionKey: nil)
        XCTAssertNil(DataRowFile.read(url, globalKey: "g1").collectionKey)
    }

    /// A collection of 100,000 rows is written a megabyte at a time: read back whole.
    func testALargeCollectionWrittenInPiecesReadsBackWhole() {
        let url = DataRowFile.url(in: folder(), for: "data/cities.json")
        let big = (0..<3000).map { n in
            ("content/cities/c\(n).md", DataRowSet.Kept(
                row: DataRow(dependencies: [], key: DataRowKey(high: UInt64(n), low: 1), images: [],
                             bytes: Array(String(repeating: "\(n % 10)", count: 700).utf8)[...]),
                dependencies: [Int32(n % 4)][...], images: [][...]))
        }
        let set = DataRowSet(dependencies: (0..<4).map { .frontMatter("content/cities/c\($0).md") }, images: [], rows: big,
                             collectionKey: DataRowKey(high: 1, low: 2))
        keep(set, at: url, globalKey: "g")
        let read = DataRowFile.read(url, globalKey: "g")
        XCTAssertEqual(read.rows.count, 3000)
        XCTAssertEqual(read.rows.map(\.row.row.bytes), big.map(\.1.row.bytes))
        XCTAssertEqual(read.rows.map { Array($0.row.dependencies) }, big.map { Array($0.1.dependencies) })
        XCTAssertEqual(read.collectionKey, DataRowKey(high: 1, low: 2))
    }

    func testAFileOfAnotherGlobalKeyOrDamagedOrCutShortGivesNoRows() throws {
        let url = DataRowFile.url(in: folder(), for: "data/cities.json")
        XCTAssertTrue(DataRowFile.read(url, globalKey: "g1").rows.isEmpty, "no file")
        keep(made, at: url, globalKey: "g1")
        XCTAssertTrue(DataRowFile.read(url, globalKey: "g2").rows.isEmpty, "other settings, theme or executable")
        let bytes = try [UInt8](Data(contentsOf: url))
        var damaged = bytes
        damaged[damaged.count / 2] ^= 0x20
        try Data(damaged).write(to: url)
        XCTAssertTrue(DataRowFile.read(url, globalKey: "g1").rows.isEmpty, "a byte changed")
        try Data(bytes.dropLast(5)).write(to: url)
        XCTAssertTrue(DataRowFile.read(url, globalKey: "g1").rows.isEmpty, "cut short")
    }
}
