import Foundation
import XCTest
@testable import GazetteerKit
@testable import Incremental

/// The dependency table of the build record is compacted when most of it is read by no page
/// any more (`DependencyTable.compacted`). The pages not rendered keep their records, with
/// what they read decoded again and moved to the compacted table's positions. The output
/// of such a build, and of the builds after it, is the output of a build from scratch.
final class TableCompactionTests: XCTestCase {
    private static let files = 600

    /// A page of one's own linking to each of `count` files of static/ (each link a file the
    /// page reads: a dependency of its own in the table).
    private static func linksPage(_ count: Int) -> String {
        "---\ntitle: Files\n---\n\n" + (0..<count).map { "[File \($0)](../../static/files/\($0).txt)" }.joined(separator: "\n") + "\n"
    }

    /// The example guide with `files` files of static/ and a page linking to each.
    private static func linkingSite() throws -> FixtureSite {
        var files = FixtureSite.good
        for n in 0..<Self.files { files["static/files/\(n).txt"] = "file \(n)\n" }
        files["content/pages/files.md"] = Self.linksPage(Self.files)
        return try FixtureSite(files)
    }

    /// How many pages a build's summary says it rendered.
    private func rendered(_ summary: String) throws -> Int {
        let match = try XCTUnwrap(summary.firstMatch(of: /\((\d+) rendered/), summary)
        return try XCTUnwrap(Int(match.1))
    }

    private func assertSameAsFromScratch(_ site: FixtureSite, file: StaticString = #filePath, line: UInt = #line) throws {
        let incremental = site.snapshot()
        let fresh = try FixtureSite([:])
        defer { fresh.delete() }
        for name in ["content", "static", "gazetteer.yaml"] {
            try FileManager.default.copyItem(at: site.root.appending(path: name), to: fresh.root.appending(path: name))
        }
        let built = fresh.build()
        XCTAssertEqual(built.status, 0, built.err, file: file, line: line)
        XCTAssertEqual(incremental, fresh.snapshot(), "an incremental build gives what a build from scratch gives", file: file, line: line)
    }

    func testAPageThatStopsReadingMostOfTheTableLeavesTheOtherPagesRecordsRight() throws {
        let site = try Self.linkingSite()
        defer { site.delete() }
        let first = site.build()
        XCTAssertEqual(first.status, 0, first.err)

        // The page now links to one file: the 599 other files it read are read by no page,
        // more than the rest of the table, which is compacted while every other page is copied.
        try site.write("content/pages/files.md", Self.linksPage(1))
        let fewer = site.build()
        XCTAssertEqual(fewer.status, 0, fewer.err)
        XCTAssertLessThan(try rendered(fewer.out), try rendered(first.out), "the other pages are copied: \(fewer.out)")
        try assertSameAsFromScratch(site)

        // The copied records point into the compacted table: an edit that the pages read
        // through them (a city's text, on its page and its country's) is still seen.
        try site.write("content/cities/madrid.md", try XCTUnwrap(String(contentsOf: site.root.appending(path: "content/cities/madrid.md"), encoding: .utf8)) + "\nEdited after the compaction.\n")
        let edited = site.build()
        XCTAssertEqual(edited.status, 0, edited.err)
        XCTAssertTrue(site.read("cities/madrid.html")?.contains("Edited after the compaction.") == true)
        try assertSameAsFromScratch(site)

        // And a removed file of static/ that the page still links to is a broken link again.
        try site.remove("static/files/0.txt")
        let broken = site.build()
        XCTAssertNotEqual(broken.status, 0, "the page's one link now points at nothing")
        XCTAssertTrue(broken.err.contains("content/pages/files.md"), broken.err)
    }
    /// The table's items no page reads any more are counted from build to build, without
    /// looking at the pages that were not rendered: a page that drops its links a few at a
    /// time leaves the table as it is (no build decodes every page to look) until the count
    /// says most of it is unread; the table is then compacted. Every build gives what a
    /// build from scratch gives.
    func testItemsDroppedAFewAtATimeAreCountedUntilTheTableIsCompacted() throws {
        let site = try Self.linkingSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        func record() throws -> (count: Int, unread: Int) {
            let archive = try XCTUnwrap(ManifestArchive.read(from: site.root.appending(path: ".gazetteer-cache"), memory: nil).archive)
            XCTAssertNil(archive.loadProblem())
            return (archive.dependencyCount, archive.unreadDependencies)
        }
        let full = try record()
        XCTAssertEqual(full.unread, 0, "a build from scratch reads all its table")
        var counts: [Int] = []
        for links in [500, 400, 300, 200] {
            try site.write("content/pages/files.md", Self.linksPage(links))
            let built = site.build()
            XCTAssertEqual(built.status, 0, built.err)
            let now = try record()
            counts.append(now.count)
            XCTAssertGreaterThanOrEqual(now.unread, 0)
            try assertSameAsFromScratch(site)
        }
        // 100 links dropped each time: the table keeps its items while at most half are
        // unread (the count grows by 100 a build), then is compacted to what is read.
        XCTAssertEqual(Array(counts.prefix(3)), [full.count, full.count, full.count], "\(counts)")
        XCTAssertEqual(counts.last, full.count - 400, "compacted once most of it was unread, to what is read: \(counts)")
        XCTAssertEqual(try record().unread, 0, "compacted: all of it read")
    }
}

