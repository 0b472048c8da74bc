import Maps
import Load
import Model

/// The `map` value of the index, a continent's, a country's and a city's pages: an inline
/// SVG drawn by `Maps` from the countries' ISO codes and the cities' positions (empty when
/// there is nothing to draw). Each records what it reads, like any other value: the list of
/// countries it shows, their front matter (code, name), and the cities' front matter (position).
extension PageRenderer {
    /// The world map of the index: its file (`WorldMap`, every country of the guide, filled
    /// and linked) shown by `<object>`, named like the drawing; empty when there is nothing to draw.
    func worldMap(from page: String, scope: PageScope) -> String {
        guard let (_, label) = worldMapCountries(from: WorldMap.path, scope: scope) else { return "" }
        return MapDrawing.worldObject(url: PagePath.relative(from: page, to: WorldMap.path), label: label)
    }

    /// The world map's file: the countries of the guide, filled and linked from `path`.
    func worldMapDocument(at path: String, scope: PageScope) -> String {
        guard let (countries, label) = worldMapCountries(from: path, scope: scope) else { return "" }
        return MapDrawing.worldDocument(countries, label: label, stylesheet: siteRoot(of: path) + "assets/style.css")
    }

    /// Whether the world map shows anything: a country with a code or a marker, as
    /// `worldMapCountries` finds them (asked for on every build, before any page is
    /// rendered: the countries' map values are not made for it).
    var drawsWorldMap: Bool {
        model.countries.contains { country in
            if country.isoCode != nil { return true }
            guard let capital = country.capital else { return false }
            return model.cities(of: country).first(where: { $0.name == capital })?.position != nil
        }
    }

    /// The countries of the world map as seen from `path` and its name, or nil when none can
    /// be drawn (no code with a shape, no placed capital).
    private func worldMapCountries(from path: String, scope: PageScope) -> (countries: [MapCountry], label: String)? {
        scope.read(.countries)
        let countries = model.countries.map { mapCountry($0, from: path, scope: scope) }
        guard countries.contains(where: { $0.code != nil || $0.marker != nil }) else { return nil }
        let count = countries.count
        let label = word("world_map", ["count": String(count), "countries": word(count == 1 ? "count_country" : "count_countries", scope: scope)], scope: scope)
        return (countries, label)
    }

    /// A continent's countries, filled and linked (one that is on other continents too is
    /// framed by its part near the others).
    func continentMap(_ section: Int, from page: String, scope: PageScope) -> String {
        let (continent, members) = model.sections[section]
        scope.read(.continent(continent.name))
        let countries = members.map { country in
            var value = mapCountry(country, from: page, scope: scope)
            value.partial = country.continents.count > 1
            return value
        }
        guard countries.contains(where: { $0.code != nil || $0.marker != nil }) else { return "" }
        let count = countries.count
        return MapDrawing.region(countries, cities: [],
                                 label: word("continent_map", ["name": continent.label, "count": String(count), "countries": word(count == 1 ? "count_country" : "count_countries", scope: scope)], scope: scope))
    }

    /// A country within its surroundings, its cities as named dots, each a link.
    func countryMap(_ country: ContentEntry, from page: String, scope: PageScope) -> String {
        var value = mapCountry(country, from: page, scope: scope)
        guard value.code != nil || value.marker != nil else { return "" }
        value.highlighted = true
        value.url = nil
        scope.read(.citiesOf(country.slug))
        let cities = model.cities(of: country).compactMap { city -> MapCity? in
            scope.read(.frontMatter(city.path))
            return city.position.map {
                MapCity(name: city.name, url: PagePath.relative(from: page, to: city.outputPath), position: Self.point($0))
            }
        }
        let label = model.continents(of: country).first.map { word("country_map", ["area": $0.label, "name": country.name], scope: scope) }
            ?? word("country_map_alone", ["name": country.name], scope: scope)
        return MapDrawing.region([value], cities: cities, label: label)
    }

    /// A city's country with its neighbours, and the city's dot.
    func cityMap(_ city: ContentEntry, from page: String, scope: PageScope) -> String {
        scope.read(.frontMatter(city.path))
        let country = city.country.flatMap(model.country)
        var countries: [MapCountry] = []
        if let country {
            var value = mapCountry(country, from: page, scope: scope)
            value.highlighted = true
            if value.code != nil || value.marker != nil { countries.append(value) }
        }
        let dot = city.position.map {
            MapCity(name: city.name, url: nil, position: Self.point($0), highlighted: true)
        }
        guard !countries.isEmpty || dot != nil else { return "" }
        let place = country?.name ?? city.name
        let label = dot == nil ? word("city_map", ["name": place], scope: scope)
            : word("city_map_marked", ["name": place, "city": city.name], scope: scope)
        return MapDrawing.region(countries, cities: dot.map { [$0] } ?? [], label: label)
    }

    /// A country as a map shows it; one without a shape is marked at its capital city, when
    /// the guide places it (else at the map data's label point for its code).
    private func mapCountry(_ country: ContentEntry, from page: String, scope: PageScope) -> MapCountry {
        scope.read(.frontMatter(country.path))
        var value = MapCountry(code: country.isoCode, name: country.name,
                               url: PagePath.relative(from: page, to: country.outputPath))
        if country.isoCode.flatMap(MapData.world.shape) == nil, let capital = country.capital {
            scope.read(.citiesOf(country.slug))
            if let city = model.cities(of: country).first(where: { $0.name == capital }) {
                scope.read(.frontMatter(city.path))
                value.marker = city.position.map(Self.point)
            }
        }
        return value
    }

    private static func point(_ position: GeoPosition) -> GeoPoint {
        GeoPoint(latitude: position.latitude, longitude: position.longitude)
    }
}
