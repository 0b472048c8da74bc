import Foundation
import XCTest
@testable import GazetteerKit
@testable import Write

/// A city's page lists its five nearest cities, linked, with their distances; moving or
/// adding a city renders again only the pages whose lists change.
final class NearbyPagesTests: XCTestCase {
    /// Two groups of seven cities far apart (around Madrid and around Osaka): each city's five
    /// nearest are in its own group.
    private static func files() -> [String: String] {
        var files = FixtureSite.good
        let spain = [("madrid", 40.4168, -3.7038), ("toledo", 39.8628, -4.0273), ("segovia", 40.9429, -4.1088),
                     ("avila", 40.6565, -4.6818), ("cuenca", 40.0704, -2.1374), ("guadalajara", 40.6330, -3.1669),
                     ("alcala", 40.4820, -3.3635)]
        let japan = [("osaka", 34.6937, 135.5023), ("kyoto", 35.0116, 135.7681), ("kobe", 34.6901, 135.1955),
                     ("nara", 34.6851, 135.8048), ("wakayama", 34.2260, 135.1675), ("otsu", 35.0045, 135.8686),
                     ("himeji", 34.8151, 134.6853)]
        for (slug, latitude, longitude) in spain {
            let picture = slug == "madrid" ? "picture: pictures/madrid.svg\n" : ""
            files["content/cities/\(slug).md"] = "---\nname: \(slug.capitalized)\ncountry: spain\n\(picture)position: \(latitude), \(longitude)\n---\n"
        }
        for (slug, latitude, longitude) in japan {
            files["content/cities/\(slug).md"] = "---\nname: \(slug.capitalized)\ncountry: japan\nposition: [\(latitude), \(longitude)]\n---\n"
        }
        return files
    }

    func testACityPageListsItsFiveNearestWithDistancesAndLinks() throws {
        let site = try FixtureSite(Self.files())
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        let page = try XCTUnwrap(site.read("cities/madrid.html"))
        let list = try XCTUnwrap(page.range(of: "<ol class=\"nearby-list\">").map { String(page[$0.upperBound...]) })
        let items = list.components(separatedBy: "</ol>")[0].components(separatedBy: "<li>").dropFirst()
        // Checked against the haversine formula worked out apart (29.69, 51.35, 67.46, 67.74, 86.84 km).
        XCTAssertEqual(items.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }, [
            "<a href=\"alcala.html\">Alcala</a> <span class=\"distance\">30 km</span></li>",
            "<a href=\"guadalajara.html\">Guadalajara</a> <span class=\"distance\">51 km</span></li>",
            "<a href=\"toledo.html\">Toledo</a> <span class=\"distance\">67 km</span></li>",
            "<a href=\"segovia.html\">Segovia</a> <span class=\"distance\">68 km</span></li>",
            "<a href=\"avila.html\">Avila</a> <span class=\"distance\">87 km</span></li>",
        ])
        XCTAssertFalse(page.contains("osaka.html\">Osaka</a> <span"), "Osaka is not among Madrid's nearest")
    }

    func testMovingOrAddingACityRendersAgainOnlyThePagesWhoseListsChange() throws {
        let site = try FixtureSite(Self.files())
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        var before = IncrementalBuildTests.stamps(site.output)
        func changedCityPages() -> Set<String> {
            let after = IncrementalBuildTests.stamps(site.output)
            defer { before = after }
            return Set(Set(before.keys).union(after.keys).filter { $0.hasPrefix("cities/") && $0.hasSuffix(".html") && before[$0] != after[$0] })
        }

        // Nara moves 20 km east: the lists of Japan's cities change (its distance to each), Spain's do not.
        try site.write("content/cities/nara.md", "---\nname: Nara\ncountry: japan\nposition: 34.6851, 136.02\n---\n")
        XCTAssertEqual(site.build().status, 0)
        let moved = changedCityPages()
        XCTAssertTrue(moved.contains("cities/nara.html"))
        XCTAssertTrue(moved.contains("cities/kyoto.html"), "Nara is among Kyoto's nearest: \(moved)")
        XCTAssertTrue(moved.isDisjoint(with: ["cities/madrid.html", "cities/toledo.html", "cities/segovia.html", "cities/avila.html"]), "\(moved)")
        XCTAssertTrue(try XCTUnwrap(site.read("cities/kyoto.html")).contains("<a href=\"nara.html\">Nara</a> <span class=\"distance\">"))

        // A body edit moves nothing: only that city's page.
        try site.write("content/cities/nara.md", "---\nname: Nara\ncountry: japan\nposition: 34.6851, 136.02\n---\n\nDeer.\n")
        XCTAssertEqual(site.build().status, 0)
        XCTAssertEqual(changedCityPages(), ["cities/nara.html"])

        // Getafe, beside Madrid, enters the lists of the cities it is among the five nearest of.
        try site.write("content/cities/getafe.md", "---\nname: Getafe\ncountry: spain\nposition: 40.3057, -3.7329\n---\n")
        XCTAssertEqual(site.build().status, 0)
        let added = changedCityPages()
        XCTAssertTrue(added.isSuperset(of: ["cities/getafe.html", "cities/madrid.html", "cities/toledo.html"]), "\(added)")
        XCTAssertTrue(added.isDisjoint(with: ["cities/osaka.html", "cities/kyoto.html", "cities/nara.html", "cities/kobe.html"]), "\(added)")
        try IncrementalBuildTests.assertSameAsCleanBuild(site, "after moving and adding cities")
    }
    /// The collections keep their rows between builds, and a moved city's build takes them
    /// while none of what each read changed since the last build: when the kept rows are not
    /// those of the last build (a build stopped after its record was written, before its rows
    /// were), each row's values are compared again instead, and a row that changed meanwhile
    /// is made again, not taken as it was.
    func testRowsOfAnEarlierBuildAreCheckedAgainstTheirValuesNotTakenAsUnchanged() throws {
        let site = try FixtureSite(Self.files())
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let rows = site.root.appending(path: ".gazetteer-cache/data-rows")
        let saved = site.root.appending(path: "rows-of-the-first-build")
        try FileManager.default.copyItem(at: rows, to: saved)
        try site.write("content/cities/toledo.md", "---\nname: Toledo Old Town\ncountry: spain\nposition: 39.8628, -4.0273\n---\n")
        XCTAssertEqual(site.build().status, 0)
        try FileManager.default.removeItem(at: rows)
        try FileManager.default.moveItem(at: saved, to: rows)
        // Nara moves: the collections are made again, Toledo's rows are those of the first build.
        try site.write("content/cities/nara.md", "---\nname: Nara\ncountry: japan\nposition: 34.6851, 136.02\n---\n")
        XCTAssertEqual(site.build().status, 0)
        for file in ["data/cities.json", "data/cities.csv", "data/cities.geojson"] {
            let text = try XCTUnwrap(site.read(file), file)
            XCTAssertTrue(text.contains("Toledo Old Town"), "\(file) shows Toledo's new name")
        }
        try IncrementalBuildTests.assertSameAsCleanBuild(site, "after rows of an earlier build")

        // And a move taken the quick way (the rows are the last build's) is a clean build's too.
        try site.write("content/cities/kobe.md", "---\nname: Kobe\ncountry: japan\nposition: [34.70, 135.21]\n---\n")
        XCTAssertEqual(site.build().status, 0)
        XCTAssertTrue(try XCTUnwrap(site.read("data/cities.geojson")).contains("[135.21,34.7]"))
        try IncrementalBuildTests.assertSameAsCleanBuild(site, "after a move")
    }
}

