/// A template parsed once into a tree of nodes, ready to render any number of times.
struct ParsedTemplate: Sendable {
    var name: String
    var path: String
    var nodes: [Node]
    /// The names of the partials and parents it names statically.
    var references: Set<String>
}
