import Foundation
import XCTest
@testable import GazetteerKit
@testable import Write

/// Publishing: the output is one whole site at every instant. Full builds swap a staging
/// folder in; incremental ones bring a spare copy of the previous site up to date and swap it
/// in. A spare that a killed build left half-changed is made again, and a failed update leaves
/// the output exactly as it was.
final class PublishTests: XCTestCase {
    private func spare(_ site: FixtureSite) -> URL { site.root.appending(path: ".site.spare") }
    private func spareState(_ site: FixtureSite) -> URL { site.root.appending(path: ".site.spare.json") }

    private func inode(_ url: URL) -> UInt64? {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? UInt64) ?? nil
    }

    /// The output a build from scratch of the same guide makes.
    private func fromScratch(_ site: FixtureSite) throws -> [String: Data] {
        let fresh = try FixtureSite([:])
        defer { fresh.delete() }
        for item in try FileManager.default.contentsOfDirectory(atPath: site.root.path)
        where !item.hasPrefix(".") && item != "site" {
            try FileManager.default.copyItem(at: site.root.appending(path: item), to: fresh.root.appending(path: item))
        }
        XCTAssertEqual(fresh.build().status, 0)
        return fresh.snapshot()
    }

    func testIncrementalBuildsSwapInAnUpdatedSpareAndKeepTheOldSiteAsTheNextSpare() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        XCTAssertTrue(SiteWriter.spareIsReady(for: site.output), "a full build leaves the spare the next update publishes through")
        let first = inode(site.output)

        try site.write("content/cities/osaka.md", "---\nname: Osaka\ncountry: japan\n---\n\nKansai's largest city.\n")
        XCTAssertEqual(site.build().status, 0)
        XCTAssertNotEqual(inode(site.output), first, "the output folder was swapped, not changed in place")
        XCTAssertEqual(inode(spare(site)), first, "the previous site is the next spare")
        XCTAssertTrue(site.read("cities/osaka.html")?.contains("Kansai") == true)

        // Three more edits, each published through the spare: the files changed two builds ago
        // must be brought over too, or the spare would publish stale pages.
        try site.write("content/cities/madrid.md", "---\nname: Madrid\ncountry: spain\n---\n\nOn the Manzanares.\n")
        XCTAssertEqual(site.build().status, 0)
        try site.remove("content/cities/osaka.md")
        XCTAssertEqual(site.build().status, 0)
        try site.write("content/cities/kyoto.md", "---\nname: Kyoto\ncountry: japan\n---\n\nTemples.\n")
        XCTAssertEqual(site.build().status, 0)
        XCTAssertEqual(site.snapshot(), try fromScratch(site))
        XCTAssertFalse(site.exists("cities/osaka.html"))
    }

    func testASpareLeftHalfChangedByAKilledBuildIsMadeAgain() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        try site.write("content/cities/osaka.md", "---\nname: Osaka\ncountry: japan\n---\n\nOne.\n")
        XCTAssertEqual(site.build().status, 0)
        // A build killed while it changed the spare: its note is gone, the spare holds junk.
        try FileManager.default.removeItem(at: spareState(site))
        try Data("half-written".utf8).write(to: spare(site).appending(path: "cities/osaka.html"))
        try Data("stray".utf8).write(to: spare(site).appending(path: "stray.html"))

        try site.write("content/cities/osaka.md", "---\nname: Osaka\ncountry: japan\n---\n\nTwo.\n")
        XCTAssertEqual(site.build().status, 0)
        XCTAssertEqual(site.snapshot(), try fromScratch(site))
        XCTAssertFalse(site.exists("stray.html"))
    }

    func testAnUpdateThatFailsLeavesTheOutputAsItWasAndTheNextBuildRecovers() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        try site.write("content/cities/osaka.md", "---\nname: Osaka\ncountry: japan\n---\n\nOne.\n")
        XCTAssertEqual(site.build().status, 0)
        let before = site.snapshot()
        // Something in the spare's way: a file where the update needs the folder `cities`.
        let cities = spare(site).appending(path: "cities")
        try FileManager.default.removeItem(at: cities)
        try Data("in the way".utf8).write(to: cities)

        try site.write("content/cities/osaka.md", "---\nname: Osaka\ncountry: japan\n---\n\nTwo.\n")
        let failed = site.build()
        XCTAssertEqual(failed.status, 1)
        // Its page or its record, whichever is written first.
        XCTAssertTrue(failed.err.contains("not a directory while writing \(site.output.path)/cities/osaka."), failed.err)
        XCTAssertFalse(failed.err.contains(".spare"), "the spare is an inner detail: \(failed.err)")
        XCTAssertEqual(site.snapshot(), before, "the output is the previous site, whole")

        XCTAssertEqual(site.build().status, 0)
        XCTAssertEqual(site.snapshot(), try fromScratch(site))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter {
            $0.contains(".staging-") || $0.contains(".old-")
        }
        XCTAssertEqual(leftovers, [])
    }

    /// The files under `folder`, site-relative, with their bytes.
    private func files(under folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let root = folder.resolvingSymlinksInPath().path + "/"
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            let path = url.resolvingSymlinksInPath().path
            if !url.hasDirectoryPath, let data = try? Data(contentsOf: url) { files[String(path.dropFirst(root.count))] = data }
        }
        return files
    }

    func testAFullBuildOverAnOutputWithASpareMakesTheSpareAgainFromTheNewSite() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        try site.write("content/cities/osaka.md", "---\nname: Osaka\ncountry: japan\n---\n\nOne.\n")
        XCTAssertEqual(site.build().status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: spare(site).path))
        try FileManager.default.removeItem(at: site.root.appending(path: ".gazetteer-cache"))
        XCTAssertEqual(site.build().status, 0, "no manifest: a full build")
        XCTAssertTrue(SiteWriter.spareIsReady(for: site.output))
        XCTAssertEqual(files(under: spare(site)), files(under: site.output), "the old spare replaced by the new site's")
        XCTAssertEqual(site.snapshot(), try fromScratch(site))
        // The next edit publishes through it.
        try site.write("content/cities/osaka.md", "---\nname: Osaka\ncountry: japan\n---\n\nTwo.\n")
        XCTAssertEqual(site.build().status, 0)
        XCTAssertTrue(site.read("cities/osaka.html")?.contains("Two.") == true)
        XCTAssertEqual(site.snapshot(), try fromScratch(site))
    }

    /// The old site, the stale spare and what a killed build left beside the output are
    /// removed while the build runs (out of the way at once), and none is left once it is done.
    func testAFullBuildLeavesNoOldSiteSpareOrRetiredFolderBehind() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        try site.write("content/cities/osaka.md", "---\nname: Osaka\ncountry: japan\n---\n\nOne.\n")
        XCTAssertEqual(site.build().status, 0)
        // A folder a killed build had retired (its process is gone: no process has this id).
        let killed = site.root.appending(path: ".\(site.output.lastPathComponent).retired-4194303-1")
        try FileManager.default.createDirectory(at: killed.appending(path: "cities"), withIntermediateDirectories: true)
        try Data("old".utf8).write(to: killed.appending(path: "cities/osaka.html"))
        try FileManager.default.removeItem(at: site.root.appending(path: ".gazetteer-cache"))
        XCTAssertEqual(site.build().status, 0, "no manifest: a full build")
        let beside = try FileManager.default.contentsOfDirectory(atPath: site.root.path)
        XCTAssertEqual(beside.filter { $0.contains(".retired-") || $0.contains(".staging-") || $0.contains(".old-") }, [], "\(beside)")
        XCTAssertEqual(site.snapshot(), try fromScratch(site))
        XCTAssertTrue(SiteWriter.spareIsReady(for: site.output))
    }

    func testAPageChangedTwiceInARowIsRewrittenInPlaceInTheSpare() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        try site.write("content/cities/osaka.md", "---\nname: Osaka\ncountry: japan\n---\n\nOne.\n")
        XCTAssertEqual(site.build().status, 0)
        let first = inode(site.output.appending(path: "cities/osaka.html"))
        let older = inode(spare(site).appending(path: "cities/osaka.html"))
        XCTAssertNotEqual(first, older, "the last build gave the page a file of its own")
        try site.write("content/cities/osaka.md", "---\nname: Osaka\ncountry: japan\n---\n\nTwo.\n")
        XCTAssertEqual(site.build().status, 0)
        XCTAssertEqual(inode(site.output.appending(path: "cities/osaka.html")), older,
                       "the spare's own copy was rewritten in place and swapped in: no file made or freed")
        XCTAssertTrue(site.read("cities/osaka.html")?.contains("Two.") == true)
        XCTAssertEqual(site.snapshot(), try fromScratch(site))
        XCTAssertEqual(try String(contentsOf: spare(site).appending(path: "cities/osaka.html"), encoding: .utf8).contains("One."), true,
                       "the previous version is the next spare")
    }

    /// A page rewritten in place over a longer version of itself ends where the new text
    /// ends: nothing of the old one is left after it.
    func testAPageRewrittenInPlaceShorterKeepsNoneOfTheLongerText() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let long = (1...200).map { "Paragraph \($0) of the long version." }.joined(separator: "\n\n")
        try site.write("content/cities/osaka.md", "---\nname: Osaka\ncountry: japan\n---\n\n\(long)\n")
        XCTAssertEqual(site.build().status, 0)
        try site.write("content/cities/osaka.md", "---\nname: Osaka\ncountry: japan\n---\n\nLong, then short.\n")
        XCTAssertEqual(site.build().status, 0)
        try site.write("content/cities/osaka.md", "---\nname: Osaka\ncountry: japan\n---\n\nShort.\n")
        XCTAssertEqual(site.build().status, 0)
        let page = try XCTUnwrap(site.read("cities/osaka.html"))
        XCTAssertTrue(page.contains("Short."))
        XCTAssertFalse(page.contains("of the long version"), "the old text's tail is left after the new one")
        XCTAssertTrue(page.hasSuffix("</html>\n"), String(page.suffix(200)))
        XCTAssertEqual(site.snapshot(), try fromScratch(site))
    }
}
