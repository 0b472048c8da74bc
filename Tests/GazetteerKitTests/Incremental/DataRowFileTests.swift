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
        DataRowFile.write(made, to: url, globalKey: "g1")
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

    func testAFileOfAnotherGlobalKeyOrDamagedOrCutShortGivesNoRows() throws {
        let url = DataRowFile.url(in: folder(), for: "data/cities.json")
        XCTAssertTrue(DataRowFile.read(url, globalKey: "g1").rows.isEmpty, "no file")
        DataRowFile.write(made, to: url, globalKey: "g1")
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
