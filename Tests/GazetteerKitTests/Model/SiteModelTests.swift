import XCTest
@testable import Diagnostics
@testable import Load
@testable import Images
@testable import Model

/// The model made of entries as the field stage gives them: sorted, continents resolved once,
/// cities by country, the gallery's sections.
final class SiteModelTests: XCTestCase {
    private func entry(_ kind: ContentKind, _ slug: String, _ name: String, continents: [String] = [],
                       country: String? = nil) -> ContentEntry {
        let path = "\(kind.folder)/\(slug).md"
        let digest = Digest(a: 1, b: 2, c: 3, d: 4)
        let image = ImageSource(path: "/theme/placeholder.svg", written: "placeholder",
                                location: SourceLocation(path: path), isPlaceholder: true)
        return ContentEntry(
            kind: kind, path: path, digest: digest, frontMatterDigest: digest, name: name, continents: continents,
            country: country, image: image, extra: [], links: [], bodyImages: [], bodyImageFiles: [])
    }

    func testEntriesSortedContinentsResolvedAndSections() {
        var config = SiteConfig()
        config.continents = [
            Continent(name: "Africa", heading: "African Flags"), Continent(name: "Asia", heading: "Asian Flags"),
            Continent(name: "Europe", heading: "European Flags"),
        ]
        let turkey = entry(.country, "turkey", "Turkey", continents: ["Europe", "Asia"])
        let eire = entry(.country, "eire", "Éire", continents: ["Europe"])
        let egypt = entry(.country, "egypt", "Egypt", continents: ["Africa"])
        let entries = [
            turkey, entry(.city, "izmir", "İzmir", country: "turkey"), eire, entry(.city, "cork", "Cork", country: "eire"),
            egypt, entry(.city, "ankara", "Ankara", country: "turkey"),
        ]
        let model = SiteModel(config: config, entries: entries)

        XCTAssertEqual(model.countries.map(\.slug), ["egypt", "eire", "turkey"])
        XCTAssertEqual(model.cities.map(\.slug), ["ankara", "cork", "izmir"])
        // The entries themselves, not copies.
        XCTAssertTrue(model.countries[2] === turkey)
        XCTAssertTrue(model.country("turkey") === turkey)
        XCTAssertNil(model.country("spain"))

        // In the order the front matter names them, as configured values.
        XCTAssertEqual(model.continents(of: turkey).map(\.heading), ["European Flags", "Asian Flags"])
        XCTAssertEqual(model.continents(of: eire).map(\.name), ["Europe"])

        XCTAssertEqual(model.cities(of: turkey).map(\.slug), ["ankara", "izmir"])
        XCTAssertEqual(model.cityIndexes(ofCountry: "eire"), [1])
        XCTAssertEqual(model.cityCount(of: egypt), 0)

        // Configured order; a country in two continents stands in both; empty ones left out.
        XCTAssertEqual(model.sections.map(\.continent.name), ["Africa", "Asia", "Europe"])
        XCTAssertEqual(model.sections.map { $0.countries.map(\.slug) }, [["egypt"], ["turkey"], ["eire", "turkey"]])
        XCTAssertEqual(model.cityCount(ofContinent: config.continents[2]), 3)
        XCTAssertEqual(model.countryPagesOfContinent.keys.sorted(), ["Africa", "Asia", "Europe"])

        config.continents.append(Continent(name: "Antarctica", heading: "Antarctic Flags"))
        XCTAssertEqual(SiteModel(config: config, entries: entries).sections.count, 3)
    }
}
