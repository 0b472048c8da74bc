import Foundation
import XCTest
@testable import GazetteerKit
@testable import Write

/// A build never deletes what it did not write: a folder no build of the guide made is
/// refused unless `--force`; in one it made, the user's files (`.git`, `CNAME`, a file put
/// there by hand) stay where they are across full and incremental builds, and one where the
/// build writes a file stops the build, naming both.
final class ForeignFilesTests: XCTestCase {
    /// A checkout for a static host, as `git clone` leaves it.
    private static let pagesRepo: [String: String] = [
        ".git/HEAD": "ref: refs/heads/main\n",
        ".git/objects/ab/cdef0123": "a git object\n",
        "README.md": "# The published guide\n",
        "CNAME": "guide.example.org\n",
    ]

    private func write(_ files: [String: String], into folder: URL) throws {
        for (path, text) in files {
            let url = folder.appending(path: path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    /// Every file under `folder`, relative, with its bytes (hidden ones included).
    private func files(in folder: URL) -> [String: Data] {
        var found: [String: Data] = [:]
        let prefix = folder.resolvingSymlinksInPath().path + "/"
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            if !url.hasDirectoryPath, let data = try? Data(contentsOf: url) {
                found[String(url.resolvingSymlinksInPath().path.dropFirst(prefix.count))] = data
            }
        }
        return found
    }

    /// The files of the output a build from scratch of the same guide makes.
    private func fromScratch(_ site: FixtureSite) throws -> [String: Data] {
        let fresh = try FixtureSite([:])
        defer { fresh.delete() }
        for item in ["content", "gazetteer.yaml", "templates"] where FileManager.default.fileExists(atPath: site.root.appending(path: item).path) {
            try FileManager.default.copyItem(at: site.root.appending(path: item), to: fresh.root.appending(path: item))
        }
        XCTAssertEqual(fresh.build().status, 0)
        return fresh.snapshot()
    }

    private func recordedFiles(_ folder: URL) throws -> [String] {
        let text = try String(contentsOf: folder.appending(path: OutputRecord.name), encoding: .utf8)
        return text.split(separator: "\n").dropFirst().map(String.init)
    }

    func testAFolderNoBuildMadeIsRefusedNamingWhatItHoldsAndLeftAsItWas() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        let repo = site.root.appending(path: "pagesrepo")
        try write(Self.pagesRepo, into: repo)
        let before = files(in: repo)

        let refused = site.build(["--output", repo.path])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.err.hasPrefix(repo.path + ":"), refused.err)
        XCTAssertTrue(refused.err.contains("refusing to build into this folder"), refused.err)
        XCTAssertTrue(refused.err.contains("it holds .git, CNAME, README.md: 3 items"), refused.err)
        XCTAssertTrue(refused.err.contains("--force") && refused.err.contains("an empty or new folder"), refused.err)
        XCTAssertEqual(files(in: repo), before, "nothing in the folder changed")
        let beside = try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.hasPrefix(".pagesrepo") }
        XCTAssertEqual(beside, [], "nothing written beside it either")
    }

    func testAFolderOfManyThingsIsNamedByItsFirstFewAndACount() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        let folder = site.root.appending(path: "www")
        try write(Dictionary(uniqueKeysWithValues: (1...7).map { ("page\($0).html", "<p>\($0)</p>") }), into: folder)
        let refused = site.build(["--output", folder.path])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.err.contains("it holds page1.html, page2.html, page3.html, page4.html and 3 more: 7 items"), refused.err)
    }

    func testForceBuildsIntoTheFolderAndKeepsWhatItHeldByteForByte() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        let repo = site.root.appending(path: "pagesrepo")
        try write(Self.pagesRepo, into: repo)
        let theirs = files(in: repo)

        let forced = site.build(["--output", repo.path, "--force"])
        XCTAssertEqual(forced.status, 0, forced.err)
        XCTAssertTrue(FileManager.default.fileExists(atPath: repo.appending(path: "cities/madrid.html").path))
        let after = files(in: repo)
        for (path, bytes) in theirs { XCTAssertEqual(after[path], bytes, "\(path) kept as it was") }

        // The folder is the guide's now: later builds need no --force and keep the files too.
        try site.write("content/cities/madrid.md", "---\nname: Madrid\ncountry: spain\n---\n\nOn the Manzanares.\n")
        let again = site.build(["--output", repo.path])
        XCTAssertEqual(again.status, 0, again.err)
        let later = files(in: repo)
        for (path, bytes) in theirs { XCTAssertEqual(later[path], bytes, "\(path) kept by an incremental build") }
        XCTAssertTrue(String(decoding: later["cities/madrid.html"] ?? Data(), as: UTF8.self).contains("Manzanares"))
        XCTAssertFalse(try recordedFiles(repo).contains { $0 == "CNAME" || $0.hasPrefix(".git/") || $0 == "README.md" },
                       "the record lists only what the build wrote")
    }

    func testAFileDroppedByHandSurvivesFullAndIncrementalBuildsAndContentChanges() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let dropped = ["notes.txt": "mine\n", "cities/extra.html": "<p>by hand</p>\n", "downloads/guide.pdf": "%PDF-1.4\n"]
        try write(dropped, into: site.output)
        func checkKept(_ when: String) {
            let now = site.snapshot()
            for (path, text) in dropped { XCTAssertEqual(now[path], Data(text.utf8), "\(path), after \(when)") }
        }

        XCTAssertEqual(site.build().status, 0)
        checkKept("the build after the drop (a full one: the output changed)")
        try site.write("content/cities/madrid.md", "---\nname: Madrid\ncountry: spain\n---\n\nOn the Manzanares.\n")
        XCTAssertEqual(site.build().status, 0)
        checkKept("an incremental build")
        XCTAssertTrue(site.read("cities/madrid.html")?.contains("Manzanares") == true)
        try site.remove("content/cities/osaka.md")
        XCTAssertEqual(site.build().status, 0)
        checkKept("a city removed")
        XCTAssertFalse(site.exists("cities/osaka.html"), "what the build wrote is still removed")
        try FileManager.default.removeItem(at: site.root.appending(path: ".gazetteer-cache"))
        XCTAssertEqual(site.build().status, 0)
        checkKept("a full build without the cache")

        var expected = try fromScratch(site)
        for (path, text) in dropped { expected[path] = Data(text.utf8) }
        XCTAssertEqual(site.snapshot(), expected, "the site of a build from scratch, and the files dropped")
    }

    func testAFileByHandWhereAPageGoesStopsTheBuildNamingBoth() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let kyoto = "---\nname: Kyoto\ncountry: japan\n---\n\nTemples.\n"

        // Dropped and then made by the guide: an incremental build finds it in the way.
        try write(["cities/kyoto.html": "<p>my own Kyoto</p>\n"], into: site.output)
        XCTAssertEqual(site.build().status, 0)
        try site.write("content/cities/kyoto.md", kyoto)
        let before = site.snapshot()
        let stopped = site.build()
        XCTAssertEqual(stopped.status, 1)
        XCTAssertTrue(stopped.err.hasPrefix(site.output.path + "/cities/kyoto.html:"), stopped.err)
        XCTAssertTrue(stopped.err.contains(
            "gazetteer did not write this file, and the build writes its own cities/kyoto.html there: "
                + "move it out of site/ (or build with --force to replace it)"), stopped.err)
        XCTAssertEqual(site.snapshot(), before, "nothing published")

        // Dropped while the guide gained the page: the full build finds it in the way.
        try site.remove("content/cities/kyoto.md")
        XCTAssertEqual(site.build().status, 0)
        try write(["cities/nara.html": "<p>my own Nara</p>\n"], into: site.output)
        try site.write("content/cities/nara.md", "---\nname: Nara\ncountry: japan\n---\n\nDeer.\n")
        let full = site.build()
        XCTAssertEqual(full.status, 1)
        XCTAssertTrue(full.err.hasPrefix(site.output.path + "/cities/nara.html:"), full.err)
        XCTAssertTrue(full.err.contains("gazetteer did not write this file, and the build writes its own cities/nara.html"), full.err)
        XCTAssertEqual(site.read("cities/nara.html"), "<p>my own Nara</p>\n")

        // Moved away, the page is built; or --force replaces the file.
        let forced = site.build(["--force"])
        XCTAssertEqual(forced.status, 0, forced.err)
        XCTAssertTrue(site.read("cities/nara.html")?.contains("Deer.") == true)
        try site.remove("site/cities/kyoto.html")
        try site.write("content/cities/kyoto.md", kyoto)
        XCTAssertEqual(site.build().status, 0)
        XCTAssertTrue(site.read("cities/kyoto.html")?.contains("Temples.") == true)
        XCTAssertEqual(site.snapshot(), try fromScratch(site))
    }

    func testAFileWhereTheBuildNeedsAFolderIsNamedWithWhatGoesInIt() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        try site.remove("site/continents")
        try write(["continents": "my notes on continents\n"], into: site.output)
        let stopped = site.build()
        XCTAssertEqual(stopped.status, 1)
        XCTAssertTrue(stopped.err.hasPrefix(site.output.path + "/continents:"), stopped.err)
        XCTAssertTrue(stopped.err.contains("gazetteer did not write this file, and the build needs a folder there, for continents/"),
                      stopped.err)
        XCTAssertEqual(site.read("continents"), "my notes on continents\n")
    }

    func testAnEmptyFolderIsTakenAndTheRecordListsWhatTheBuildWrote() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        let out = site.root.appending(path: "out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        XCTAssertEqual(site.build(["--output", out.path]).status, 0)
        let written = files(in: out).keys.filter { $0 != OutputRecord.name }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        XCTAssertEqual(try recordedFiles(out), written)
        XCTAssertTrue(written.contains("index.html"))

        // Built again after a change, and with a city added and one removed: its own folder.
        try site.write("content/cities/kyoto.md", "---\nname: Kyoto\ncountry: japan\n---\n\nTemples.\n")
        try site.remove("content/cities/osaka.md")
        XCTAssertEqual(site.build(["--output", out.path]).status, 0)
        let now = files(in: out).keys.filter { $0 != OutputRecord.name }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        XCTAssertEqual(try recordedFiles(out), now)
        XCTAssertTrue(now.contains("cities/kyoto.html") && !now.contains("cities/osaka.html"))
    }

    func testASiteBuiltBeforeBuildsKeptARecordIsTheGuidesWhenItsManifestSaysSo() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        try site.remove("site/\(OutputRecord.name)")
        try write(["CNAME": "guide.example.org\n"], into: site.output)
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(site.read("CNAME"), "guide.example.org\n")
        XCTAssertTrue(site.exists(OutputRecord.name))

        // Without the manifest, nothing says the folder is the guide's.
        try site.remove("site/\(OutputRecord.name)")
        try site.remove(".gazetteer-cache")
        XCTAssertEqual(site.build().status, 1)
    }
}
