/// Where a city is: latitude and longitude in decimal degrees (WGS 84, as map apps give them),
/// from its `position: 48.8566, 2.3522`. Latitude is within -90...90, longitude -180...180.
package struct GeoPosition: Hashable, Sendable {
    package var latitude: Double
    package var longitude: Double

    package init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
