/// A country of the guide as a map shows it: filled and a link to its page.
package struct MapCountry: Hashable, Sendable {
    /// Its ISO 3166-1 alpha-2 code, which finds its shape; nil when it has none.
    package var code: String?
    package var name: String
    /// Its page, relative to the page the map is on; nil on its own page (no link to itself).
    package var url: String?
    /// The country of the page (filled in the accent colour); the others are filled lighter.
    package var highlighted: Bool
    /// Where it is marked when it has no shape (Malta, Singapore at 1:110m, or no code): its
    /// capital city's position when the guide gives one, else the data's label point.
    package var marker: GeoPoint?
    /// Whether a map of several countries frames only the part of it near the others (a
    /// country that belongs to several continents, on a continent's map: Russia on Europe's).
    package var partial: Bool

    package init(code: String?, name: String, url: String?, highlighted: Bool = false,
                 marker: GeoPoint? = nil, partial: Bool = false) {
        self.code = code
        self.name = name
        self.url = url
        self.highlighted = highlighted
        self.marker = marker
        self.partial = partial
    }
}

/// A city on a map: a dot with its name, a link to its page.
package struct MapCity: Hashable, Sendable {
    package var name: String
    /// Its page; nil on its own page.
    package var url: String?
    package var position: GeoPoint
    /// The city of the page (a larger dot in the accent colour).
    package var highlighted: Bool

    package init(name: String, url: String?, position: GeoPoint, highlighted: Bool = false) {
        self.name = name
        self.url = url
        self.position = position
        self.highlighted = highlighted
    }
}
