import FrontMatter

/// A value of the guide's data files (see `JSONWriter`): an object keeps its keys in the
/// order it was made with, so that the same guide gives the same bytes.
package indirect enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    /// Written as its shortest text that reads back as the same double; one that is not finite
    /// (which JSON has no number for) is written as `null`: `JSONValue(yaml:)` never makes one.
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    package static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.int(let x), .int(let y)): x == y
        case (.double(let x), .double(let y)): x == y
        // Text compared by its scalars: JSON keeps the characters the editor wrote.
        case (.string(let x), .string(let y)): x.unicodeScalars.elementsEqual(y.unicodeScalars)
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)):
            x.count == y.count && zip(x, y).allSatisfy { $0.0.unicodeScalars.elementsEqual($1.0.unicodeScalars) && $0.1 == $1.1 }
        default: false
        }
    }

    package func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let flag): hasher.combine(flag)
        case .int(let number): hasher.combine(number)
        case .double(let number): hasher.combine(number)
        case .string(let text): hasher.combine(Array(text.unicodeScalars))
        case .array(let items): hasher.combine(items)
        case .object(let pairs): for (key, value) in pairs { hasher.combine(Array(key.unicodeScalars)); hasher.combine(value) }
        }
    }

    /// A front matter value typed as YAML's core schema gave it: a number stays a number
    /// (`007` is 7, `0x10` is 16), `true` a boolean, a date (`2024-05-01`, which the core
    /// schema leaves a string) a string, a list an array, a mapping an object in file order.
    /// `.inf` and `.nan`, which JSON cannot hold as numbers, are strings as written.
    package init(yaml node: YAMLNode) {
        switch node.value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .int(let number): self = .int(number)
        case .double(let number): self = number.isFinite ? .double(number) : .string(node.text ?? String(number))
        case .string(let text): self = .string(text)
        case .sequence(let items): self = .array(items.map(JSONValue.init(yaml:)))
        case .mapping(let entries): self = .object(entries.map { ($0.key, JSONValue(yaml: $0.value)) })
        }
    }

    /// A text, or null for none.
    package init(_ text: String?) {
        self = text.map { .string($0) } ?? .null
    }

    /// The value of `key` in an object.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }
}
