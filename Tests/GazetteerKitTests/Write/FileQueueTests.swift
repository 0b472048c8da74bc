import Foundation
import XCTest
@testable import Write

/// The files handed to the writer are made on its own thread: every one of them is in the
/// staging folder once `finishWrites` returns, in the order handed over, and one that cannot
/// be made fails the build there, naming the file as the user knows it.
final class FileQueueTests: XCTestCase {
    private func folder() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appending(path: "filequeue-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }

    func testEveryFileHandedOverIsWrittenWhenFinishReturns() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let writer = try SiteWriter(output: root.appending(path: "site"))
        defer { writer.discard() }
        // More than the queue holds at once, from several threads, so that some wait for room.
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for n in 0..<1500 { writer.write("cities/c\(thread)-\(n).html", "page \(thread) \(n)") }
        }
        // The same path twice: the second text wins, as when written in place.
        writer.write("index.html", "first")
        writer.write("index.html", "second")
        try writer.finishWrites()
        let names = try FileManager.default.contentsOfDirectory(atPath: writer.staging.appending(path: "cities").path)
        XCTAssertEqual(names.count, 6000)
        XCTAssertEqual(try String(contentsOf: writer.staging.appending(path: "cities/c3-1499.html"), encoding: .utf8), "page 3 1499")
        XCTAssertEqual(try String(contentsOf: writer.staging.appending(path: "index.html"), encoding: .utf8), "second")
    }

    func testAFileThatCannotBeMadeFailsAtFinishNamingItInTheOutput() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let writer = try SiteWriter(output: root.appending(path: "site"))
        defer { writer.discard() }
        // A file where a folder must go.
        writer.write("cities", "not a folder")
        try writer.finishWrites()
        writer.write("cities/osaka.html", "Osaka")
        writer.write("countries/japan.html", "Japan")
        XCTAssertThrowsError(try writer.finishWrites()) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("site/cities/osaka.html"), text)
            XCTAssertFalse(text.contains("staging"), "the user knows the output, not the staging folder: \(text)")
        }
        // The others were made all the same; the failure is reported once.
        XCTAssertTrue(FileManager.default.fileExists(atPath: writer.staging.appending(path: "countries/japan.html").path))
        XCTAssertNoThrow(try writer.finishWrites())
    }
}
