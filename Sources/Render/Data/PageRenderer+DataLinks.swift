import Mustache
import Load
import Model

extension PageRenderer {
    /// The `data` value of `page` (docs/templates.md): on a country's or a city's pages
    /// `record`, its record; on the index the collections (`countries`, `cities`), their
    /// schemas (`countries_schema`, `cities_schema`) and the CSV (`countries_csv`,
    /// `cities_csv`) and the GeoJSON of the cities (`cities_geojson`, its schema
    /// `cities_geojson_schema`); each only when `gazetteer.yaml` has that kind of data file. Nil when none.
    func dataLinks(for page: Page) -> MustacheValue? {
        let settings = model.config.data
        func link(_ target: String) -> MustacheValue { .string(PagePath.relative(from: page.path, to: target)) }
        var data: [String: MustacheValue] = [:]
        switch page.kind {
        case .country where settings.records: data["record"] = link(DataPaths.record(model.countries[page.index]))
        case .city where settings.records: data["record"] = link(DataPaths.record(model.cities[page.index]))
        case .index:
            for kind in [ContentKind.country, .city] {
                let key = DataSchema.collectionKey(kind)
                if settings.collections {
                    data[key] = link(DataPaths.collection(kind))
                    data[key + "_schema"] = link(DataPaths.collectionSchema(kind))
                }
                if settings.csv { data[key + "_csv"] = link(DataPaths.table(kind)) }
            }
            if settings.geojson {
                data["cities_geojson"] = link(CitiesGeoJSON.path)
                data["cities_geojson_schema"] = link(CitiesGeoJSON.schemaPath)
            }
        default: break
        }
        return data.isEmpty ? nil : .object(data)
    }
}
