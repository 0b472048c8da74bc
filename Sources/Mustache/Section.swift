struct Section: Sendable {
    var name: ContextName
    var inverted: Bool
    var nodes: [Node]
    var position: SourcePosition
}
