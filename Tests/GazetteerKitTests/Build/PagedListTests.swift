import Foundation
import XCTest
@testable import GazetteerKit
@testable import Load
@testable import Model
@testable import Render
@testable import Write
#if canImport(Glibc)
import Glibc
#endif

/// Lists in pages across a whole guide: continent pages, the City Guide and a country's
/// cities cut into pages with pagination and an A-Z bar; and the incremental build
/// rendering only the list pages whose entries changed.
final class PagedListTests: XCTestCase {
    static let cityNames = ["Ávila", "Alicante", "Bilbao", "Burgos", "Cádiz", "Córdoba", "Girona", "León", "Málaga", "Murcia", "Oviedo"]

    /// The fixture guide with page_size 2, Spain's eleven cities and Japan's one.
    static func site(extra: String = "") throws -> FixtureSite {
        var files = FixtureSite.good
        files["gazetteer.yaml"] = "title: Test Guide\npage_size: 2\nbase_url: https://example.org/\n" + extra
        for name in cityNames {
            files["content/cities/\(Slug.make(name)).md"] = "---\nname: \(name)\ncountry: spain\n---\n\nIn Spain.\n"
        }
        return try FixtureSite(files)
    }

    private func stamps(_ site: FixtureSite) -> [String: [Int]] { IncrementalBuildTests.stamps(site.output) }

    /// The pages and other files that changed, but for the search index's (see SearchBuildTests).
    private func changed(_ before: [String: [Int]], _ after: [String: [Int]]) -> Set<String> {
        // Not the record of the files written either, which follows the index's file names.
        Set(before.keys).union(after.keys).filter { before[$0] != after[$0] && !$0.hasPrefix("search/") && $0 != OutputRecord.name }
    }

    /// Every file written, replaced or removed, the search index's too: the summary's count.
    private func written(_ before: [String: [Int]], _ after: [String: [Int]]) -> Int {
        Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.count
    }

    func testListsArePagedWithPaginationLettersAndEveryLinkResolving() throws {
        let site = try Self.site()
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        // 13 cities (Madrid, Osaka and eleven more) in pages of 2: seven pages, no eighth.
        for number in 2...7 { XCTAssertTrue(site.exists("cities/page-\(number).html"), "page \(number)") }
        XCTAssertFalse(site.exists("cities/page-8.html"))
        XCTAssertFalse(site.exists("cities/page-1.html"), "page 1 is cities/index.html")
        // Spain's twelve cities: six pages; Japan's one: one page.
        XCTAssertTrue(site.exists("countries/spain/page-6.html"))
        XCTAssertFalse(site.exists("countries/spain/page-7.html"))
        XCTAssertFalse(site.exists("countries/japan/page-2.html"))
        // Continents: Turkey is on both of its continents.
        for page in ["continents/index.html", "continents/asia.html", "continents/europe.html"] {
            XCTAssertTrue(site.exists(page), page)
        }
        XCTAssertFalse(site.exists("continents/africa.html"), "a continent without countries has no page")
        XCTAssertTrue(site.read("continents/asia.html")!.contains("Turkey"))
        XCTAssertTrue(site.read("continents/europe.html")!.contains("Turkey"))

        let first = try XCTUnwrap(site.read("cities/index.html"))
        let second = try XCTUnwrap(site.read("cities/page-2.html"))
        let last = try XCTUnwrap(site.read("cities/page-7.html"))
        XCTAssertFalse(first.contains("rel=\"prev\""))
        XCTAssertTrue(first.contains("<link rel=\"next\" href=\"page-2.html\">"))
        XCTAssertTrue(second.contains("<link rel=\"prev\" href=\"index.html\">"))
        XCTAssertTrue(second.contains("<link rel=\"next\" href=\"page-3.html\">"))
        XCTAssertTrue(last.contains("<a href=\"page-6.html\" rel=\"prev\">"))
        XCTAssertFalse(last.contains("rel=\"next\""))
        XCTAssertTrue(second.contains("aria-current=\"page\"><span class=\"visually-hidden\">Page </span>2</a>"))
        // Letters in English: Á folded under A; the bar links each letter to its first page.
        XCTAssertTrue(first.contains("<a href=\"index.html#letter-a\" class=\"letter-here\">A</a>"), first)
        XCTAssertTrue(first.contains("<a href=\"page-2.html#letter-b\">B</a>"))
        // Sorted by initial: page 1 holds Alicante and Ávila, page 2 the B cities.
        XCTAssertTrue(first.contains("Alicante") && first.contains("Ávila") && !first.contains("Bilbao"))
        XCTAssertTrue(second.contains("Bilbao") && second.contains("Burgos"))
        let spain2 = try XCTUnwrap(site.read("countries/spain/page-2.html"))
        XCTAssertTrue(spain2.contains("<link rel=\"prev\" href=\"../spain.html\">"), spain2)
        XCTAssertTrue(spain2.contains("Cities of Spain"))

        // The first rows' pictures load at once, the others lazily.
        XCTAssertFalse(first.contains("alt=\"\" loading=\"lazy\""), "two rows: all eager")

        // Every link resolves, fragment included; the sitemap lists every page.
        let files = site.snapshot()
        let names = Set(files.keys)
        let sitemap = try XCTUnwrap(site.read("sitemap.xml"))
        for (path, data) in files where path.hasSuffix(".html") {
            let html = String(decoding: data, as: UTF8.self)
            XCTAssertEqual(HTMLLinks.broken(in: html, page: path, files: names), [], "broken links in \(path)")
            if path != "404.html" {
                XCTAssertTrue(sitemap.contains("<loc>https://example.org/\(PagePath.urlEncoded(path))</loc>"), "\(path) in the sitemap")
            }
            for url in HTMLLinks.urls(in: html) where url.contains("#letter-") {
                let parts = url.split(separator: "#").map(String.init)
                let folder = (path as NSString).deletingLastPathComponent
                let file = String(URL(fileURLWithPath: "/" + folder + "/" + parts[0]).standardized.path.dropFirst())
                XCTAssertTrue(String(decoding: files[file] ?? Data(), as: UTF8.self).contains("id=\"\(parts[1])\""), "\(url) from \(path)")
            }
        }
    }

