import Foundation

/// Checks a JSON value (as `JSONSerialization` reads it) against the subset of JSON Schema
/// (draft 2020-12) the data files' schemas use: `type` (one or a list), `const`,
/// `properties`, `required`, `additionalProperties` (false or a schema), `items`, and `$ref`
/// to `#/$defs/...` or to another schema file beside it. Any other keyword is a failure, so
/// that a schema using more than this checks nothing silently.
struct SchemaValidator {
    /// The folder of the schema files, and the schemas read so far by file name.
    var folder: URL
    private var files: [String: [String: Any]] = [:]

    init(folder: URL) { self.folder = folder }

    private static let keywords: Set<String> = [
        "$schema", "title", "description", "type", "const", "properties", "required", "additionalProperties", "items", "$ref", "$defs",
    ]

    /// The problems of `value` against the schema file `name`, each with its JSON path.
    mutating func problems(of value: Any, against name: String) throws -> [String] {
        let schema = try file(name)
        var found: [String] = []
        try check(value, schema, in: name, at: "$", into: &found)
        return found
    }

    private mutating func file(_ name: String) throws -> [String: Any] {
        if let known = files[name] { return known }
        let data = try Data(contentsOf: folder.appending(path: name))
        guard let schema = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw CSVReader.Malformed(description: "\(name) is not a JSON object")
        }
        files[name] = schema
        return schema
    }

    private mutating func check(_ value: Any, _ schema: [String: Any], in name: String, at path: String, into found: inout [String]) throws {
        for key in schema.keys where !Self.keywords.contains(key) { found.append("\(name): keyword \(key) is not checked") }
        if let ref = schema["$ref"] as? String {
            if ref.hasPrefix("#/$defs/") {
                let defs = try file(name)["$defs"] as? [String: Any]
                guard let target = defs?[String(ref.dropFirst("#/$defs/".count))] as? [String: Any] else {
                    return found.append("\(path): \(name) has no \(ref)")
                }
                try check(value, target, in: name, at: path, into: &found)
            } else {
                try check(value, try file(ref), in: ref, at: path, into: &found)
            }
        }
        if let types = schema["type"] {
            let allowed = (types as? [String]) ?? [types as? String ?? ""]
            if !allowed.contains(where: { Self.has(value, type: $0) }) { found.append("\(path): not \(allowed.joined(separator: " or "))") }
        }
        if let constant = schema["const"] as? String, value as? String != constant { found.append("\(path): not \(constant)") }
        if let object = value as? [String: Any] {
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for key in schema["required"] as? [String] ?? [] where object[key] == nil { found.append("\(path): no \(key)") }
            for (key, item) in object {
                if let property = properties[key] as? [String: Any] {
                    try check(item, property, in: name, at: "\(path).\(key)", into: &found)
                } else if schema["additionalProperties"] as? Bool == false {
                    found.append("\(path): \(key) is not allowed")
                } else if let other = schema["additionalProperties"] as? [String: Any] {
                    try check(item, other, in: name, at: "\(path).\(key)", into: &found)
                }
            }
        }
        if let array = value as? [Any], let items = schema["items"] as? [String: Any] {
            for (index, item) in array.enumerated() { try check(item, items, in: name, at: "\(path)[\(index)]", into: &found) }
        }
    }

    private static func has(_ value: Any, type: String) -> Bool {
        // Foundation reads true and false as a boolean kind of NSNumber.
        let boolean = String(describing: Swift.type(of: value)).contains("Boolean")
        let number = value as? NSNumber
        switch type {
        case "object": return value is [String: Any]
        case "array": return value is [Any]
        case "string": return value is String
        case "null": return value is NSNull
        case "boolean": return boolean
        case "integer": return !boolean && number.map { String(cString: $0.objCType) != "d" } ?? false
        case "number": return !boolean && number != nil
        default: return false
        }
    }
}
