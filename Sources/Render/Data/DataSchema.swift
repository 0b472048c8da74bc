import Load
import Model

/// The JSON Schemas (draft 2020-12) of the data files, published in `data/schema/`: one for
/// each kind of record (a record file; a collection's row is the same but for `html` and
/// `text`, which it leaves out, and `record`, which it adds) and one for each collection.
package enum DataSchema {
    package static let dialect = "https://json-schema.org/draft/2020-12/schema"

    /// The key a collection holds its rows under: `countries` or `cities`.
    package static func collectionKey(_ kind: ContentKind) -> String { kind == .country ? "countries" : "cities" }

    package static func record(_ kind: ContentKind) -> JSONValue {
        let string: JSONValue = .object([("type", .string("string"))])
        let text: JSONValue = .object([("type", .array([.string("string"), .string("null")]))])
        let strings: JSONValue = .object([("type", .string("array")), ("items", string)])
        var properties: [(String, JSONValue)] = [
            ("$schema", string),
            ("kind", .object([("const", .string(DataPaths.name(kind)))])),
            ("slug", string), ("name", string),
        ]
        switch kind {
        case .country:
            properties += [("official_name", text), ("capital", text), ("motto", text), ("continents", strings)]
        case .city:
            properties.append(("country", .object([("$ref", .string("#/$defs/link"))])))
        case .page:
            properties.append(("menu", .object([("type", .array([.string("integer"), .string("null")]))])))
        }
        properties += [
            ("aliases", strings),
            ("extra", .object([
                ("type", .string("object")),
                ("description", .string("The front matter keys Gazetteer does not know, typed as YAML gave them.")),
            ])),
            ("url", string), ("record", string),
        ]
        if kind != .page { properties.append((kind == .country ? "flag" : "picture", .object([("$ref", .string("#/$defs/picture"))]))) }
        properties += [
            ("html", string), ("text", string),
        ]
        if kind == .country {
            properties.append(("cities", .object([("type", .string("array")), ("items", .object([("$ref", .string("#/$defs/link"))]))])))
        }
        let optional: Set<String> = ["$schema", "record", "html", "text"]
        return .object([
            ("$schema", .string(dialect)),
            ("title", .string("A \(kind.word) of the guide")),
            ("type", .string("object")),
            ("properties", .object(properties)),
            ("required", .array(properties.map(\.0).filter { !optional.contains($0) }.map { .string($0) })),
            ("additionalProperties", .bool(false)),
            ("$defs", .object([
                ("link", object(["slug": string, "name": string, "url": string, "record": string], order: ["slug", "name", "url", "record"])),
                ("picture", object(
                    ["file": text, "placeholder": .object([("type", .string("boolean"))]),
                     "thumbnails": .object([
                        ("type", .string("object")),
                        ("additionalProperties", .object([("type", .string("array")), ("items", .object([("$ref", .string("#/$defs/thumbnail"))]))])),
                     ])],
                    order: ["file", "placeholder", "thumbnails"])),
                ("thumbnail", object(
                    ["url": string, "width": integer, "height": integer, "scale": integer], order: ["url", "width", "height", "scale"])),
            ])),
        ])
    }

    package static func collection(_ kind: ContentKind) -> JSONValue {
        let key = collectionKey(kind)
        return .object([
            ("$schema", .string(dialect)),
            ("title", .string(kind == .country ? "Every country of the guide" : "Every city of the guide")),
            ("type", .string("object")),
            ("properties", .object([
                ("$schema", .object([("type", .string("string"))])),
                (key, .object([("type", .string("array")), ("items", .object([("$ref", .string(DataPaths.name(kind) + ".json"))]))])),
            ])),
            ("required", .array([.string(key)])),
            ("additionalProperties", .bool(false)),
        ])
    }

    private static let integer: JSONValue = .object([("type", .string("integer"))])

    /// An object with exactly these properties, all required.
    private static func object(_ properties: [String: JSONValue], order: [String]) -> JSONValue {
        .object([
            ("type", .string("object")),
            ("properties", .object(order.map { ($0, properties[$0]!) })),
            ("required", .array(order.map { .string($0) })),
            ("additionalProperties", .bool(false)),
        ])
    }
}
