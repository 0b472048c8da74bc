import Foundation
import XCTest
import OptionalTools
@testable import Maps

final class ProjectionTests: XCTestCase {
    /// Worked out by hand from the paper's formula: the equator at the antimeridian is
    /// π / (√3/2 · A1); the pole is θ = π/3, y = θ (A1 + A2 θ² + θ⁶ (A3 + A4 θ²)).
    func testEqualEarthAgainstHandWorkedValues() {
        XCTAssertEqual(EqualEarth.raw(0, 0).x, 0, accuracy: 1e-12)
        XCTAssertEqual(EqualEarth.raw(0, 0).y, 0, accuracy: 1e-12)
        XCTAssertEqual(EqualEarth.halfWidth, Double.pi / (3.0.squareRoot() / 2 * 1.340264), accuracy: 1e-12)
        XCTAssertEqual(EqualEarth.halfWidth, 2.706630, accuracy: 1e-6)
        XCTAssertEqual(EqualEarth.halfHeight, 1.317363, accuracy: 1e-6)
        // Paris, 48.8566 N 2.3522 E.
        let paris = EqualEarth().project(GeoPoint(latitude: 48.8566, longitude: 2.3522))!
        XCTAssertEqual(paris.x, 0.029444, accuracy: 1e-6)
        XCTAssertEqual(paris.y, 0.923361, accuracy: 1e-6)
        // Symmetric about the equator and the central meridian.
        let a = EqualEarth().project(GeoPoint(latitude: -30, longitude: -120))!
        let b = EqualEarth().project(GeoPoint(latitude: 30, longitude: 120))!
        XCTAssertEqual(a.x, -b.x, accuracy: 1e-12)
        XCTAssertEqual(a.y, -b.y, accuracy: 1e-12)
    }

    /// The centre maps to the origin, a place 90 degrees away to √2 from it (equal area: the
    /// hemisphere's area 2π is the disc's π r²), and the far side is not drawn.
    func testAzimuthalEqualAreaAgainstHandWorkedValues() throws {
        let projection = AzimuthalEqualArea(center: GeoPoint(latitude: 0, longitude: 0))
        let north = try XCTUnwrap(projection.project(GeoPoint(latitude: 90, longitude: 0)))
        XCTAssertEqual(north.x, 0, accuracy: 1e-12)
        XCTAssertEqual(north.y, 2.0.squareRoot(), accuracy: 1e-12)
        let east = try XCTUnwrap(AzimuthalEqualArea(center: GeoPoint(latitude: 40, longitude: 10)).project(GeoPoint(latitude: 40, longitude: 10)))
        XCTAssertEqual(east.x, 0, accuracy: 1e-12)
        XCTAssertEqual(east.y, 0, accuracy: 1e-12)
        XCTAssertNil(projection.project(GeoPoint(latitude: 0, longitude: 120)))
        // 60 degrees east on the equator: x = 2 sin(30°) = 1.
        let sixty = try XCTUnwrap(projection.project(GeoPoint(latitude: 0, longitude: 60)))
        XCTAssertEqual(sixty.x, 1, accuracy: 1e-12)
        XCTAssertEqual(sixty.y, 0, accuracy: 1e-12)
    }

    /// d3-geo's equalEarth.js and azimuthalEqualArea.js (Debian's node-d3-geo), on a grid of
    /// places and centres.
    func testProjectionsAgainstD3Geo() throws {
        let nodePath = try requireNodeD3Geo()
        var places: [GeoPoint] = []
        for lat in stride(from: -80.0, through: 80, by: 20) {
            for lon in stride(from: -179.5, through: 180, by: 29.5) { places.append(GeoPoint(latitude: lat, longitude: lon)) }
        }
        let centers = [GeoPoint(latitude: 50, longitude: 15), GeoPoint(latitude: -17, longitude: 179), GeoPoint(latitude: 64, longitude: 100)]
        let json = places.map { "[\($0.longitude),\($0.latitude)]" }.joined(separator: ",")
        let script = """
            const d3 = require('d3-geo');
            const places = [\(json)];
            const out = {ee: places.map(p => d3.geoEqualEarthRaw(p[0] * Math.PI / 180, p[1] * Math.PI / 180)), laea: []};
            for (const c of [\(centers.map { "[\($0.longitude),\($0.latitude)]" }.joined(separator: ","))]) {
              const p = d3.geoAzimuthalEqualArea().rotate([-c[0], -c[1]]).scale(1).translate([0, 0]).clipAngle(null);
              out.laea.push(places.map(q => p(q)));
            }
            console.log(JSON.stringify(out));
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["node", "-e", script]
        process.environment = ["NODE_PATH": nodePath, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        struct Reference: Decodable { var ee: [[Double]]; var laea: [[[Double]?]] }
        let reference = try JSONDecoder().decode(Reference.self, from: output)
        for (place, expected) in zip(places, reference.ee) {
            let got = EqualEarth().project(place)!
            XCTAssertEqual(got.x, expected[0], accuracy: 1e-9, "\(place)")
            XCTAssertEqual(got.y, expected[1], accuracy: 1e-9, "\(place)")
        }
        for (center, expected) in zip(centers, reference.laea) {
            let projection = AzimuthalEqualArea(center: center)
            var compared = 0
            for (place, value) in zip(places, expected) {
                guard let got = projection.project(place), let value else { continue }
                // d3's y grows downwards.
                XCTAssertEqual(got.x, value[0], accuracy: 1e-9, "\(place) from \(center)")
                XCTAssertEqual(got.y, -value[1], accuracy: 1e-9, "\(place) from \(center)")
                compared += 1
            }
            XCTAssertGreaterThan(compared, 20)
        }
    }
}
