import Diagnostics
import FrontMatter

/// Which data files the build writes (`data:` in `gazetteer.yaml`, documented in
/// docs/templates.md): all of them unless it says otherwise.
package struct DataSettings: Sendable, Equatable {
    /// One JSON record beside each country's and city's page (`countries/france.json`).
    package var records = true
    /// `data/countries.json` and `data/cities.json`.
    package var collections = true
    /// `data/countries.csv` and `data/cities.csv`.
    package var csv = true
    /// `data/cities.geojson`: every city with a position, as GeoJSON (RFC 7946).
    package var geojson = true

    package init(records: Bool = true, collections: Bool = true, csv: Bool = true, geojson: Bool = true) {
        (self.records, self.collections, self.csv, self.geojson) = (records, collections, csv, geojson)
    }

    package static let keys = ["records", "collections", "csv", "geojson"]

    /// The schemas in `data/schema/` are published when a JSON file names them.
    package var schemas: Bool { records || collections }

    /// `data: false`, `data: true`, or a mapping of `records`, `collections`, `csv` and `geojson` to
    /// true or false (those left out stay on).
    package static func parse(_ node: YAMLNode, errors: inout [Diagnostic],
                              unknown: (YAMLEntry, [YAMLEntry]) -> Diagnostic) -> DataSettings? {
        switch node.value {
        case .bool(let flag):
            return DataSettings(records: flag, collections: flag, csv: flag, geojson: flag)
        case .mapping(let entries):
            var settings = DataSettings()
            for entry in entries {
                guard keys.contains(entry.key) else {
                    errors.append(unknown(entry, entries))
                    continue
                }
                guard case .bool(let flag) = entry.value.value else {
                    errors.append(Diagnostic("data: \(entry.key) must be true or false", at: entry.value.location))
                    continue
                }
                switch entry.key {
                case "records": settings.records = flag
                case "collections": settings.collections = flag
                case "geojson": settings.geojson = flag
                default: settings.csv = flag
                }
            }
            return settings
        default:
            errors.append(Diagnostic(
                "data must be true, false or a mapping such as {records: true, collections: true, csv: false, geojson: true}", at: node.location))
            return nil
        }
    }
}
