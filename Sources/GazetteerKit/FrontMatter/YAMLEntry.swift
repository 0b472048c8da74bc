/// One `key: value` pair of a YAML mapping, with the key's own location.
struct YAMLEntry: Sendable, Hashable {
    var key: String
    var keyLocation: SourceLocation
    var value: YAMLNode
}
