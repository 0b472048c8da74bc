import Mustache
import Load
import Model

extension PageRenderer {
    /// A city page's `position` (absent without one), `nearby` (its nearest cities, each
    /// `name`, `slug`, `url` and `distance_km`) and `has_nearby` (absent when that list is
    /// empty); the lists are read through `Dependency.nearby`, so the page is made again when
    /// its list changes, and only then.
    func places(of city: ContentEntry, from page: String, values: inout [String: MustacheValue], lists: inout [String: Dependency]) {
        if let position = city.position { values["position"] = Self.position(position) }
        lists["position"] = .frontMatter(city.path)
        let nearby = model.nearby(ofCity: city.path)
        if !nearby.isEmpty {
            values["nearby"] = .array(nearby.map { neighbour, distance in
                .object([
                    "name": .string(neighbour.name), "slug": .string(neighbour.slug),
                    "url": .string(PagePath.relative(from: page, to: neighbour.outputPath)),
                    "distance_km": .string(distance.distanceText),
                ])
            })
            values["has_nearby"] = .bool(true)
        }
        lists["nearby"] = .nearby(city.path)
        lists["has_nearby"] = .nearby(city.path)
    }

    /// A city's `position`: `latitude` and `longitude` in decimal degrees, as numbers.
    package static func position(_ position: GeoPosition) -> MustacheValue {
        .object(["latitude": .double(position.latitude), "longitude": .double(position.longitude)])
    }
}
