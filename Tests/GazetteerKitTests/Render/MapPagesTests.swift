import Foundation
import XCTest
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import GazetteerKit

/// The `map` value of the index, continent, country and city pages (issue 28), built into
/// whole sites: what each map shows and links, the pages' sizes, and incremental builds that
/// follow a city moved or a country's code changed.
final class MapPagesTests: XCTestCase {
    static let files: [String: String] = [
        "gazetteer.yaml": "title: Map Guide\n",
        "content/countries/france.md": "---\nname: France\ncapital: Paris\ncontinents: [Europe]\niso: FR\n---\n",
        "content/countries/malta.md": "---\nname: Malta\ncapital: Valletta\ncontinents: [Europe]\n---\n",
        "content/countries/japan.md": "---\nname: Japan\ncapital: Tokyo\ncontinents: [Asia]\n---\n",
        "content/cities/paris.md": "---\nname: Paris\ncountry: france\nposition: 48.8566, 2.3522\n---\n",
        "content/cities/lyon.md": "---\nname: Lyon\ncountry: france\nposition: 45.7640, 4.8357\n---\n",
        "content/cities/valletta.md": "---\nname: Valletta\ncountry: malta\nposition: 35.8989, 14.5146\n---\n",
        "content/cities/kyoto.md": "---\nname: Kyoto\ncountry: japan\n---\n",
    ]

    func testEachPageKindShowsItsMapWithLinksAlsoInTheText() throws {
        let site = try FixtureSite(Self.files)
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        // The world map is a file of its own, which the index shows, named like the drawing.
        let index = try XCTUnwrap(site.read("index.html"))
        XCTAssertTrue(index.contains("<figure class=\"map map-world\"><object class=\"map-drawing\" data=\"maps/world.svg\" type=\"image/svg+xml\" width=\"960\" height=\"467\" role=\"img\" aria-label=\"World map, 3 countries of the guide highlighted\"></object></figure>"), index)
        let world = try XCTUnwrap(site.read("maps/world.svg"))
        XCTAssertTrue(world.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<?xml-stylesheet href=\"../assets/style.css\" type=\"text/css\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"map-drawing\" viewBox=\"0 0 960 467\" role=\"group\" aria-label=\"World map, 3 countries of the guide highlighted\">"), world)
        // Malta has no shape at 1:110m: a marker at Valletta, its capital, which the guide places.
        XCTAssertTrue(world.contains("<a href=\"../countries/malta.html\" target=\"_top\" tabindex=\"-1\" aria-label=\"Malta\"><circle class=\"guide marker\""))
        XCTAssertTrue(world.contains("<a href=\"../countries/japan.html\" target=\"_top\" tabindex=\"-1\" aria-label=\"Japan\"><path class=\"guide\""))
        // It parses as XML.
        XCTAssertNoThrow(try XMLDocument(xmlString: world))
        // Each place of the map is a link in the index's text too.
        for target in ["countries/france.html", "countries/malta.html", "countries/japan.html"] {
            XCTAssertTrue(world.contains("href=\"../\(target)\""), target)
            XCTAssertTrue(index.contains("href=\"\(target)\""), target)
        }

        let europe = try XCTUnwrap(site.read("continents/europe.html"))
        XCTAssertTrue(europe.contains("aria-label=\"Map of Europe, 2 countries of the guide highlighted\""))
        XCTAssertTrue(europe.contains("<a href=\"../countries/france.html\" tabindex=\"-1\" aria-label=\"France\"><path class=\"guide\""))
        XCTAssertFalse(europe.contains("aria-label=\"Japan\""))

        let france = try XCTUnwrap(site.read("countries/france.html"))
        XCTAssertTrue(france.contains("aria-label=\"Map of Europe, France highlighted\""))
        XCTAssertTrue(france.contains("<path class=\"on\""))
        XCTAssertFalse(france.contains("href=\"france.html\" tabindex"), "no link to the page itself")
        XCTAssertTrue(france.contains("<a href=\"../cities/lyon.html\" tabindex=\"-1\" aria-label=\"Lyon\"><circle class=\"city\""))
        XCTAssertTrue(france.contains(">Paris</text></a>"))

