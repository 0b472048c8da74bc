import Foundation
import XCTest
@testable import GazetteerKit
@testable import Model

/// The five nearest cities of each city: great-circle distances by haversine on the mean
/// Earth radius, nearest first, ties in the guide's order of names, found by the spatial index
/// exactly as comparing every pair would find them.
final class NearbyCitiesTests: XCTestCase {
    /// SplitMix64: the same guide on every run.
    private struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Every other city's distance, the `count` smallest kept (nearer first, then by name order).
    private func bruteForce(_ positions: [GeoPosition?], count: Int) -> [[NearbyCities.Neighbour]] {
        positions.indices.map { city in
            guard let here = positions[city] else { return [] }
            var best: [NearbyCities.Neighbour] = []
            for other in positions.indices where other != city {
                guard let there = positions[other] else { continue }
                let candidate = NearbyCities.Neighbour(index: other, kilometres: GreatCircle.kilometres(here, there))
                guard best.count < count || candidate.kilometres < best[count - 1].kilometres else { continue }
                best.append(candidate)
                best.sort { $0.kilometres != $1.kilometres ? $0.kilometres < $1.kilometres : $0.index < $1.index }
                if best.count > count { best.removeLast() }
            }
            return best
        }
    }

    func testTheIndexFindsWhatComparingEveryPairFindsOnARandomGuideOf2000Cities() {
        var random = Seeded(state: 28)
        var positions: [GeoPosition?] = (0..<2_000).map { _ in
            // Uniform on the sphere, and some cities without a position.
            Double.random(in: 0..<1, using: &random) < 0.03 ? nil
                : GeoPosition(latitude: asin(Double.random(in: -1...1, using: &random)) * 180 / .pi,
                              longitude: Double.random(in: -180...180, using: &random))
        }
        // Clusters (a city's suburbs), cities at the very same place (ties, broken by name),
        // and the poles and the antimeridian.
        for index in stride(from: 0, to: 300, by: 3) {
            guard let base = positions[index] else { continue }
            positions[index + 1] = GeoPosition(latitude: base.latitude, longitude: base.longitude)
            positions[index + 2] = GeoPosition(latitude: min(90, base.latitude + 0.01), longitude: base.longitude)
        }
        positions[1_990] = GeoPosition(latitude: 90, longitude: 0)
        positions[1_991] = GeoPosition(latitude: 89.99, longitude: 180)
        positions[1_992] = GeoPosition(latitude: -90, longitude: 12)
        positions[1_993] = GeoPosition(latitude: 10, longitude: 179.999)
        positions[1_994] = GeoPosition(latitude: 10, longitude: -179.999)
        let found = NearbyCities.search(positions, count: 5)
        let expected = bruteForce(positions, count: 5)
        XCTAssertEqual(found.count, expected.count)
        var differing = 0
        for index in positions.indices where found[index] != expected[index] {
            differing += 1
            if differing <= 3 { XCTFail("city \(index): \(found[index]) instead of \(expected[index])") }
        }
        XCTAssertEqual(differing, 0)
        XCTAssertEqual(found[1_993].first?.index, 1_994, "across the antimeridian")
        XCTAssertEqual(found[1_990].first?.index, 1_991, "across the pole")
        XCTAssertTrue(found.enumerated().allSatisfy { positions[$0.offset] == nil ? $0.element.isEmpty : $0.element.count == 5 })
        // One city's list looked up alone (as a build that renders one page does) is the same.
        let lookup = NearbyCities(positions: positions)
        for index in [0, 7, 1_990, 1_993, 1_999] { XCTAssertEqual(lookup.neighbours(of: index), expected[index], "city \(index) alone") }
        XCTAssertEqual(lookup.all, expected)
    }

