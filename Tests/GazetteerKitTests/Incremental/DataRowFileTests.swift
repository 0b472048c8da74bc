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
            key: DataRowKey(high: 1, low: 2), images: ["paris.card.1.webp"], bytes: Array("{\"slug\":\"paris\"}".utf8))),
        ("content/cities/zürich.md", DataRow(
            dependencies: [.frontMatter("content/cities/zürich.md")], key: DataRowKey(high: .max, low: 0), images: [],
            bytes: Array("city,zürich".utf8), extras: [("population", Array("421000".utf8)), ("motto", Array("\"a, b\"".utf8))])),
    ]

    func testRowsReadBackAsWritten() {
        let url = DataRowFile.url(in: folder(), for: "data/cities.csv")
        XCTAssertEqual(url.lastPathComponent, "data_cities.csv.bin")
        DataRowFile.write(rows, to: url, globalKey: "g1")
        let read = DataRowFile.read(url, globalKey: "g1")
        XCTAssertEqual(read.count, 2)
        for (entry, row) in rows {
            let back = read[entry]
            XCTAssertEqual(back?.dependencies, row.dependencies)
            XCTAssertEqual(back?.key, row.key)
            XCTAssertEqual(back?.images, row.images)
            XCTAssertEqual(back?.bytes, row.bytes)
            XCTAssertEqual(back?.extras.map(\.key), row.extras.map(\.key))
            XCTAssertEqual(back?.extras.map(\.cell), row.extras.map(\.cell))
        }
    }

    func testAFileOfAnotherGlobalKeyOrDamagedOrCutShortGivesNoRows() throws {
        let url = DataRowFile.url(in: folder(), for: "data/cities.json")
        XCTAssertTrue(DataRowFile.read(url, globalKey: "g1").isEmpty, "no file")
        DataRowFile.write(rows, to: url, globalKey: "g1")
        XCTAssertTrue(DataRowFile.read(url, globalKey: "g2").isEmpty, "other settings, theme or executable")
        let bytes = try [UInt8](Data(contentsOf: url))
        var damaged = bytes
        damaged[damaged.count / 2] ^= 0x20
        try Data(damaged).write(to: url)
        XCTAssertTrue(DataRowFile.read(url, globalKey: "g1").isEmpty, "a byte changed")
        try Data(bytes.dropLast(5)).write(to: url)
        XCTAssertTrue(DataRowFile.read(url, globalKey: "g1").isEmpty, "cut short")
    }
}
