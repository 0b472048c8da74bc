import Foundation
import XCTest
@testable import GazetteerKit

/// `data/cities.geojson`: every city with a position as a GeoJSON Point, `[longitude,
/// latitude]` as the front matter gives them, linked from the index, valid against its schema,
/// and turned off by `data:`.
final class CitiesGeoJSONTests: XCTestCase {
    private func features(_ text: String?) throws -> [[String: Any]] {
        let data = Data(try XCTUnwrap(text).utf8)
        let collection = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(collection["type"] as? String, "FeatureCollection")
        return try XCTUnwrap(collection["features"] as? [[String: Any]])
    }

    func testTheExampleGuidesCitiesAreLongitudeThenLatitudeAsTheirFrontMatterSays() throws {
        let output = FileManager.default.temporaryDirectory.appending(path: "gazetteer-geojson-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        _ = try SiteBuild.run(BuildOptions(source: ExampleGuideTests.repository, output: output))
        let text = try String(contentsOf: output.appending(path: "data/cities.geojson"), encoding: .utf8)
        let features = try features(text)

        // The positions as the files write them ("position: latitude, longitude"), read apart.
        let folder = ExampleGuideTests.repository.appending(path: "content/cities")
        var written: [String: (latitude: Double, longitude: Double)] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".md") {
            let source = try String(contentsOf: folder.appending(path: name), encoding: .utf8)
            guard let line = source.split(separator: "\n").first(where: { $0.hasPrefix("position: ") }) else { continue }
            let numbers = line.dropFirst("position: ".count).split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces))! }
            written[String(name.dropLast(3))] = (numbers[0], numbers[1])
        }
        XCTAssertEqual(written.count, 15, "every city of the example guide has its position")
        XCTAssertEqual(features.count, written.count)
        for feature in features {
            let slug = try XCTUnwrap(feature["id"] as? String)
            let geometry = try XCTUnwrap(feature["geometry"] as? [String: Any])
            XCTAssertEqual(geometry["type"] as? String, "Point")
            let coordinates = try XCTUnwrap(geometry["coordinates"] as? [Double])
            let position = try XCTUnwrap(written[slug], slug)
            XCTAssertEqual(coordinates, [position.longitude, position.latitude], "\(slug): [longitude, latitude]")
            let properties = try XCTUnwrap(feature["properties"] as? [String: Any])
            XCTAssertEqual(properties["url"] as? String, "../cities/\(slug).html")
            XCTAssertTrue(FileManager.default.fileExists(atPath: output.appending(path: "cities/\(slug).html").path))
        }
        let paris = try XCTUnwrap(features.first { $0["id"] as? String == "paris" }?["properties"] as? [String: Any])
        XCTAssertEqual(paris["name"] as? String, "Paris")
        XCTAssertEqual(paris["country"] as? String, "France")

        var validator = SchemaValidator(folder: output.appending(path: "data/schema"))
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
        XCTAssertEqual(try validator.problems(of: value, against: "cities-geojson.json"), [])
        let index = try String(contentsOf: output.appending(path: "index.html"), encoding: .utf8)
        XCTAssertTrue(index.contains("<link rel=\"alternate\" type=\"application/geo+json\" href=\"data/cities.geojson\""), index)
        XCTAssertTrue(index.contains("<link rel=\"describedby\" href=\"data/schema/cities-geojson.json\">"))
    }

    func testCoordinatesHaveAtMostSevenDecimalsAndCitiesWithoutAPositionAreLeftOut() throws {
        var files = FixtureSite.good
        files["content/cities/kyoto.md"] = "---\nname: Kyoto\ncountry: japan\nposition: 35.011636789, -0.00000001\n---\n"
        let site = try FixtureSite(files)
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let text = try XCTUnwrap(site.read("data/cities.geojson"))
        XCTAssertTrue(text.contains("\"coordinates\":[0.0,35.0116368]"), text)
        let features = try features(text)
        XCTAssertEqual(features.map { $0["id"] as? String }, ["kyoto"], "Madrid and Osaka have no position")
        XCTAssertEqual((features[0]["properties"] as? [String: Any])?["country"] as? String, "Japan")
    }

    func testDataSettingsTurnItOffAndABodyEditLeavesItAlone() throws {
        var files = FixtureSite.good
        files["content/cities/kyoto.md"] = "---\nname: Kyoto\ncountry: japan\nposition: 35.0116, 135.7681\n---\n"
        let site = try FixtureSite(files)
        defer { site.delete() }
        XCTAssertEqual(site.build().status, 0)
        let stamp = IncrementalBuildTests.stamps(site.output)["data/cities.geojson"]
        XCTAssertNotNil(stamp)
        try site.write("content/cities/kyoto.md", "---\nname: Kyoto\ncountry: japan\nposition: 35.0116, 135.7681\n---\n\nTemples.\n")
        XCTAssertEqual(site.build().status, 0)
        XCTAssertEqual(IncrementalBuildTests.stamps(site.output)["data/cities.geojson"], stamp, "its text is not in the file")
        try site.write("content/cities/kyoto.md", "---\nname: Kyoto\ncountry: japan\nposition: 35.0, 135.7681\n---\n\nTemples.\n")
        XCTAssertEqual(site.build().status, 0)
        XCTAssertTrue(try XCTUnwrap(site.read("data/cities.geojson")).contains("\"coordinates\":[135.7681,35.0]"), "a move is written")

        try site.write("gazetteer.yaml", "title: Test Guide\ndata: {geojson: false}\n")
        XCTAssertEqual(site.build().status, 0)
        XCTAssertFalse(site.exists("data/cities.geojson"))
        XCTAssertFalse(site.exists("data/schema/cities-geojson.json"))
        XCTAssertTrue(site.exists("data/cities.json"))
        XCTAssertFalse(try XCTUnwrap(site.read("index.html")).contains("geo+json"))
        try site.write("gazetteer.yaml", "title: Test Guide\ndata: false\n")
        XCTAssertEqual(site.build().status, 0)
        XCTAssertFalse(site.exists("data/cities.geojson"))
    }
}
