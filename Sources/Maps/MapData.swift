import Foundation

/// A place on the Earth, in decimal degrees (latitude north, longitude east).
package struct GeoPoint: Hashable, Sendable {
    package var latitude: Double
    package var longitude: Double

    package init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// The countries the maps are drawn from: Natural Earth's 1:110m admin-0 countries, simplified
/// along shared borders and rounded to 0.01 degree by `Scripts/make_map_data.py`, which writes
/// them into `CountryShapes.swift` (see `Sources/Maps/DATA.md`); and each country's label
/// point, where a country without a shape at that scale (Malta, Singapore) is marked.
package struct MapData: Sendable {
    /// One country's shape: its rings (outer rings and holes alike; they are filled even-odd).
    package struct Shape: Sendable {
        package var code: String
        package var rings: [[GeoPoint]]
        /// The rings that make the country's main part: its largest ring, and the others near
        /// it or at least a quarter of its size (France without French Guiana, the United
        /// States without Alaska, Russia with its east across the antimeridian). A map centred on the country frames these.
        package var mainRings: [Int]
        /// Each ring's middle and the angle (radians) from it to its furthest point: a map
        /// skips the rings that cannot reach its view.
        var reach: [(middle: GeoPoint, radius: Double)]
    }

    /// Shapes by ISO 3166-1 alpha-2 code, in code order.
    package let shapes: [Shape]
    package let shapeIndex: [String: Int]
    /// Label points by ISO 3166-1 alpha-2 code (238 countries).
    package let labels: [String: GeoPoint]

    /// The embedded data, decoded at first use.
    package static let world = MapData(bytes: [UInt8](Data(base64Encoded: embedded, options: .ignoreUnknownCharacters)!))

    package func shape(_ code: String) -> Shape? { shapeIndex[code].map { shapes[$0] } }

    init(bytes: [UInt8]) {
        var at = 4
        func u16() -> Int { defer { at += 2 }; return Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func code() -> String { defer { at += 2 }; return String(decoding: bytes[at..<at + 2], as: UTF8.self) }
        func varint() -> Int {
            var value = 0, shift = 0
            while true {
                let byte = bytes[at]
                at += 1
                value |= Int(byte & 0x7F) << shift
                shift += 7
                if byte & 0x80 == 0 { break }
            }
            return (value >> 1) ^ -(value & 1)
        }
        precondition(bytes.starts(with: Array("GZM1".utf8)), "the embedded map data is damaged")
        var shapes: [Shape] = []
        var x = 0, y = 0
        for _ in 0..<u16() {
            let name = code()
            var rings: [[GeoPoint]] = []
            for _ in 0..<u16() {
                var ring: [GeoPoint] = []
                let count = varint()
                ring.reserveCapacity(count)
                for _ in 0..<count {
                    x += varint()
                    y += varint()
                    ring.append(GeoPoint(latitude: Double(y) / 100, longitude: Double(x) / 100))
                }
                rings.append(ring)
            }
            let reach = rings.map { ring in
                let middle = Sphere.middle(of: ring)
                return (middle, ring.map { Sphere.distance(middle, $0) }.max() ?? 0)
            }
            shapes.append(Shape(code: name, rings: rings, mainRings: Self.mainRings(of: rings), reach: reach))
        }
        var labels: [String: GeoPoint] = [:]
        for _ in 0..<u16() {
            let name = code()
            let lat = Int16(bitPattern: UInt16(u16())), lon = Int16(bitPattern: UInt16(u16()))
            labels[name] = GeoPoint(latitude: Double(lat) / 100, longitude: Double(lon) / 100)
        }
        self.shapes = shapes
        self.shapeIndex = Dictionary(uniqueKeysWithValues: shapes.enumerated().map { ($0.element.code, $0.offset) })
        self.labels = labels
    }

    /// The largest ring, and those whose middle is within 1,000 km of it or that are at least
    /// a quarter of its area.
    static func mainRings(of rings: [[GeoPoint]]) -> [Int] {
        guard !rings.isEmpty else { return [] }
        let areas = rings.map { abs(Self.area($0)) }
        let largest = areas.indices.max { areas[$0] < areas[$1] }!
        let near = 1_000 / Sphere.earthRadius
        return rings.indices.filter { i in
            guard i != largest, areas[i] < areas[largest] / 4 else { return true }
            let middle = Sphere.middle(of: rings[i])
            return rings[largest].contains { Sphere.distance(middle, $0) < near }
        }
    }

    /// Area on the unit sphere, by the shoelace formula on the cylindrical equal-area plane
    /// (longitude in radians, sine of latitude): for comparing rings.
    static func area(_ ring: [GeoPoint]) -> Double {
        var sum = 0.0
        var a = ring[ring.count - 1]
        for b in ring {
            let (ax, ay) = (a.longitude * .pi / 180, sin(a.latitude * .pi / 180))
            let (bx, by) = (b.longitude * .pi / 180, sin(b.latitude * .pi / 180))
            sum += ax * by - bx * ay
            a = b
        }
        return sum / 2
    }
}

/// Points on the unit sphere.
enum Sphere {
    static let earthRadius = 6_371.0088

    static func vector(_ p: GeoPoint) -> (Double, Double, Double) {
        let φ = p.latitude * .pi / 180, λ = p.longitude * .pi / 180
        return (cos(φ) * cos(λ), cos(φ) * sin(λ), sin(φ))
    }

    static func point(_ v: (Double, Double, Double)) -> GeoPoint {
        let norm = (v.0 * v.0 + v.1 * v.1 + v.2 * v.2).squareRoot()
        guard norm > 1e-9 else { return GeoPoint(latitude: 0, longitude: 0) }
        return GeoPoint(latitude: asin(v.2 / norm) * 180 / .pi, longitude: atan2(v.1, v.0) * 180 / .pi)
    }

    /// The middle of some points: their mean direction (right across the antimeridian).
    static func middle(of points: [GeoPoint]) -> GeoPoint {
        var sum = (0.0, 0.0, 0.0)
        for p in points {
            let v = vector(p)
            sum = (sum.0 + v.0, sum.1 + v.1, sum.2 + v.2)
        }
        return point(sum)
    }

    /// The angle between two points, in radians.
    static func distance(_ a: GeoPoint, _ b: GeoPoint) -> Double {
        let u = vector(a), v = vector(b)
        return acos(max(-1, min(1, u.0 * v.0 + u.1 * v.1 + u.2 * v.2)))
    }
}
