import Foundation
import XCTest
@testable import GazetteerKit

/// The thumbnail cache keeps what the site uses: a thumbnail no page shows any more stays
/// for `thumbnail_cache_days`, then goes; `--gc` removes every unused one at once; what the
/// output uses is never removed.
final class CachePruneTests: XCTestCase {
    private func names(_ folder: URL) -> Set<String> {
        Set(((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.contains(".") && !$0.hasPrefix(".") && $0 != "CACHEDIR.TAG" })
    }

    private func cache(_ site: FixtureSite) -> URL { site.root.appending(path: ".gazetteer-cache/images") }

    /// Gives Madrid a new picture: its old thumbnails are no longer used.
    private func changePicture(_ site: FixtureSite, _ colour: String) throws {
        try site.write("content/cities/pictures/madrid.svg", FixtureSite.flag(colour, width: 1000, height: 750))
    }

    func testAnUnusedThumbnailStaysItsDaysThenGoes() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let first = names(cache(site))
        XCTAssertEqual(first, names(site.output.appending(path: "images")), "the cache holds what the site uses")
        try changePicture(site, "#aa0000")
        XCTAssertEqual(site.build().status, 0)
        let used = names(site.output.appending(path: "images"))
        let unused = names(cache(site)).subtracting(used)
        XCTAssertFalse(unused.isEmpty, "Madrid's old thumbnails are unused")
        XCTAssertTrue(used.isSubset(of: names(cache(site))))
        // Within the days: kept. Eight days on: removed, and nothing the site uses.
        var options = BuildOptions(source: site.root)
        XCTAssertEqual(CachePrune.afterBuild(options, days: nil, imagesChanged: true, now: Int(Date().timeIntervalSince1970) + 6 * 86_400), 0)
        XCTAssertEqual(names(cache(site)).subtracting(used), unused)
        XCTAssertEqual(CachePrune.afterBuild(options, days: nil, imagesChanged: true, now: Int(Date().timeIntervalSince1970) + 8 * 86_400), unused.count)
        XCTAssertEqual(names(cache(site)), used)
        // `--gc` (here, with a picture that left the site just now).
        try changePicture(site, "#00aa00")
        XCTAssertEqual(site.build().status, 0)
        XCTAssertGreaterThan(names(cache(site)).count, names(site.output.appending(path: "images")).count)
        let gc = site.build(["--gc"])
        XCTAssertEqual(gc.status, 0, gc.err)
        XCTAssertTrue(gc.out.contains("Removed "), gc.out)
        XCTAssertEqual(names(cache(site)), names(site.output.appending(path: "images")))
        options.collectGarbage = true
        XCTAssertEqual(CachePrune.afterBuild(options, days: nil, imagesChanged: false), 0, "nothing left to remove")
    }

    func testNoDaysRemovesWhatTheSiteStoppedUsingAfterTheBuild() throws {
        var files = FixtureSite.good
        files["gazetteer.yaml"] = "title: Test Guide\nthumbnail_cache_days: 0\n"
        let site = try FixtureSite(files)
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        try changePicture(site, "#123456")
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("unused thumbnail"), result.out)
        XCTAssertEqual(names(cache(site)), names(site.output.appending(path: "images")))
        try IncrementalBuildTests.assertSameAsCleanBuild(site, "after pruning")
    }

    func testTheListOfUnusedThumbnailsReadsBackAsWritten() throws {
        let url = FileManager.default.temporaryDirectory.appending(path: "gazetteer-unused-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: url) }
        let ledger = CachePrune.Ledger(looked: 1_700_000_000, days: 7, unused: ["paris.1a2b3c4d.webp": 1_699_000_000, "a b.0011aabb.png": 5])
        CachePrune.write(ledger, to: url)
        XCTAssertEqual(CachePrune.read(url), ledger)
        try Data("gazetteer unused thumbnails 1\nlooked 5 days 7\n12\tx.0011aabb.png".utf8).write(to: url)
        XCTAssertNil(CachePrune.read(url), "cut short")
    }
}
