import Foundation
import XCTest
@testable import GazetteerKit
@testable import Load
@testable import Incremental

/// The scan of a guide whose content folders hold the same files as last time does not
/// count as a new listing (so an edit keeps the last build's watch and thumbnail plans),
/// also in a guide without pages of its own, whose content/pages never existed.
final class ScanListingTests: XCTestCase {
    private func scan(_ site: FixtureSite, prior: (any PriorListings)? = nil) throws -> SiteLoader.Scan {
        try SiteLoader.scan(root: site.root, cacheDirectory: site.root.appending(path: ".gazetteer-cache"), prior: prior)
    }

    /// The watch a build would keep of `scan`: the folders and settings it watched, and every content file.
    private func watch(_ scan: SiteLoader.Scan) -> InputWatch {
        var watch = InputWatch()
        watch.source = scan.root.path
        for (path, state) in scan.watched { watch.add(path, state) }
        for file in scan.content { watch.add(scan.root.path + "/" + file.path, file: file.stamp) }
        return watch
    }

    /// Saves `path` as editors do: a new file written beside it and renamed over it.
    private func saveByRename(_ site: FixtureSite, _ path: String, _ text: String) throws {
        let target = site.root.appending(path: path)
        let temporary = target.deletingLastPathComponent().appending(path: ".save.tmp")
        try Data(text.utf8).write(to: temporary)
        XCTAssertEqual(rename(temporary.path, target.path), 0)
    }

    func testASaveByRenameInAGuideWithoutPagesIsTheSameListing() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.root.appending(path: "content/pages").path))
        let first = try scan(site)
        let city = try XCTUnwrap(first.content.first { $0.kind == .city }).path
        // A second later, so that the folder's stamp is sure to change.
        Thread.sleep(forTimeInterval: 1.05)
        try saveByRename(site, city, "---\nname: Edited\ncountry: japan\n---\n\nNew text.\n")
        let again = try scan(site, prior: watch(first).check())
        XCTAssertTrue(again.listedBefore, "the same files in every content folder")
        XCTAssertEqual(again.content.map(\.path), first.content.map(\.path))
    }

    func testAFileAddedOrAPagesFolderMadeIsANewListing() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        let first = try scan(site)
        Thread.sleep(forTimeInterval: 1.05)
        try saveByRename(site, "content/cities/nara.md", "---\nname: Nara\ncountry: japan\n---\n")
        let added = try scan(site, prior: watch(first).check())
        XCTAssertFalse(added.listedBefore)
        XCTAssertTrue(added.content.contains { $0.path == "content/cities/nara.md" })

        let second = try scan(site)
        try FileManager.default.createDirectory(at: site.root.appending(path: "content/pages"), withIntermediateDirectories: true)
        try Data("---\ntitle: About\n---\n".utf8).write(to: site.root.appending(path: "content/pages/about.md"))
        let withPages = try scan(site, prior: watch(second).check())
        XCTAssertFalse(withPages.listedBefore)
        XCTAssertTrue(withPages.content.contains { $0.path == "content/pages/about.md" })
    }

    /// Under `serve`, the file watcher's reports say a save by rename left the same files,
    /// and a file added or removed makes a new listing, as a listing of the folder would.
    func testUnderTheWatcherTheReportsTellASaveFromAFileAddedOrRemoved() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        let first = try scan(site)
        let city = try XCTUnwrap(first.content.first { $0.kind == .city }).path
        let root = first.root.path
        func hint(_ changed: [String]) -> InputWatch.Hint {
            InputWatch.Hint(folders: [root], files: [], changed: Set(changed.map { root + "/" + $0 }))
        }
        Thread.sleep(forTimeInterval: 1.05)
        try saveByRename(site, city, "---\nname: Edited\ncountry: japan\n---\n\nNew text.\n")
        let saved = try scan(site, prior: watch(first).check(hint: hint([city, "content/cities/.save.tmp"])))
        XCTAssertTrue(saved.listedBefore, "the same files, as the watcher tells")
        XCTAssertEqual(saved.content.map(\.path), first.content.map(\.path))
        let stamp = try XCTUnwrap(saved.content.first { $0.path == city }?.stamp)
        XCTAssertEqual(stamp, FileStamp.of(root + "/" + city), "the saved file's stamp taken now")

        let second = try scan(site)
        try saveByRename(site, "content/cities/nara.md", "---\nname: Nara\ncountry: japan\n---\n")
        let added = try scan(site, prior: watch(second).check(hint: hint(["content/cities/nara.md", "content/cities/.save.tmp"])))
        XCTAssertFalse(added.listedBefore)
        XCTAssertTrue(added.content.contains { $0.path == "content/cities/nara.md" })

        let third = try scan(site)
        try FileManager.default.removeItem(at: site.root.appending(path: city))
        let removed = try scan(site, prior: watch(third).check(hint: hint([city])))
        XCTAssertFalse(removed.listedBefore)
        XCTAssertFalse(removed.content.contains { $0.path == city })
    }
}
