import XCTest
@testable import Maps

final class MapDrawingTests: XCTestCase {
    func testWorldMapLinksTheGuidesCountriesAndMarksThoseWithoutAShape() {
        let svg = MapDrawing.world([
            MapCountry(code: "FR", name: "France", url: "countries/france.html"),
            MapCountry(code: "MT", name: "Malta", url: "countries/malta.html"),
            MapCountry(code: nil, name: "Atlantis", url: "countries/atlantis.html"),
        ], label: "World map, 3 countries of the guide highlighted")
        XCTAssertTrue(svg.hasPrefix("<svg class=\"map-drawing\" viewBox=\"0 0 960 467\" role=\"group\" aria-label=\"World map, 3 countries of the guide highlighted\">"))
        XCTAssertTrue(svg.contains("<a href=\"countries/france.html\" tabindex=\"-1\" aria-label=\"France\"><path class=\"guide\" d=\"m"))
        XCTAssertTrue(svg.contains("<a href=\"countries/malta.html\" tabindex=\"-1\" aria-label=\"Malta\"><circle class=\"guide marker\""))
        // Nowhere to put a country without a code or a position.
        XCTAssertFalse(svg.contains("atlantis"))
        XCTAssertLessThan(svg.utf8.count, 60_000)
        XCTAssertEqual(svg, MapDrawing.world([
            MapCountry(code: "FR", name: "France", url: "countries/france.html"),
            MapCountry(code: "MT", name: "Malta", url: "countries/malta.html"),
            MapCountry(code: nil, name: "Atlantis", url: "countries/atlantis.html"),
        ], label: "World map, 3 countries of the guide highlighted"))
    }

    func testMaltaIsMarkedWithinItsSurroundings() throws {
        let svg = MapDrawing.region([MapCountry(code: "MT", name: "Malta", url: "malta.html", highlighted: true)],
                                    cities: [], label: "Map of Europe, Malta highlighted")
        let circle = try XCTUnwrap(svg.range(of: "<circle class=\"on marker\" cx=\""))
        // Near the middle of the picture, with Sicily and Tunisia (land) around it.
        let numbers = svg[circle.upperBound...].split(separator: "\"")
        let (x, y) = (try XCTUnwrap(Double(numbers[0])), try XCTUnwrap(Double(numbers[2])))
        XCTAssertEqual(x, 300, accuracy: 30)
        XCTAssertGreaterThan(y, 100)
        XCTAssertTrue(svg.contains("<path class=\"land\" d=\"m"))
    }

    /// Fiji's islands on both sides of the antimeridian stay together on its map, and Russia's
    /// east lies east of the rest of it on Russia's.
    func testAntimeridian() throws {
        let data = MapData.world
        let fiji = Frame.canvas(.init(countries: [.init(code: "FJ", marker: nil, partial: false)], cities: []), data: data)
        let west = try XCTUnwrap(fiji.screen(GeoPoint(latitude: -16.5, longitude: 179.9)))
        let east = try XCTUnwrap(fiji.screen(GeoPoint(latitude: -16.5, longitude: -179.9)))
        XCTAssertGreaterThan(east.x, west.x)
        XCTAssertLessThan(east.x - west.x, fiji.width * 0.06)
        XCTAssertTrue((0...fiji.width).contains(west.x) && (0...fiji.width).contains(east.x))
        let russia = Frame.canvas(.init(countries: [.init(code: "RU", marker: nil, partial: false)], cities: []), data: data)
        let before = try XCTUnwrap(russia.screen(GeoPoint(latitude: 66, longitude: 179.9)))
        let after = try XCTUnwrap(russia.screen(GeoPoint(latitude: 66, longitude: -179.9)))
        let moscow = try XCTUnwrap(russia.screen(GeoPoint(latitude: 55.75, longitude: 37.6)))
        XCTAssertLessThan(hypot(before.x - after.x, before.y - after.y), russia.width * 0.01)
        XCTAssertLessThan(moscow.x, before.x)
        XCTAssertLessThanOrEqual(after.x, russia.width)
        // Russia's part west of the antimeridian is framed with the rest.
        let russiaShape = try XCTUnwrap(data.shape("RU"))
        XCTAssertTrue(russiaShape.mainRings.flatMap { russiaShape.rings[$0] }.contains { $0.longitude < -170 })
        // On the world map, the antimeridian is the edges: Chukotka's tip left, Kamchatka right.
        let svg = MapDrawing.world([MapCountry(code: "FJ", name: "Fiji", url: "fiji.html")], label: "World")
        let fijiPath = try XCTUnwrap(svg.range(of: "aria-label=\"Fiji\"><path class=\"guide\" d=\""))
        let d = svg[fijiPath.upperBound...].prefix { $0 != "\"" }
        XCTAssertGreaterThanOrEqual(d.filter { $0 == "z" }.count, 2)
        let world = EqualEarth()
        XCTAssertLessThan(world.project(GeoPoint(latitude: 66, longitude: -172))!.x, 0)
        XCTAssertGreaterThan(world.project(GeoPoint(latitude: 56, longitude: 160))!.x, 0)
    }

    func testCitiesAreNamedDotsThatLink() {
        let svg = MapDrawing.region(
            [MapCountry(code: "FR", name: "France", url: "france.html", highlighted: true)],
            cities: [MapCity(name: "Paris", url: "../cities/paris.html", position: GeoPoint(latitude: 48.8566, longitude: 2.3522), highlighted: true),
                     MapCity(name: "Lyön & \"Co\" <b>", url: "../cities/lyon.html", position: GeoPoint(latitude: 45.764, longitude: 4.8357))],
            label: "Map of France, Paris marked")
        XCTAssertTrue(svg.contains("<a href=\"../cities/paris.html\" tabindex=\"-1\" aria-label=\"Paris\"><circle class=\"city on\""))
        XCTAssertTrue(svg.contains(">Paris</text></a>"))
        XCTAssertTrue(svg.contains(">Lyön &amp; &quot;Co&quot; &lt;b&gt;</text></a>"), svg)
        XCTAssertTrue(svg.contains("aria-label=\"France\"><path class=\"on\""))
        XCTAssertLessThan(svg.utf8.count, 25_000)
    }

    /// A ring cut to the picture keeps its part inside.
    func testClipping() {
        let square = [(x: -10.0, y: -10.0), (x: 10.0, y: -10.0), (x: 10.0, y: 10.0), (x: -10.0, y: 10.0)]
        let cut = clip(square, minX: 0, minY: 0, maxX: 20, maxY: 20)
        XCTAssertEqual(Set(cut.map { "\($0.x),\($0.y)" }), ["0.0,0.0", "10.0,0.0", "10.0,10.0", "0.0,10.0"])
        var path = PathWriter()
        XCTAssertTrue(path.ring([(x: 1, y: 2), (x: 4, y: 2), (x: 4, y: -1)]))
        XCTAssertFalse(path.ring([(x: 1, y: 2), (x: 1.2, y: 2.1), (x: 0.9, y: 1.8)]))
        XCTAssertEqual(path.data, "m1 2 3 0 0-3z")
    }
}
