import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif
@testable import GazetteerKit
@testable import Diagnostics
@testable import Write
@testable import Load
@testable import Incremental

/// Under `serve`, the file watcher's reports stand in for the stat of every input
/// (`InputWatch.Hint`): a build told which paths changed stats only those, and makes the same
/// site, byte for byte, as one that checks everything.
final class HintedCheckTests: XCTestCase {
    /// A build of `site` told that `changed` (site-relative) are the paths that changed.
    @discardableResult
    private func build(_ site: FixtureSite, changed: [String]) throws -> BuildSummary {
        let root = site.root.resolvingSymlinksInPath().path
        var options = BuildOptions(source: site.root)
        options.changes = InputWatch.Hint(folders: [root + "/content", root + "/templates"], files: [root + "/gazetteer.yaml"],
                                          changed: Set(changed.map { root + "/" + $0 }))
        return try SiteBuild.run(options)
    }

    private func themedSite() throws -> FixtureSite {
        let site = try FixtureSite()
        for file in DefaultTheme.files {
            let url = site.root.appending(path: "templates/\(file.path)")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try file.data.write(to: url)
        }
        XCTAssertEqual(site.build().status, 0)
        return site
    }

    func testABuildToldWhatChangedMakesTheSiteABuildCheckingEverythingMakes() throws {
        let site = try themedSite()
        defer { site.delete() }
        let city = "---\nname: Osaka\ncountry: japan\n---\n\nA city by the sea.\n"
        let steps: [(String, [String], () throws -> Void)] = [
            ("a city's text", ["content/cities/osaka.md"], { try site.write("content/cities/osaka.md", city) }),
            ("a city saved by renaming a new file over it", ["content/cities/.new-osaka", "content/cities/osaka.md"], {
                try site.write("content/cities/.new-osaka", city + "\nSaved as editors save.\n")
                XCTAssertEqual(rename(site.root.appending(path: "content/cities/.new-osaka").path,
                                      site.root.appending(path: "content/cities/osaka.md").path), 0)
            }),
            ("a city added", ["content/cities/kyoto.md"], {
                try site.write("content/cities/kyoto.md", "---\nname: Kyoto\ncountry: japan\n---\n\nTemples.\n")
            }),
            ("a city removed", ["content/cities/osaka.md"], { try site.remove("content/cities/osaka.md") }),
            ("a picture changed", ["content/cities/pictures/madrid.svg"], {
                try site.write("content/cities/pictures/madrid.svg", FixtureSite.flag("#993366", width: 1000, height: 750))
            }),
            ("a template changed", ["templates/city.mustache"], {
                let url = site.root.appending(path: "templates/city.mustache")
                try site.write("templates/city.mustache", try String(contentsOf: url, encoding: .utf8) + "<!-- city -->\n")
            }),
            ("the settings changed", ["gazetteer.yaml"], { try site.write("gazetteer.yaml", "title: Another Guide\n") }),
        ]
        for (what, changed, change) in steps {
            let before = IncrementalBuildTests.snapshot(site.output)
            try change()
            try build(site, changed: changed)
            XCTAssertNotEqual(IncrementalBuildTests.snapshot(site.output), before, "\(what): the site changed")
            try IncrementalBuildTests.assertSameAsCleanBuild(site, what)
        }
        XCTAssertTrue(site.read("index.html")?.contains("Another Guide") == true)
        XCTAssertTrue(site.exists("cities/kyoto.html") && !site.exists("cities/osaka.html"))
    }

    func testTheWarningsOfFilesNothingUsesAreThoseOfABuildCheckingEverything() throws {
        let site = try themedSite()
        defer { site.delete() }
        try site.write("content/cities/notes.txt", "to do\n")
        XCTAssertEqual(site.build().status, 0)
        func unused(_ summary: BuildSummary) -> [String] { summary.warnings.map(\.location.path).filter { !$0.hasSuffix(".md") }.sorted() }
        // Saved by renaming a hidden new file over the old: the names in the folder are the same.
        try site.write("content/cities/.new-osaka", "---\nname: Osaka\ncountry: japan\n---\n\nRenamed over.\n")
        XCTAssertEqual(rename(site.root.appending(path: "content/cities/.new-osaka").path,
                              site.root.appending(path: "content/cities/osaka.md").path), 0)
        let saved = try build(site, changed: ["content/cities/.new-osaka", "content/cities/osaka.md"])
        XCTAssertEqual(unused(saved).map { ($0 as NSString).lastPathComponent }, ["notes.txt"])
        // A file nothing uses, added: found.
        try site.write("content/cities/more.txt", "more\n")
        let added = try build(site, changed: ["content/cities/more.txt"])
        XCTAssertEqual(unused(added).map { ($0 as NSString).lastPathComponent }, ["more.txt", "notes.txt"])
        try site.remove("content/cities/notes.txt")
        let removed = try build(site, changed: ["content/cities/notes.txt"])
        XCTAssertEqual(unused(removed).map { ($0 as NSString).lastPathComponent }, ["more.txt"])
    }

    func testOnlyThePathsToldAreCheckedAndAFullCheckFindsTheRest() throws {
        let site = try themedSite()
        defer { site.delete() }
        try site.write("content/cities/osaka.md", "---\nname: Osaka\ncountry: japan\n---\n\nSeen by the watcher.\n")
        try site.write("content/countries/japan.md", "---\nname: Japan\ncapital: Tokyo\ncontinent: Asia\nflag: flags/japan.svg\n---\n\nNot told.\n")
        try build(site, changed: ["content/cities/osaka.md"])
        XCTAssertTrue(site.read("cities/osaka.html")?.contains("Seen by the watcher.") == true)
        XCTAssertFalse(site.read("countries/japan.html")?.contains("Not told.") == true, "a path no report named is not stat'ed")
        XCTAssertEqual(site.build().status, 0)
        XCTAssertTrue(site.read("countries/japan.html")?.contains("Not told.") == true, "the build that checks everything finds it")
        try IncrementalBuildTests.assertSameAsCleanBuild(site, "after the full check")
    }
}
