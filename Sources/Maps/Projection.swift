import Foundation

/// A map projection: a place to a point of the plane (x east, y north, in Earth radii), or nil
/// where the projection does not draw it.
package protocol MapProjection: Sendable {
    func project(_ point: GeoPoint) -> (x: Double, y: Double)?
}

/// Equal Earth (Šavrič, Patterson and Jenny, 2018), centred on the Greenwich meridian: the
/// world map. Equal-area, with the poles as lines; the antimeridian is its left and right edge.
package struct EqualEarth: MapProjection {
    static let a1 = 1.340264, a2 = -0.081106, a3 = 0.000893, a4 = 0.003796
    static let m = 3.0.squareRoot() / 2

    package init() {}

    /// λ and φ in radians.
    package static func raw(_ λ: Double, _ φ: Double) -> (x: Double, y: Double) {
        let θ = asin(m * sin(φ)), θ2 = θ * θ, θ6 = θ2 * θ2 * θ2
        return (λ * cos(θ) / (m * (a1 + 3 * a2 * θ2 + θ6 * (7 * a3 + 9 * a4 * θ2))),
                θ * (a1 + a2 * θ2 + θ6 * (a3 + a4 * θ2)))
    }

    package func project(_ point: GeoPoint) -> (x: Double, y: Double)? {
        Self.raw(point.longitude * .pi / 180, point.latitude * .pi / 180)
    }

    /// Half the map's width and height: where the antimeridian and the poles fall.
    package static let halfWidth = raw(.pi, 0).x
    package static let halfHeight = raw(0, .pi / 2).y
}

/// Lambert azimuthal equal-area, centred on a place: the map of a continent, a country or a
/// city. Areas stay true and shapes near the centre barely bend; longitudes are differences
/// from the centre's, so a country across the antimeridian (Fiji, Russia's east) is whole.
/// Places more than 90 degrees from the centre are not drawn.
package struct AzimuthalEqualArea: MapProjection {
    package var center: GeoPoint
    private let sinφ0: Double, cosφ0: Double

    package init(center: GeoPoint) {
        self.center = center
        sinφ0 = sin(center.latitude * .pi / 180)
        cosφ0 = cos(center.latitude * .pi / 180)
    }

    package func project(_ point: GeoPoint) -> (x: Double, y: Double)? {
        let φ = point.latitude * .pi / 180, dλ = (point.longitude - center.longitude) * .pi / 180
        let sinφ = sin(φ), cosφ = cos(φ), cosdλ = cos(dλ)
        let cosc = sinφ0 * sinφ + cosφ0 * cosφ * cosdλ
        guard cosc > 0 else { return nil }
        let k = (2 / (1 + cosc)).squareRoot()
        return (k * cosφ * sin(dλ), k * (cosφ0 * sinφ - sinφ0 * cosφ * cosdλ))
    }
}
