import XCTest
@testable import Maps

final class MapDataTests: XCTestCase {
    let data = MapData.world

    func testEmbeddedDataHasEveryShapeWithItsISOCode() throws {
        XCTAssertEqual(data.shapes.count, 174)
        // The strict ISO fields say -99 for these two: their shapes are still found.
        for code in ["FR", "NO", "GB", "RU", "FJ", "US", "NZ", "JP"] { XCTAssertNotNil(data.shape(code), code) }
        // No shape at 1:110m, but a label point to mark them at.
        for code in ["MT", "SG", "MC", "BH", "AD", "KI"] { XCTAssertNil(data.shape(code), code) }
        let malta = try XCTUnwrap(data.labels["MT"])
        XCTAssertEqual(malta.latitude, 35.9, accuracy: 0.3)
        XCTAssertEqual(malta.longitude, 14.4, accuracy: 0.3)
        let singapore = try XCTUnwrap(data.labels["SG"])
        XCTAssertEqual(singapore.latitude, 1.35, accuracy: 0.3)
        XCTAssertEqual(singapore.longitude, 103.8, accuracy: 0.3)
        XCTAssertGreaterThanOrEqual(data.labels.count, 230)
    }

    /// Borders were simplified once for both sides: neighbours share their border's points.
    func testNeighboursStillMeet() throws {
        func points(_ code: String) throws -> Set<GeoPoint> { Set(try XCTUnwrap(data.shape(code)).rings.joined()) }
        for (a, b) in [("FR", "ES"), ("FR", "DE"), ("US", "CA"), ("KE", "TZ"), ("CN", "MN")] {
            XCTAssertGreaterThanOrEqual(try points(a).intersection(try points(b)).count, 3, "\(a)-\(b)")
        }
        XCTAssertTrue(try points("FR").isDisjoint(with: try points("GB")))
    }

    /// France's main part is Europe's (French Guiana is far away and small); Russia's takes in
    /// its east across the antimeridian.
    func testMainParts() throws {
        let france = try XCTUnwrap(data.shape("FR"))
        let main = france.mainRings.flatMap { france.rings[$0] }
        XCTAssertTrue(main.allSatisfy { $0.latitude > 40 && $0.longitude > -6 && $0.longitude < 10 })
        XCTAssertLessThan(france.mainRings.count, france.rings.count)
        let russia = try XCTUnwrap(data.shape("RU"))
        XCTAssertTrue(russia.mainRings.flatMap { russia.rings[$0] }.contains { $0.longitude < -170 })
    }
}