        let paris = try XCTUnwrap(site.read("cities/paris.html"))
        XCTAssertTrue(paris.contains("aria-label=\"Map of France, Paris marked\""))
        XCTAssertTrue(paris.contains("<circle class=\"city on\""))
        XCTAssertTrue(paris.contains("<a href=\"../countries/france.html\" tabindex=\"-1\" aria-label=\"France\"><path class=\"on\""))
        XCTAssertFalse(paris.contains("aria-label=\"Lyon\""))
        // A city without a position still shows its country.
        let kyoto = try XCTUnwrap(site.read("cities/kyoto.html"))
        XCTAssertTrue(kyoto.contains("aria-label=\"Map of Japan\""))
        XCTAssertFalse(kyoto.contains("<circle class=\"city"))
    }

    /// A country without a code and a capital the guide does not place has nothing to draw.
    func testNothingToDrawLeavesTheMapOut() throws {
        var files = Self.files
        files["content/countries/atlantis.md"] = "---\nname: Atlantis\ncapital: Poseidonia\ncontinents: [Europe]\n---\n"
        files["content/cities/poseidonia.md"] = "---\nname: Poseidonia\ncountry: atlantis\n---\n"
        let site = try FixtureSite(files)
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        XCTAssertFalse(try XCTUnwrap(site.read("countries/atlantis.html")).contains("class=\"map"))
        XCTAssertFalse(try XCTUnwrap(site.read("cities/poseidonia.html")).contains("class=\"map"))
        XCTAssertFalse(try XCTUnwrap(site.read("maps/world.svg")).contains("aria-label=\"Atlantis\""))
    }

    /// A guide none of whose countries can be drawn publishes no world map; a capital placed
    /// gives its country a marker, and the world map is there.
    func testAWorldMapOnlyWhenACountryHasACodeOrAPlacedCapital() throws {
        let site = try FixtureSite([
            "content/countries/atlantis.md": "---\nname: Atlantis\ncapital: Poseidonia\ncontinents: [Europe]\n---\n",
            "content/cities/poseidonia.md": "---\nname: Poseidonia\ncountry: atlantis\n---\n",
        ])
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        XCTAssertFalse(site.exists("maps/world.svg"))
        XCTAssertFalse(try XCTUnwrap(site.read("index.html")).contains("maps/world.svg"))
        try site.write("content/cities/poseidonia.md", "---\nname: Poseidonia\ncountry: atlantis\nposition: 36.4, 25.4\n---\n")
        XCTAssertEqual(site.build().status, 0)
        XCTAssertTrue(try XCTUnwrap(site.read("maps/world.svg")).contains("aria-label=\"Atlantis\""))
        XCTAssertTrue(try XCTUnwrap(site.read("index.html")).contains("maps/world.svg"))
    }

    /// The example guide's pages stay light with their maps: at most 150 KB of HTML each.
    func testExampleGuidePagesStayUnder150KB() throws {
        let output = FileManager.default.temporaryDirectory.appending(path: "gazetteer-maps-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        _ = try SiteBuild.run(BuildOptions(source: ExampleGuideTests.repository, output: output))
        let pages = try FileManager.default.subpathsOfDirectory(atPath: output.path).filter { $0.hasSuffix(".html") }
        var maps = 0
        for page in pages {
            let data = try Data(contentsOf: output.appending(path: page))
            XCTAssertLessThanOrEqual(data.count, 150_000, page)
            if String(decoding: data, as: UTF8.self).contains("class=\"map-drawing\"") { maps += 1 }
        }
        XCTAssertGreaterThan(maps, 40)
    }

    /// Moving a city redraws its page and its country's page (its dot), not its neighbours'
    /// maps; renaming a country renames it on every map. Each build equals a clean one.
    func testMovingACityOrCodingACountryRebuildsLikeACleanBuild() throws {
        let site = try FixtureSite(Self.files)
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let before = IncrementalBuildTests.stamps(site.output)
        let lyon = try XCTUnwrap(site.read("cities/lyon.html"))
        try site.write("content/cities/paris.md", "---\nname: Paris\ncountry: france\nposition: 43.2965, 5.3698\n---\n")
        XCTAssertEqual(site.build().status, 0)
        try IncrementalBuildTests.assertSameAsCleanBuild(site, "Paris moved")
        let after = IncrementalBuildTests.stamps(site.output)
        let changed = Set(after.keys.filter { before[$0] != after[$0] })
        XCTAssertTrue(changed.isSuperset(of: ["cities/paris.html", "countries/france.html"]), "\(changed.sorted())")
        // Lyon's page changes (its nearby list), its map does not.
        func map(_ page: String?) -> Substring? {
            guard let page, let start = page.range(of: "<figure class=\"map\">") else { return nil }
            return page[start.lowerBound...].prefix { $0 != "\n" }
        }
        XCTAssertNotNil(map(lyon))
        XCTAssertEqual(map(site.read("cities/lyon.html")), map(lyon))

        try site.write("content/countries/france.md", "---\nname: République française\ncapital: Paris\ncontinents: [Europe]\niso: FR\n---\n")
        XCTAssertEqual(site.build().status, 0)
        try IncrementalBuildTests.assertSameAsCleanBuild(site, "France renamed")
        XCTAssertTrue(try XCTUnwrap(site.read("maps/world.svg")).contains("aria-label=\"République française\"><path class=\"guide\""))
        XCTAssertTrue(try XCTUnwrap(site.read("index.html")).contains(">République française</a>"))
        XCTAssertTrue(try XCTUnwrap(site.read("cities/lyon.html")).contains("aria-label=\"Map of République française, Lyon marked\""))
    }
}
