import Foundation
import XCTest
@testable import GazetteerKit
@testable import Load
@testable import Render
@testable import Incremental
#if canImport(Glibc)
import Glibc
#endif

/// The build record in parts (`ManifestParts`): it reads back as written, a build rewrites
/// only the parts whose records changed, and a part missing or damaged, or a build killed
/// between writing parts and the head, never gives a wrong page.
final class ManifestPartsTests: XCTestCase {
    private var cache: URL!

    override func setUpWithError() throws {
        cache = FileManager.default.temporaryDirectory.appending(path: "parts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: cache) }

    /// 3,000 pages (several shards) reading a table of 40,000 dependencies (three chunks).
    private func manifest(pages count: Int = 3000, changing changed: Int? = nil) -> BuildManifest {
        let table = (0..<40_000).map { Dependency.frontMatter("content/cities/c\($0).md") }
        var pages: [String: BuildManifest.Record<BuildManifest.PageRecord>] = [:]
        for n in 0..<count {
            let key = PageKey(high: UInt64(n), low: UInt64(n == changed ? 1 : 0))
            pages["cities/c\(n).html"] = .value(.init(key: key, dependencies: [TablePosition(n), TablePosition(39_999 - n)], images: ["c\(n).jpg"]))
        }
        var manifest = BuildManifest(engineKey: "engine", globalKey: "global", output: .init(path: "/nowhere", folders: ["": FileStamp(device: 1, inode: 2, size: 3, modified: 4, changed: 5)]),
                                     imageCount: 7, assets: ["assets/style.css": FileStamp(device: 1, inode: 9, size: 3, modified: 4, changed: 5)], pages: pages)
        manifest.dependencies = table
        return manifest
    }

    private func partFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: ManifestParts.folder(in: cache).path)) ?? []).sorted()
    }

    private func assertReadsBack(_ written: BuildManifest, changed: Int? = nil, file: StaticString = #filePath, line: UInt = #line) throws {
        let archive = try XCTUnwrap(ManifestArchive.read(from: cache).archive, file: file, line: line)
        XCTAssertNil(archive.loadProblem(), file: file, line: line)
        XCTAssertEqual(archive.engineKey, "engine", file: file, line: line)
        XCTAssertEqual(archive.output, written.output, file: file, line: line)
        XCTAssertEqual(archive.assets, written.assets, file: file, line: line)
        XCTAssertEqual(archive.imageCount, 7, file: file, line: line)
        XCTAssertEqual(archive.dependencyTable, written.dependencies, file: file, line: line)
        XCTAssertEqual(archive.pages.count, written.pages.count, file: file, line: line)
        for n in stride(from: 0, to: written.pages.count, by: 97) + [changed].compactMap({ $0 }) {
            let record = try XCTUnwrap(archive.page("cities/c\(n).html"), file: file, line: line)
            XCTAssertEqual(record.key, PageKey(high: UInt64(n), low: UInt64(n == changed ? 1 : 0)), file: file, line: line)
            XCTAssertEqual(record.dependencies, [TablePosition(n), TablePosition(39_999 - n)], file: file, line: line)
            XCTAssertEqual(record.images, ["c\(n).jpg"], file: file, line: line)
        }
    }

    /// The next manifest: page `changed` a new value, every other record copied from the last one.
    private func next(from archive: ManifestArchive, changing changed: Int) -> BuildManifest {
        var manifest = self.manifest(changing: changed)
        for (path, place) in archive.pages.places where path != "cities/c\(changed).html" { manifest.pages[path] = .copied(place) }
        manifest.dependencies = archive.dependencyTable
        archive.releaseBytes()  // as a build does: copied records are read from the part files
        return manifest
    }

    /// Two parts of the same bytes have one name (here the entries and the sources, both
    /// empty), and are written at the same time: the manifest must be saved every time. Each
    /// job once wrote the same temporary file, and nearly every save failed.
    func testTwoPartsOfTheSameBytesAreSavedEveryTime() throws {
        var manifest = BuildManifest(engineKey: "engine", globalKey: "global", output: .init(path: "/nowhere", folders: [:]),
                                     imageCount: 0, assets: [:],
                                     pages: ["about.html": .value(.init(key: PageKey(high: 1, low: 2), dependencies: [], images: []))])
        manifest.dependencies = []
        var failures = 0
        for round in 0..<300 {
            let folder = cache.appending(path: "round-\(round)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            do { _ = try manifest.save(to: folder, previous: nil) } catch { failures += 1 }
        }
        XCTAssertEqual(failures, 0, "saves that failed out of 300")
        let archive = try XCTUnwrap(ManifestArchive.read(from: cache.appending(path: "round-299")).archive)
        XCTAssertNil(archive.loadProblem())
        XCTAssertEqual(archive.parts(.entries).map(\.fileName), archive.parts(.sources).map(\.fileName),
                       "the two empty parts are one file: the case this test is for")
    }

    /// A build whose record cannot be saved still publishes the site, and says that the next
    /// build will build everything (it used to say nothing).
    func testABuildRecordThatCannotBeSavedIsSaidOnce() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        // A file where the record's parts go.
        try site.write(".gazetteer-cache/manifest", "in the way\n")
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.err.components(separatedBy: "the build record could not be saved").count - 1, 1, result.err)
        XCTAssertTrue(result.err.contains("the next build builds everything"), result.err)
        XCTAssertNotNil(site.read("index.html"))
    }

    func testARecordWrittenInPartsReadsBackEqualAndAnEditRewritesOnlyItsShard() throws {
        let first = manifest()
        let written = try first.save(to: cache, previous: nil)
        try assertReadsBack(first)
        XCTAssertGreaterThan(partFiles().count, 5, "the pages in shards, the table in chunks")
        let before = Set(partFiles())
        let archive = try XCTUnwrap(ManifestArchive.read(from: cache).archive)
        XCTAssertTrue(archive.load())
        let second = next(from: archive, changing: 1234)
        let rewritten = try second.save(to: cache, previous: archive)
        try assertReadsBack(second, changed: 1234)
        let after = Set(partFiles())
        XCTAssertEqual(after.subtracting(before).count, 1, "one shard written again")
        XCTAssertEqual(before.subtracting(after).count, 1, "the shard it replaces removed")
        XCTAssertLessThan(rewritten * 5, written, "an edit writes a part of the record, not all of it")
        // And once more, over a manifest whose records were themselves copied.
        let third = try XCTUnwrap(ManifestArchive.read(from: cache).archive)
        XCTAssertTrue(third.load())
        var copiedAgain = manifest(changing: 1234)
        for (path, place) in third.pages.places { copiedAgain.pages[path] = .copied(place) }
        copiedAgain.dependencies = third.dependencyTable
        third.releaseBytes()
        XCTAssertEqual(try copiedAgain.save(to: cache, previous: third), 0, "nothing changed: no part written")
        XCTAssertEqual(Set(partFiles()), after)
        try assertReadsBack(copiedAgain, changed: 1234)
    }

    /// An update names only the pages it made and those gone (`keepsOtherPages`): the next
    /// record holds the others as they were, and only the shards of those named are written.
    func testARecordNamingOnlyWhatChangedKeepsTheOtherPagesAndWritesOnlyTheirShards() throws {
        try manifest().save(to: cache, previous: nil)
        let before = Set(partFiles())
        let archive = try XCTUnwrap(ManifestArchive.read(from: cache).archive)
        XCTAssertTrue(archive.load())
        var update = manifest(pages: 0)
        update.dependencies = archive.dependencyTable
        update.keepsOtherPages = true
        update.pages["cities/c1234.html"] = .value(.init(key: PageKey(high: 1234, low: 1), dependencies: [TablePosition(1234), TablePosition(39_999 - 1234)], images: ["c1234.jpg"]))
        update.pages["cities/new.html"] = .value(.init(key: PageKey(high: 9, low: 9), dependencies: [TablePosition(7)], images: []))
        update.removedPages = ["cities/c77.html"]
        archive.releaseBytes()
        try update.save(to: cache, previous: archive)

        let read = try XCTUnwrap(ManifestArchive.read(from: cache).archive)
        XCTAssertNil(read.loadProblem())
        XCTAssertEqual(read.pages.count, 3000, "one page added, one gone")
        XCTAssertNil(read.pages["cities/c77.html"])
        XCTAssertEqual(read.page("cities/new.html")?.key, PageKey(high: 9, low: 9))
        XCTAssertEqual(read.page("cities/c1234.html")?.key, PageKey(high: 1234, low: 1))
        for n in stride(from: 0, to: 3000, by: 37) where n != 77 && n != 1234 {
            let record = try XCTUnwrap(read.page("cities/c\(n).html"), "page \(n) kept")
            XCTAssertEqual(record.key, PageKey(high: UInt64(n), low: 0))
            XCTAssertEqual(record.dependencies, [TablePosition(n), TablePosition(39_999 - n)])
            XCTAssertEqual(record.images, ["c\(n).jpg"])
        }
        let shards = Set(["cities/c1234.html", "cities/new.html", "cities/c77.html"].map { ManifestParts.shard($0, of: archive.parts(.pages).count) })
        XCTAssertEqual(Set(partFiles()).subtracting(before).count, shards.count, "the shards of the pages named, and no other, written again")
    }

    /// Named only by what changed, records that no longer fit as many shards (most pages gone)
    /// are all named again, and the record is saved whole.
    func testARecordOfFarFewerPagesNamingOnlyWhatChangedIsShardedAfresh() throws {
        try manifest().save(to: cache, previous: nil)
        let archive = try XCTUnwrap(ManifestArchive.read(from: cache).archive)
        XCTAssertTrue(archive.load())
        var update = manifest(pages: 0)
        update.dependencies = archive.dependencyTable
        update.keepsOtherPages = true
        update.removedPages = Set((100..<3000).map { "cities/c\($0).html" })
        archive.releaseBytes()
        try update.save(to: cache, previous: archive)

        let read = try XCTUnwrap(ManifestArchive.read(from: cache).archive)
        XCTAssertNil(read.loadProblem())
        XCTAssertEqual(read.pages.count, 100)
        XCTAssertLessThan(read.parts(.pages).count, archive.parts(.pages).count, "fewer shards")
        for n in 0..<100 { XCTAssertEqual(read.page("cities/c\(n).html")?.key, PageKey(high: UInt64(n), low: 0)) }
    }

    func testABuildKilledAfterWritingPartsLeavesTheLastRecordWhole() throws {
        let first = manifest()
        try first.save(to: cache, previous: nil)
        let archive = try XCTUnwrap(ManifestArchive.read(from: cache).archive)
        XCTAssertTrue(archive.load())
        // Killed after its parts were written, before its head was put in place.
        let second = next(from: archive, changing: 42)
        _ = try second.writeParts(to: cache, previous: archive)
        try Data("half a part".utf8).write(to: ManifestParts.folder(in: cache).appending(path: ".0123.part.99.tmp"))
        try assertReadsBack(first)
        // The next save removes what the killed build left.
        let again = try XCTUnwrap(ManifestArchive.read(from: cache).archive)
        XCTAssertTrue(again.load())
        let third = next(from: again, changing: 42)
        try third.save(to: cache, previous: again)
        try assertReadsBack(third, changed: 42)
        XCTAssertFalse(partFiles().contains { $0.hasSuffix(".tmp") })
        let named = try XCTUnwrap(ManifestArchive.read(from: cache).archive)
        XCTAssertTrue(named.load())
        XCTAssertEqual(Set(partFiles()), Set(ManifestCoding.PartKind.allCases.flatMap { named.parts($0).map(\.fileName) }),
                       "only the parts the head names are kept")
    }

    /// A part missing or damaged: one line saying so, one full build, the same output as a
    /// clean build, and a whole record again after it.
    func testAPartMissingOrDamagedGivesOneFullBuildAndSaysSo() throws {
        let damages: [(String, String, (URL) throws -> Void)] = [
            ("missing", "is missing its part manifest/", { try FileManager.default.removeItem(at: $0) }),
            ("damaged", "is damaged or cut short", { part in
                var bytes = [UInt8](try Data(contentsOf: part))
                bytes[bytes.count / 2] ^= 0x20
                try Data(bytes).write(to: part)
            }),
            ("cut short", "is damaged or cut short", { part in
                let bytes = [UInt8](try Data(contentsOf: part))
                try Data(bytes.dropLast(3)).write(to: part)
            }),
        ]
        for (name, why, damage) in damages {
            let site = try FixtureSite()
            defer { site.delete() }
            XCTAssertEqual(site.build().status, 0)
            let folder = site.root.appending(path: ".gazetteer-cache/manifest")
            let parts = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            XCTAssertFalse(parts.isEmpty)
            // The largest part: the pages' records.
            let largest = try XCTUnwrap(parts.max { a, b in
                let size = { (name: String) in (try? FileManager.default.attributesOfItem(atPath: folder.appending(path: name).path)[.size] as? Int) ?? 0 }
                return size(a) < size(b)
            })
            try damage(folder.appending(path: largest))
            let city = site.root.appending(path: "content/cities/madrid.md")
            try (String(contentsOf: city, encoding: .utf8) + "\nMore.\n").write(to: city, atomically: false, encoding: .utf8)
            let result = site.build()
            XCTAssertEqual(result.status, 0, "\(name): \(result.err)")
            XCTAssertEqual(result.out.split(separator: "\n").filter { $0.contains("manifest") }.count, 1, "\(name): \(result.out)")
            XCTAssertTrue(result.out.contains(why), "\(name): \(result.out)")
            XCTAssertTrue(result.out.contains("(28 rendered"), "\(name): \(result.out)")
            try IncrementalBuildTests.assertSameAsCleanBuild(site, "after a part \(name)")
            XCTAssertTrue(site.build().out.hasPrefix("Built 12 pages and 16 data files (0 rendered, 0 files written)"), name)
        }
    }

    /// A build that only copies a changed file of static/ reads the parts that say which
    /// files the pages read, not the others: a damaged record of the pages goes unread by it
    /// and is found by the next build that needs it, which then builds everything.
    func testAStaticFileCopiedAloneLeavesADamagedPartToTheNextBuild() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        try site.write("static/robots.txt", "User-agent: *\n")
        XCTAssertEqual(site.build().status, 0)
        let folder = site.root.appending(path: ".gazetteer-cache/manifest")
        let parts = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let size = { (name: String) in (try? FileManager.default.attributesOfItem(atPath: folder.appending(path: name).path)[.size] as? Int) ?? 0 }
        let largest = try XCTUnwrap(parts.max { size($0) < size($1) })
        var bytes = [UInt8](try Data(contentsOf: folder.appending(path: largest)))
        bytes[bytes.count / 2] ^= 0x20
        try Data(bytes).write(to: folder.appending(path: largest))

        try site.write("static/robots.txt", "User-agent: *\nDisallow: /drafts/\n")
        let copied = site.build()
        XCTAssertEqual(copied.status, 0, copied.err)
        XCTAssertTrue(copied.out.contains("(0 rendered, 1 files written)"), copied.out)
        XCTAssertEqual(site.read("robots.txt"), "User-agent: *\nDisallow: /drafts/\n")

        let city = site.root.appending(path: "content/cities/madrid.md")
        try (String(contentsOf: city, encoding: .utf8) + "\nMore.\n").write(to: city, atomically: false, encoding: .utf8)
        let next = site.build()
        XCTAssertEqual(next.status, 0, next.err)
        XCTAssertTrue(next.out.contains("is damaged or cut short"), next.out)
        try IncrementalBuildTests.assertSameAsCleanBuild(site, "after a damaged part left by a static copy")
    }
}