    /// A move changes the lists of a few cities around where the city was and is: every list
    /// that changes (found by working out every list before and after) is among those
    /// `mayChange` names, for moves near and far, to and from the same place as other cities,
    /// onto the pole, across the antimeridian, and to and from no position; and they are few.
    func testTheListsAMoveMayChangeHoldEveryListThatChanges() {
        var random = Seeded(state: 2026)
        func anywhere() -> GeoPosition {
            GeoPosition(latitude: asin(Double.random(in: -1...1, using: &random)) * 180 / .pi, longitude: Double.random(in: -180...180, using: &random))
        }
        var before: [GeoPosition?] = (0..<2_000).map { _ in Double.random(in: 0..<1, using: &random) < 0.02 ? nil : anywhere() }
        // A dense cluster, where lists overlap most, and cities at the very same place.
        for index in 0..<200 { before[index] = GeoPosition(latitude: 48 + Double(index % 20) * 0.01, longitude: 2 + Double(index / 20) * 0.01) }
        for index in 200..<210 { before[index] = GeoPosition(latitude: 10, longitude: 20) }
        let lists = NearbyCities.search(before, count: 5)
        var moves: [(Int, GeoPosition?)] = [
            (5, GeoPosition(latitude: 48.001, longitude: 2.0)),         // a little, inside the cluster
            (7, GeoPosition(latitude: -33.9, longitude: 151.2)),        // from the cluster to the other side of the world
            (300, GeoPosition(latitude: 48.05, longitude: 2.05)),       // into the cluster
            (201, GeoPosition(latitude: 10, longitude: 20.0001)),       // off a place shared with nine others
            (400, GeoPosition(latitude: 10, longitude: 20)),            // onto it
            (500, GeoPosition(latitude: 90, longitude: 0)),             // onto the pole
            (600, GeoPosition(latitude: 0, longitude: 179.9999)),       // beside the antimeridian
            (700, nil),                                                 // its position taken out
        ]
        if let none = before.firstIndex(where: { $0 == nil }) { moves.append((none, GeoPosition(latitude: 48.1, longitude: 2.1))) }
        for _ in 0..<40 { moves.append((Int.random(in: 0..<2_000, using: &random), anywhere())) }
        for (moved, to) in moves {
            var after = before
            after[moved] = to
            let changed = Set(zip(lists, NearbyCities.search(after, count: 5)).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset))
            let named = NearbyCities.mayChange(moved: [moved], before: before, after: after)
            XCTAssertTrue(changed.isSubset(of: named), "city \(moved) to \(String(describing: to)): \(changed.subtracting(named).sorted()) not named")
            XCTAssertLessThan(named.count, 2 * 54 * 5 + 25, "city \(moved): a few hundred at most")
        }
        // Two cities moved at once, one into the other's old place.
        var after = before
        (after[5], after[6]) = (before[6], GeoPosition(latitude: 48.3, longitude: 2.3))
        let changed = Set(zip(lists, NearbyCities.search(after, count: 5)).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset))
        XCTAssertTrue(changed.isSubset(of: NearbyCities.mayChange(moved: [5, 6], before: before, after: after)))
    }

    func testDistancesAreHaversineOnTheMeanEarthRadius() {
        let degree = GreatCircle.kilometres(GeoPosition(latitude: 0, longitude: 0), GeoPosition(latitude: 0, longitude: 1))
        XCTAssertEqual(degree, 6_371.0088 * .pi / 180, accuracy: 1e-9)
        let paris = GeoPosition(latitude: 48.8566, longitude: 2.3522), london = GeoPosition(latitude: 51.5074, longitude: -0.1278)
        XCTAssertEqual(GreatCircle.kilometres(paris, london), 343.56, accuracy: 0.01)
        XCTAssertEqual(GreatCircle.kilometres(GeoPosition(latitude: 0, longitude: 179.5), GeoPosition(latitude: 0, longitude: -179.5)),
                       degree, accuracy: 1e-9)
        XCTAssertEqual(GreatCircle.kilometres(GeoPosition(latitude: 90, longitude: 0), GeoPosition(latitude: -90, longitude: 0)),
                       6_371.0088 * .pi, accuracy: 1e-9)
        XCTAssertEqual(NearbyCities.Neighbour(index: 0, kilometres: 411.5).distanceText, "412")
    }

    func testFewerCitiesThanFiveGiveShorterListsAndNoneForACityWithoutAPosition() {
        let nearby = NearbyCities(positions: [GeoPosition(latitude: 1, longitude: 1), nil, GeoPosition(latitude: 2, longitude: 2)])
        XCTAssertEqual(nearby.neighbours(of: 0).map(\.index), [2])
        XCTAssertEqual(nearby.neighbours(of: 1), [])
        XCTAssertEqual(nearby.neighbours(of: 2).map(\.index), [0])
        XCTAssertEqual(NearbyCities(positions: [GeoPosition(latitude: 1, longitude: 1)]).neighbours(of: 0), [])
    }
}