    func testAShortListShowsNoPagination() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        for page in ["cities/index.html", "countries/spain.html", "continents/europe.html"] {
            let html = try XCTUnwrap(site.read(page))
            XCTAssertFalse(html.contains("class=\"pagination"), page)
            XCTAssertFalse(html.contains("letter-bar"), page)
            XCTAssertFalse(html.contains("rel=\"next\""), page)
        }
        XCTAssertFalse(site.exists("cities/page-2.html"))
    }

    func testSwedishGuidePutsÅAfterZ() throws {
        var files = FixtureSite.good
        files["gazetteer.yaml"] = "title: Test Guide\nlanguage: sv\npage_size: 2\n"
        files["content/cities/are.md"] = "---\nname: Åre\ncountry: spain\n---\n"
        files["content/cities/zafra.md"] = "---\nname: Zafra\ncountry: spain\n---\n"
        let site = try FixtureSite(files)
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        // Madrid, Osaka | Zafra, Åre
        let second = try XCTUnwrap(site.read("cities/page-2.html"))
        XCTAssertTrue(second.contains("Zafra") && second.contains("Åre"), second)
        XCTAssertTrue(second.range(of: "Zafra")!.lowerBound < second.range(of: "Åre")!.lowerBound)
        XCTAssertTrue(second.contains("id=\"letter-c5\">Å</h2>"))
    }

    func testRenamingACityRendersOnlyThePagesWhoseEntriesChanged() throws {
        let site = try Self.site()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)

        // A new name under the same letter, in the same place: its page, the City Guide page
        // and Spain's list page that show it, its record and Spain's, the collections (the
        // countries' CSV names cities by slug: rendered again, the same bytes), the feeds (which
        // list it among the newest entries), its search record (not a file), nothing else.
        var before = stamps(site)
        try site.write("content/cities/burgos.md", "---\nname: Burgos de Castilla\ncountry: spain\n---\n\nIn Spain.\n")
        var result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("(12 rendered, \(written(before, stamps(site))) files written)"), result.out)
        XCTAssertEqual(changed(before, stamps(site)), [
            "cities/burgos.html", "cities/page-2.html", "countries/spain/page-2.html", "cities/burgos.json", "countries/spain.json",
            "data/cities.json", "data/countries.json", "data/cities.csv", "feed.xml", "feed.json",
        ])
        try IncrementalBuildTests.assertSameAsCleanBuild(site, "after renaming Burgos")

        // Oviedo to Zamora: the last pages of each list (its slice and the letters moved), the
        // first ones are untouched (their slice is the same, but the A-Z bar changed: all re-render).
        before = stamps(site)
        try site.write("content/cities/oviedo.md", "---\nname: Zamora\ncountry: spain\n---\n\nIn Spain.\n")
        result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        let moved = changed(before, stamps(site))
        XCTAssertTrue(moved.contains("cities/oviedo.html"))
        XCTAssertTrue(moved.isSuperset(of: ["cities/page-7.html", "countries/spain/page-6.html"]), "\(moved.sorted())")
        XCTAssertTrue(moved.isSubset(of: Set(["cities/oviedo.html", "cities/index.html", "countries/spain.html", "sitemap.xml",
                                              "cities/oviedo.json", "countries/spain.json", "data/cities.json", "data/countries.json", "data/cities.csv", "feed.xml", "feed.json"]
            + (2...7).map { "cities/page-\($0).html" } + (2...6).map { "countries/spain/page-\($0).html" })), "\(moved.sorted())")
        XCTAssertFalse(moved.contains("countries/japan.html"))
        XCTAssertFalse(moved.contains("continents/europe.html"))
        try IncrementalBuildTests.assertSameAsCleanBuild(site, "after renaming Oviedo")

        // A body edit: the city's page, its record and the feeds (which show its text) only.
        before = stamps(site)
        try site.write("content/cities/murcia.md", "---\nname: Murcia\ncountry: spain\n---\n\nOn the Segura.\n")
        result = site.build()
        XCTAssertTrue(result.out.contains("(4 rendered, \(written(before, stamps(site))) files written)"), result.out)
        XCTAssertEqual(changed(before, stamps(site)), ["cities/murcia.html", "cities/murcia.json", "feed.xml", "feed.json"])
    }

    func testAddingAndRemovingCitiesWritesAndRemovesPages() throws {
        let site = try Self.site()
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        try site.write("content/cities/zaragoza.md", "---\nname: Zaragoza\ncountry: spain\n---\n")
        XCTAssertEqual(site.build().status, 0)
        XCTAssertTrue(site.exists("cities/page-7.html"))
        XCTAssertTrue(site.exists("countries/spain/page-7.html"))
        XCTAssertTrue(site.read("sitemap.xml")!.contains("countries/spain/page-7.html"))
        try IncrementalBuildTests.assertSameAsCleanBuild(site, "after adding Zaragoza")
        for name in ["zaragoza", "oviedo", "murcia"] { try site.remove("content/cities/\(name).md") }
        XCTAssertEqual(site.build().status, 0)
        XCTAssertFalse(site.exists("countries/spain/page-6.html"), "a page without entries is not left behind")
        XCTAssertFalse(site.read("sitemap.xml")!.contains("countries/spain/page-6.html"))
        try IncrementalBuildTests.assertSameAsCleanBuild(site, "after removing three cities")
    }

    /// Every list page past the first is titled in its own language's words: a continent's
    /// (the word `continent_page`, as the City Guide's and a country's cities' have theirs),
    /// never a pattern of the default language's.
    func testListPagesPastTheFirstAreTitledInTheirLanguage() throws {
        var files = FixtureSite.good
        files["gazetteer.yaml"] = """
            title: Test Guide
            page_size: 2
            languages:
              - {code: en, name: English}
              - {code: fr, name: Français}
              - {code: de, name: Deutsch}
            """
        for (name, iso) in [("Portugal", "PT"), ("Italy", "IT"), ("Greece", "GR")] {
            files["content/countries/\(Slug.make(name)).md"] = "---\nname: \(name)\ncapital: X\ncontinents: [Europe]\niso: \(iso)\n---\n"
        }
        files["content/countries/italy.fr.md"] = "---\nname: Italie\n---\n"
        for name in Self.cityNames.prefix(3) {
            files["content/cities/\(Slug.make(name)).md"] = "---\nname: \(name)\ncountry: spain\n---\n"
        }
        let site = try FixtureSite(files)
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        // Europe: Greece, Italy, Portugal, Spain and Turkey, in pages of 2.
        let europe = (fr: RegionNames.continent("Europe", in: "fr") ?? "Europe", de: RegionNames.continent("Europe", in: "de") ?? "Europe")
        func title(_ path: String) throws -> String {
            let page = try XCTUnwrap(site.read(path), path)
            let title = try XCTUnwrap(page.range(of: "<title>[^<]*</title>", options: .regularExpression), path)
            return String(page[title])
        }
        XCTAssertEqual(try title("continents/europe/page-2.html"), "<title>Europe: countries, page 2 · Test Guide</title>")
        XCTAssertEqual(try title("fr/continents/europe/page-2.html"), "<title>\(europe.fr)\u{00A0}: les pays, page 2 · Test Guide</title>")
        XCTAssertEqual(try title("fr/continents/europe/page-3.html"), "<title>\(europe.fr)\u{00A0}: les pays, page 3 · Test Guide</title>")
        XCTAssertEqual(try title("de/continents/europe/page-2.html"), "<title>\(europe.de): Länder, Seite 2 · Test Guide</title>")
        XCTAssertEqual(try title("fr/continents/europe.html"), "<title>\(europe.fr) · Test Guide</title>", "page 1 is the continent's name")
        // The other lists in pages past the first, in the second language.
        XCTAssertEqual(try title("fr/cities/page-2.html"), "<title>Guide des villes, page 2 · Test Guide</title>")
        XCTAssertEqual(try title("de/cities/page-2.html"), "<title>Städteführer, Seite 2 · Test Guide</title>")
        XCTAssertTrue(try title("fr/countries/spain/page-2.html").hasSuffix("\u{00A0}: les villes, page 2 · Test Guide</title>"))
        // No word of the default language's on any French list page past the first.
        for path in ["fr/continents/europe/page-2.html", "fr/cities/page-2.html", "fr/countries/spain/page-2.html"] {
            let page = try XCTUnwrap(site.read(path))
            for english in ["countries, page", "cities, page", "City Guide", "Previous", "Next", "Page 2 of"] {
                XCTAssertFalse(page.contains(english), "\(path) says \"\(english)\"")
            }
        }
        // Each version of the page names the others.
        let fr2 = try XCTUnwrap(site.read("fr/continents/europe/page-2.html"))
        XCTAssertTrue(fr2.contains("<link rel=\"alternate\" hreflang=\"en\" href=\"../../../continents/europe/page-2.html\">"), fr2)
    }

    func testPageSizeSetting() throws {
        let site = try FixtureSite()
        defer { site.delete() }
        try site.write("gazetteer.yaml", "page_size: 0\n")
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains("page_size must be a whole number from 1 to 100000"), result.err)
    }
}
