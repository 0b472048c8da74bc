import Foundation
import XCTest
@testable import GazetteerKit
@testable import Model

/// A country with no translated name is named in each language by CLDR, from its ISO code,
/// wherever the theme shows it (its page, the lists, the gallery, a city's breadcrumb);
/// continents likewise (the gallery's headings are the word `flags_of` with CLDR's name). A
/// translated name always wins, and a country that only borrows a code (England, `iso: GB`)
/// keeps its own name.
final class CLDRNamesInPagesTests: XCTestCase {
    static func files() -> [String: String] {
        var files = FixtureSite.good
        files["gazetteer.yaml"] = """
            title: Test Guide
            languages:
              - {code: en, name: English}
              - {code: fr, name: Français}
            """
        files["content/countries/japan.fr.md"] = "---\nname: Nippon\n---\n"
        files["content/countries/england.md"] = "---\nname: England\ncapital: London\ncontinents: [Europe]\niso: GB\n---\n"
        return files
    }

    func testCountriesAndContinentsWithoutATranslatedNameAreNamedByCLDR() throws {
        guard let spanish = RegionNames.country("ES", in: "fr") else {
            throw XCTSkip("this toolchain's Foundation has no CLDR names in French")
        }
        let site = try FixtureSite(Self.files())
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(spanish, "Espagne")
        let spain = try XCTUnwrap(site.read("fr/countries/spain.html"))
        XCTAssertTrue(spain.contains("<h1 class=\"page-title\">Espagne</h1>") || spain.contains(">Espagne<"), spain)
        XCTAssertTrue(spain.contains("class=\"untranslated-banner\" role=\"note\""), "still not translated: the note says so")
        XCTAssertTrue(try XCTUnwrap(site.read("fr/index.html")).contains(">Espagne<"), "the French index lists CLDR's name")
        XCTAssertTrue(try XCTUnwrap(site.read("fr/index.html")).contains(">Nippon<"), "a translated name wins over CLDR's (Japon)")
        XCTAssertFalse(try XCTUnwrap(site.read("fr/index.html")).contains(">Japon<"))
        XCTAssertTrue(try XCTUnwrap(site.read("fr/countries/england.html")).contains(">England<"),
                      "a country that borrows its code keeps its name (not Royaume-Uni)")
        let madrid = try XCTUnwrap(site.read("fr/cities/madrid.html"))
        XCTAssertTrue(madrid.contains(">Espagne<"), "a city's country in its breadcrumb: \(madrid)")
        XCTAssertTrue(try XCTUnwrap(site.read("countries/spain.html")).contains(">Spain<"), "English stays the guide's own")
        XCTAssertFalse(try XCTUnwrap(site.read("index.html")).contains("Espagne"))

        let gallery = try XCTUnwrap(site.read("fr/flags/index.html"))
        let europe = try XCTUnwrap(RegionNames.continent("Europe", in: "fr"))
        XCTAssertNotNil(gallery.range(of: ">\(europe)\\s:\\sles drapeaux</a></h2>", options: .regularExpression),
                        "the gallery's heading in French: \(gallery)")
        XCTAssertFalse(gallery.contains("European Flags"))
        XCTAssertTrue(try XCTUnwrap(site.read("flags/index.html")).contains("European Flags"), "the settings' headings in English")
        XCTAssertTrue(try XCTUnwrap(site.read("fr/continents/europe.html")).contains(">\(europe)<"), "the continent's page")
        XCTAssertTrue(try XCTUnwrap(site.read("fr/continents/index.html")).contains(">\(europe)<"), "the list of continents")
    }

    func testEditingTheNamesThatChooseCLDRsNameGivesACleanBuild() throws {
        let site = try FixtureSite(Self.files())
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let steps: [(String, String?)] = [
            ("content/countries/spain.fr.md", "---\nname: Royaume d'Espagne\n---\n"),
            ("content/countries/spain.fr.md", nil),
            ("content/countries/england.md", "---\nname: United Kingdom\ncapital: London\ncontinents: [Europe]\niso: GB\n---\n"),
            ("content/countries/turkey.md", "---\nname: Anatolia\ncapital: Ankara\ncontinents: [Asia, Europe]\niso: TR\n---\n"),
            ("content/countries/turkey.md", "---\nname: Turkey\ncapital: Ankara\ncontinents: [Asia, Europe]\n---\n"),
        ]
        for (n, (path, text)) in steps.enumerated() {
            if let text { try site.write(path, text) } else { try site.remove(path) }
            let result = site.build()
            XCTAssertEqual(result.status, 0, "step \(n): \(result.err)")
            try IncrementalBuildTests.assertSameAsCleanBuild(site, "step \(n), \(path)")
        }
        if let uk = RegionNames.country("GB", in: "fr") {
            XCTAssertTrue(try XCTUnwrap(site.read("fr/countries/england.html")).contains(">\(uk)<"), "named as its code now: CLDR's")
        }
    }

    func testEachLanguageHasItsDataFilesUnderItsFolder() throws {
        guard RegionNames.country("ES", in: "fr") != nil, let asia = RegionNames.continent("Asia", in: "fr") else {
            throw XCTSkip("this toolchain's Foundation has no CLDR names in French")
        }
        var files = Self.files()
        files["content/cities/madrid.md"] = files["content/cities/madrid.md"]!.replacingOccurrences(
            of: "country: spain\n", with: "country: spain\nposition: 40.4168, -3.7038\n")
        let site = try FixtureSite(files)
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let record = try XCTUnwrap(site.read("fr/countries/turkey.json"))
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(record.utf8)) as? [String: Any])
        XCTAssertEqual(json["name"] as? String, RegionNames.country("TR", in: "fr"))
        XCTAssertEqual((json["continents"] as? [String])?.first, asia, "the continents by their French names")
        XCTAssertEqual(json["url"] as? String, "turkey.html", "the French page, beside it")
        let flag = try XCTUnwrap((json["flag"] as? [String: Any])?["thumbnails"] as? [String: [[String: Any]]])
        for (_, scales) in flag {
            for scale in scales {
                let url = try XCTUnwrap(scale["url"] as? String)
                let file = URL(fileURLWithPath: url, relativeTo: site.output.appending(path: "fr/countries/")).standardizedFileURL
                XCTAssertTrue(FileManager.default.fileExists(atPath: file.path), "\(url) leads to the shared thumbnail")
            }
        }
        XCTAssertTrue(try XCTUnwrap(site.read("fr/data/countries.csv")).contains(",Espagne,"), "the French CSV")
        XCTAssertTrue(try XCTUnwrap(site.read("fr/data/countries.json")).contains("\"Nippon\""), "the French collection")
        XCTAssertTrue(try XCTUnwrap(site.read("fr/data/cities.geojson")).contains("\"Espagne\""), "the French GeoJSON")
        XCTAssertFalse(try XCTUnwrap(site.read("data/countries.csv")).contains("Espagne"), "English stays English")
        XCTAssertTrue(try XCTUnwrap(site.read("fr/countries/turkey.html")).contains("type=\"application/json\" href=\"turkey.json\""),
                      "the French page links its French record")
    }
}
