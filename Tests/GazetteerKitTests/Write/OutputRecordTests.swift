import Foundation
import XCTest
@testable import Write

/// The record a build leaves in the output of the files it wrote: what the next build reads
/// to tell its files from the user's.
final class OutputRecordTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "gazetteer-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func saved(_ bytes: [UInt8]) throws -> OutputRecord? {
        try Data(bytes).write(to: folder.appending(path: OutputRecord.name))
        return OutputRecord.read(in: folder.path)
    }

    private func lines(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n").dropFirst().map(String.init)
    }

    func testTheRecordListsEachFileOnceInByteOrderAndAnswersForFilesAndFolders() throws {
        let text = OutputRecord.text(of: ["index.html", "cities/zürich.html", "cities/bern.html", "index.html", "Z.html"])
        XCTAssertEqual(lines(text), ["Z.html", "cities/bern.html", "cities/zürich.html", "index.html"])
        let record = try XCTUnwrap(try saved(text))
        XCTAssertTrue(record.contains("cities/zürich.html"))
        XCTAssertFalse(record.contains("cities/zurich.html"))
        XCTAssertFalse(record.contains("cities"), "a folder is not a file of the record")
        XCTAssertTrue(record.lists(inside: "cities"))
        XCTAssertFalse(record.lists(inside: "citie"))
        XCTAssertFalse(record.lists(inside: "index.html"))
    }

    func testNamesThatDifferOnlyInTheirUnicodeFormAreTwoFiles() throws {
        let composed = "assets/\u{E9}.png", decomposed = "assets/e\u{301}.png"
        let record = try XCTUnwrap(try saved(OutputRecord.text(of: [composed, decomposed])))
        XCTAssertEqual(lines(OutputRecord.text(of: [composed, decomposed])).count, 2)
        let text = try XCTUnwrap(record.text(adding: [], removing: [decomposed]))
        XCTAssertEqual(lines(text).map { Array($0.utf8) }, [Array(composed.utf8)])
    }

    func testAnUpdateAddsAndRemovesInOrderAndIsNilWhenNothingChanges() throws {
        let record = try XCTUnwrap(try saved(OutputRecord.text(of: ["b.html", "d.html", "f.html"])))
        XCTAssertNil(record.text(adding: ["d.html"], removing: ["x.html"]), "listed already, and never listed")
        let text = try XCTUnwrap(record.text(adding: ["g.html", "a.html", "c.html", "a.html"], removing: ["d.html", "f.html"]))
        XCTAssertEqual(lines(text), ["a.html", "b.html", "c.html", "g.html"])
        XCTAssertEqual(text, OutputRecord.text(of: ["a.html", "b.html", "c.html", "g.html"]),
                       "the same bytes as a record written whole")
    }

    func testAFileOfThatNameThatIsNoRecordIsNoneAndOneEditedOutOfOrderIsStillRead() throws {
        XCTAssertNil(try saved(Array("index.html\ncities/bern.html\n".utf8)), "a file of the user's, not a record")
        var text = OutputRecord.text(of: [])
        text += Array("z.html\na.html\n\nm/n.html".utf8)
        let record = try XCTUnwrap(try saved(text))
        for path in ["a.html", "m/n.html", "z.html"] { XCTAssertTrue(record.contains(path), path) }
        XCTAssertTrue(record.lists(inside: "m"))
        XCTAssertFalse(record.contains(""))
    }
}
