import XCTest
import Foundation

/// The search index as the build makes it: the box in every page, the index files, the
/// `search` setting, and what an edit rewrites.
final class SearchBuildTests: XCTestCase {
    private func source(_ site: FixtureSite, _ path: String) -> String? {
        try? String(contentsOf: site.root.appending(path: path), encoding: .utf8)
    }

    private func pages(_ site: FixtureSite) -> [String] {
        IncrementalBuildTests.stamps(site.output).keys.filter { $0.hasSuffix(".html") }.sorted()
    }

    func testEveryPageHasTheBoxAndTheIndexIsBuilt() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertFalse(pages(site).isEmpty)
        for page in pages(site) {
            let html = try XCTUnwrap(site.read(page))
            XCTAssertTrue(html.contains("data-search"), page)
            XCTAssertTrue(html.contains("assets/search.js\" defer></script>"), page)
        }
        XCTAssertNotNil(site.read("search/index.js"))
        XCTAssertNotNil(site.read("assets/search.js"))
        let city = try XCTUnwrap(site.read("cities/madrid.html"))
        XCTAssertTrue(city.contains("data-root=\"../\""), "the box knows the way to the site's root")
    }

    func testSearchFalseLeavesOutTheBoxTheIndexAndTheScript() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        // Turned off in an incremental build: everything of the search goes.
        try site.write("gazetteer.yaml", (source(site, "gazetteer.yaml") ?? "") + "\nsearch: false\n")
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        for page in pages(site) {
            XCTAssertFalse(try XCTUnwrap(site.read(page)).contains("data-search"), page)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.output.appending(path: "search").path))
        XCTAssertNil(site.read("assets/search.js"))
        XCTAssertEqual(IncrementalBuildTests.snapshot(site.output), try IncrementalBuildTests.cleanBuild(site))
    }

    func testASearchSettingThatIsNotTrueOrFalseIsLocated() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        try site.write("gazetteer.yaml", "search: maybe\n")
        let result = site.build()
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.err.contains("gazetteer.yaml:1:9: search must be true or false"), result.err)
    }

    func testAliasesMustBeTexts() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        let madrid = try XCTUnwrap(source(site, "content/cities/madrid.md"))
        try site.write("content/cities/madrid.md", madrid.replacingOccurrences(of: "country: spain", with: "country: spain\naliases: {a: b}"))
        let result = site.build()
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.err.contains("content/cities/madrid.md:") && result.err.contains(": \"aliases\" must be a list of texts"), result.err)
    }

    func testEditingACityBodyRewritesOnlyAFewSearchFilesAndAWarmBuildNone() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let before = IncrementalBuildTests.stamps(site.output)
        let searchFiles = before.keys.filter { $0.hasPrefix("search/") }.count
        try site.write("content/cities/madrid.md", (source(site, "content/cities/madrid.md") ?? "") + "\nZarzuela nights.\n")
        XCTAssertEqual(site.build().status, 0)
        let after = IncrementalBuildTests.stamps(site.output)
        let changed = Set(before.keys).union(after.keys).filter { $0.hasPrefix("search/") && before[$0] != after[$0] }
        XCTAssertFalse(changed.isEmpty)
        XCTAssertLessThan(changed.count, searchFiles / 2, "\(changed.sorted()) of \(searchFiles)")
        XCTAssertEqual(IncrementalBuildTests.snapshot(site.output), try IncrementalBuildTests.cleanBuild(site))
        let warm = site.build()
        XCTAssertTrue(warm.out.contains("(0 rendered, 0 files written)"), warm.out)
    }

    func testTheIndexFollowsAPictureThatChangesAndACountryRenamed() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        // Madrid's picture, edited: its record's thumbnail is another file.
        try site.write("content/cities/pictures/madrid.svg", FixtureSite.flag("#884422", width: 1000, height: 750))
        XCTAssertEqual(site.build().status, 0)
        XCTAssertEqual(IncrementalBuildTests.snapshot(site.output), try IncrementalBuildTests.cleanBuild(site), "after a picture changed")
        // Spain renamed: Madrid's record names its country.
        let spain = try XCTUnwrap(source(site, "content/countries/spain.md"))
        try site.write("content/countries/spain.md", spain.replacingOccurrences(of: "name: Spain", with: "name: España"))
        XCTAssertEqual(site.build().status, 0)
        XCTAssertEqual(IncrementalBuildTests.snapshot(site.output), try IncrementalBuildTests.cleanBuild(site), "after a country was renamed")
    }

    func testALostSearchStateRendersEveryRecordAgainAndGivesTheSameIndex() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        // The state gone, the manifest kept: the records' keys are unchanged, yet the index is
        // made whole from every record, rendered again.
        try site.remove(".gazetteer-cache/search.state")
        try site.write("content/cities/madrid.md", (source(site, "content/cities/madrid.md") ?? "") + "\nZarzuela nights.\n")
        XCTAssertEqual(site.build().status, 0)
        XCTAssertEqual(IncrementalBuildTests.snapshot(site.output), try IncrementalBuildTests.cleanBuild(site), "state lost")
        XCTAssertTrue(FileManager.default.fileExists(atPath: site.root.appending(path: ".gazetteer-cache/search.state").path))
        try site.write("content/cities/madrid.md", (source(site, "content/cities/madrid.md") ?? "") + "\nFlamenco.\n")
        XCTAssertEqual(site.build().status, 0)
        XCTAssertEqual(IncrementalBuildTests.snapshot(site.output), try IncrementalBuildTests.cleanBuild(site), "updated again")
    }
}
