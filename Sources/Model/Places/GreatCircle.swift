import Foundation

/// Distances on the Earth taken as a sphere of the mean radius (IUGG's R1, 6,371.0088 km):
/// the haversine formula, which stays exact for places close together.
package enum GreatCircle {
    package static let earthRadiusKm = 6_371.0088

    /// The great-circle distance between `a` and `b`, in kilometres.
    package static func kilometres(_ a: GeoPosition, _ b: GeoPosition) -> Double {
        kilometres(latitude1: a.latitude * .pi / 180, longitude1: a.longitude * .pi / 180,
                   latitude2: b.latitude * .pi / 180, longitude2: b.longitude * .pi / 180)
    }

    /// The same from radians.
    static func kilometres(latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double) -> Double {
        let dLat = sin((latitude2 - latitude1) / 2)
        let dLon = sin((longitude2 - longitude1) / 2)
        let h = dLat * dLat + cos(latitude1) * cos(latitude2) * dLon * dLon
        return 2 * earthRadiusKm * asin(min(1, h.squareRoot()))
    }
}
