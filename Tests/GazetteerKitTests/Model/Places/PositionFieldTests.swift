import Foundation
import XCTest
@testable import GazetteerKit
@testable import Load
@testable import FrontMatter
@testable import Model
@testable import Incremental

/// A city's `position`: latitude and longitude in decimal degrees, as map apps copy them, or as
/// a flow list; anything else is an error at the value that says the accepted form.
final class PositionFieldTests: XCTestCase {
    private func read(_ value: String) throws -> (position: GeoPosition?, problems: [String]) {
        let text = "---\nname: M\nposition: \(value)\n---\n"
        let file = SourceFile(path: "content/cities/m.md", text: text)
        var fields = FrontMatterFields(ParsedContent(file: file, document: try FrontMatterParser.parse(file)), known: ContentEntry.cityKeys)
        let position = fields.position()
        return (position, fields.problems.map(\.description))
    }

    func testBothFormsGiveLatitudeThenLongitude() throws {
        let paris = GeoPosition(latitude: 48.8566, longitude: 2.3522)
        XCTAssertEqual(try read("48.8566, 2.3522").position, paris)
        XCTAssertEqual(try read("48.8566,2.3522").position, paris)
        XCTAssertEqual(try read("[48.8566, 2.3522]").position, paris)
        XCTAssertEqual(try read("\"48.8566, 2.3522\"").position, paris)
        XCTAssertEqual(try read("-33.8688, 151.2093").position, GeoPosition(latitude: -33.8688, longitude: 151.2093))
        XCTAssertEqual(try read("[0, -180]").position, GeoPosition(latitude: 0, longitude: -180))
        XCTAssertEqual(try read("").position, nil)
        XCTAssertEqual(try read("").problems, [])
    }

    func testOutOfRangeIsAnErrorSayingTheRangeAndTheForm() throws {
        let latitude = try read("98.5, 2.35")
        XCTAssertNil(latitude.position)
        XCTAssertEqual(latitude.problems, [
            "content/cities/m.md:3:11: the latitude of \"position\", 98.5, is out of range: it must be between -90 and 90 "
                + "(write it as \"position: latitude, longitude\" in decimal degrees, such as \"position: 48.8566, 2.3522\"; "
                + "latitude comes first: did you mean \"position: 2.35, 98.5\"?)",
        ])
        let longitude = try read("[48.85, 182.35]")
        XCTAssertEqual(longitude.problems.count, 1)
        XCTAssertTrue(longitude.problems[0].hasPrefix("content/cities/m.md:3:19: the longitude of \"position\", 182.35, is out of range: "
            + "it must be between -180 and 180 (write it as \"position: latitude, longitude\""), longitude.problems[0])
    }

    func testHalfGivenAndNonNumericAreErrorsWithTheForm() throws {
        for (value, start) in [
            ("48.8566", "\"position\" gives only one number (48.8566): a position is a latitude and a longitude"),
            ("[48.8566]", "\"position\" gives only one number (48.8566)"),
            ("48.8566,", "the longitude of \"position\" is missing"),
            ("1, 2, 3", "\"position\" gives 3 values"),
            ("48.85N, 2.35E", "the latitude of \"position\" \"48.85N\" is not a number in decimal degrees"),
            ("48°51′N, 2°21′E", "the latitude of \"position\" \"48°51′N\" is not a number in decimal degrees (degrees and minutes"),
            (".nan, 2", "the latitude of \"position\" \".nan\" is not a number"),
            ("{lat: 1, lon: 2}", "\"position\" must be two numbers, latitude and longitude, not a mapping"),
            ("[[1], 2]", "\"position\" must be two numbers"),
        ] {
            let result = try read(value)
            XCTAssertNil(result.position, value)
            XCTAssertEqual(result.problems.count, 1, value)
            let message = result.problems.first ?? ""
            XCTAssertTrue(message.hasPrefix("content/cities/m.md:3:"), message)
            XCTAssertTrue(message.contains(": " + start), "\(value): \(message)")
            XCTAssertTrue(message.contains("such as \"position: 48.8566, 2.3522\""), "\(value): \(message)")
        }
    }

    func testABuildReportsEveryBadPositionLocatedAndKeepsGoodOnes() throws {
        var files = FixtureSite.good
        files["content/cities/osaka.md"] = "---\nname: Osaka\ncountry: japan\nposition: 34.69\n---\n"
        files["content/cities/kyoto.md"] = "---\nname: Kyoto\ncountry: japan\nposition: 35.01, 135.77\n---\n"
        let site = try FixtureSite(files)
        defer { site.delete() }
        let result = site.build()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.err.contains("content/cities/osaka.md:4:11: \"position\" gives only one number (34.69)"), result.err)
        XCTAssertTrue(result.err.contains("build failed with 1 error"), result.err)
    }
}
