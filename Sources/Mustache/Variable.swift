struct Variable: Sendable {
    var name: ContextName
    var escaped: Bool
    var position: SourcePosition
}
