import Foundation

/// Which cities' nearby lists a move can change, found without working out any list: a move
/// of a city M changes the list of a city C only if M is among C's nearest before or after it
/// (else both lists are the same cities at the same distances). And M, at a point P, is among
/// C's nearest only if fewer than `count` other cities lie in C's cell around P nearer P than C:
///
/// the directions from P are split into 54 cells (a cube's six faces, three by three), any two
/// directions of a cell at most 51 degrees apart. For X and C in one cell with |PX| < |PC|, the
/// triangle P, X, C has an angle θ ≤ 51° at P, so |XC|² = |PX|² + |PC|² − 2|PX||PC|cos θ
/// < |PC|² (cos θ > 1/2): X is nearer C than P is, in any dimension, so on the sphere too. With
/// `count` such cities, C's list has no room for M. The comparisons keep a margin (a millionth)
/// so that the rounding of the distances the lists are ordered by cannot undo them.
///
/// So each of P's cells holds only its first few cities by distance (and any on P itself) that
/// a move to or from P can reach: a few hundred at most, whatever the size of the guide, found
/// by one pass over the cities' points.
extension NearbyCities {
    /// The cities (indexes in `positions`, a guide's cities in order, nil for one without a
    /// position) whose list may hold a city at `point` that is not one of them: all but those
    /// with `count` cities of `positions` (`excluding` left out: the city at `point` itself) in
    /// their cell around `point`, nearer it than they are.
    package static func reachable(from point: GeoPosition, among positions: [GeoPosition?], excluding: Int? = nil) -> [Int] {
        reachable(from: unitVector(point), among: positions.map { $0.map(unitVector) }, excluding: excluding)
    }

    /// `reachable(from:among:excluding:)` of points on the unit sphere.
    private static func reachable(from p: Vector, among points: [Vector?], excluding: Int?) -> [Int] {
        var cells = [[(chord: Double, index: Int)]](repeating: [], count: 54)
        var onPoint: [Int] = []
        for (index, q) in points.enumerated() where index != excluding {
            guard let q else { continue }
            let d = (q.0 - p.0, q.1 - p.1, q.2 - p.2)
            let chord = (d.0 * d.0 + d.1 * d.1 + d.2 * d.2).squareRoot()
            // On the point (or within rounding of it): no direction, never ruled out.
            if chord < 1e-12 {
                onPoint.append(index)
                continue
            }
            cells[cell(of: d)].append((chord, index))
        }
        var reachable = onPoint
        for var cell in cells where !cell.isEmpty {
            cell.sort { $0.chord < $1.chord }
            for (rank, city) in cell.enumerated() {
                // Those of the cell nearer the point than `city` by the margin, and not on it.
                var nearer = 0
                for other in cell[..<rank] where other.chord > city.chord * 1e-6 && other.chord < city.chord * (1 - 1e-6) {
                    nearer += 1
                    if nearer == count { break }
                }
                if nearer < count { reachable.append(city.index) }
            }
        }
        return reachable.sorted()
    }

    /// The cities whose list may differ after the cities at `moved` (indexes in both) went
    /// from their place in `before` to their place in `after` (the same guide's cities, in
    /// the same order, with each city's position before and after): the moved cities, and
    /// those `reachable` from where each was and is, in the positions of then and now.
    package static func mayChange(moved: [Int], before: [GeoPosition?], after: [GeoPosition?]) -> Set<Int> {
        // The points of now, and of then: the same but the moved cities'.
        let now = after.map { $0.map(unitVector) }
        var then = now
        for index in moved { then[index] = before[index].map(unitVector) }
        var cities = Set(moved)
        for index in moved {
            if let old = then[index] { cities.formUnion(reachable(from: old, among: then, excluding: index)) }
            if let new = now[index] { cities.formUnion(reachable(from: new, among: now, excluding: index)) }
        }
        return cities
    }

    private typealias Vector = (Double, Double, Double)

    private static func unitVector(_ position: GeoPosition) -> Vector {
        let (phi, lambda) = (position.latitude * .pi / 180, position.longitude * .pi / 180)
        return (cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi))
    }

    /// The cell of a direction: the face of the cube its largest coordinate points at, and
    /// the third of that face along each of the other two (any two directions of a cell are
    /// at most 50.5 degrees apart: the middle cell's corners, acos(7/11)).
    private static func cell(of d: (Double, Double, Double)) -> Int {
        let (ax, ay, az) = (abs(d.0), abs(d.1), abs(d.2))
        let (face, major, u, v): (Int, Double, Double, Double) =
            ax >= ay && ax >= az ? (d.0 < 0 ? 0 : 1, ax, d.1, d.2)
            : ay >= az ? (d.1 < 0 ? 2 : 3, ay, d.0, d.2)
            : (d.2 < 0 ? 4 : 5, az, d.0, d.1)
        func third(_ t: Double) -> Int { min(2, max(0, Int((t / major + 1) * 1.5))) }
        return face * 9 + third(u) * 3 + third(v)
    }
}

extension SiteModel {
    /// The paths of the cities whose nearby list may differ from the last build's, when the
    /// cities at the paths of `movedFrom` moved from the positions it gives (the guide's
    /// cities otherwise as they were).
    package func citiesWhoseNearbyMayChange(movedFrom: [String: GeoPosition?]) -> Set<String> {
        let after = cities.map(\.position)
        var before = after
        var moved: [Int] = []
        for (path, position) in movedFrom {
            guard let index = cityIndex(ofPath: path) else { continue }
            before[index] = position
            moved.append(index)
        }
        return Set(NearbyCities.mayChange(moved: moved.sorted(), before: before, after: after).map { cities[$0].path })
    }
}
