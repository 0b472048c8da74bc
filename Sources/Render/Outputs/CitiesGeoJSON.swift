import Foundation
import Load
import Model

extension Page.Kind {
    package static let geoJSON = Page.Kind("geojson")
}

/// `data/cities.geojson`: every city with a position as a GeoJSON (RFC 7946) Point feature,
/// `[longitude, latitude]` to at most 7 decimals (about a centimetre), with its slug, name,
/// country and page (relative to the file, like the other data files), in the guide's order;
/// and `data/schema/cities-geojson.json`, the JSON Schema its `$schema` names (`index` 0 and
/// 1). On unless `data: {geojson: false}`.
package struct CitiesGeoJSON: Output {
    package var perLanguage: Bool { true }
    package var showsEveryEntry: Bool { true }
    package var kind: Page.Kind { .geoJSON }
    package var listed: Bool { false }

    package static let path = "data/cities.geojson"
    package static let schemaPath = "data/schema/cities-geojson.json"

    package func files(of site: PageRenderer) -> [Page] {
        guard site.model.config.data.geojson else { return [] }
        return [Page(kind: kind, path: Self.path, title: "", index: 0), Page(kind: kind, path: Self.schemaPath, title: "", index: 1)]
    }

    package func render(_ page: Page, of site: PageRenderer, scope: PageScope) -> String {
        scope.read(.settings)
        guard page.index == 0 else { return String(decoding: JSONWriter.encode(Self.schema), as: UTF8.self) }
        scope.read(.places)
        // A feature per city with a position, kept between builds like a collection's rows,
        // joined in the guide's order.
        let rows = site.dataRows(.city, of: Self.path, scope: scope, thumbnails: false, placedOnly: true) { record in
            (Self.feature(record.entry, country: record.linked.first), [])
        }
        var out = Array("{\"$schema\":".utf8)
        JSONWriter.write(.string(PagePath.relative(from: Self.path, to: Self.schemaPath)), into: &out)
        out += ",\"type\":\"FeatureCollection\",\"features\":[".utf8
        var first = true
        for n in rows.indices where !rows[n].row.row.bytes.isEmpty {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            out += rows[n].row.row.bytes
        }
        out += "]}\n".utf8
        return String(decoding: out, as: UTF8.self)
    }

    /// The city's feature as JSON text, or none when it has no position.
    private static func feature(_ city: ContentEntry, country: ContentEntry?) -> [UInt8] {
        guard let position = city.position else { return [] }
        var out: [UInt8] = []
        JSONWriter.write(.object([
            ("type", .string("Feature")),
            ("id", .string(city.slug)),
            ("geometry", .object([
                ("type", .string("Point")),
                ("coordinates", .array([.double(Self.degrees(position.longitude)), .double(Self.degrees(position.latitude))])),
            ])),
            ("properties", .object([
                ("slug", .string(city.slug)),
                ("name", .string(city.name)),
                ("country", .string(country?.name ?? "")),
                ("url", .string(PagePath.relative(from: Self.path, to: city.outputPath))),
            ])),
        ]), into: &out)
        return out
    }

    /// Rounded to 7 decimals (RFC 7946 §11.2: more says nothing a map can show), never -0.
    static func degrees(_ value: Double) -> Double {
        let rounded = (value * 1e7).rounded() / 1e7
        return rounded == 0 ? 0 : rounded
    }

    static let schema: JSONValue = {
        let string: JSONValue = .object([("type", .string("string"))])
        func object(_ properties: [(String, JSONValue)]) -> JSONValue {
            .object([
                ("type", .string("object")),
                ("properties", .object(properties)),
                ("required", .array(properties.map { .string($0.0) })),
                ("additionalProperties", .bool(false)),
            ])
        }
        return .object([
            ("$schema", .string(DataSchema.dialect)),
            ("title", .string("Every city of the guide with a position, as GeoJSON (RFC 7946)")),
            ("type", .string("object")),
            ("properties", .object([
                ("$schema", string),
                ("type", .object([("const", .string("FeatureCollection"))])),
                ("features", .object([("type", .string("array")), ("items", .object([("$ref", .string("#/$defs/feature"))]))])),
            ])),
            ("required", .array([.string("type"), .string("features")])),
            ("additionalProperties", .bool(false)),
            ("$defs", .object([
                ("feature", object([
                    ("type", .object([("const", .string("Feature"))])),
                    ("id", .object([("type", .string("string")), ("description", .string("The city's slug."))])),
                    ("geometry", object([
                        ("type", .object([("const", .string("Point"))])),
                        ("coordinates", .object([
                            ("type", .string("array")), ("items", .object([("type", .string("number"))])),
                            ("description", .string("[longitude, latitude] in decimal degrees (WGS 84), at most 7 decimals.")),
                        ])),
                    ])),
                    ("properties", object([
                        ("slug", string), ("name", string),
                        ("country", .object([("type", .string("string")), ("description", .string("The name of the city's country."))])),
                        ("url", .object([("type", .string("string")), ("description", .string("The city's page, relative to this file."))])),
                    ])),
                ])),
            ])),
        ])
    }()
}
