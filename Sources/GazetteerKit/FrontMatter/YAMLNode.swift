/// A YAML value and where it starts in the whole file (not just in the YAML part).
struct YAMLNode: Sendable, Hashable {
    var value: YAMLValue
    var location: SourceLocation
}
