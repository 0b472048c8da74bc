/// Content a child gives a block of its parent (`{{$name}}...{{/name}}` inside `{{<parent}}`).
struct BlockDefinition: Sendable {
    var name: String
    var nodes: [Node]
    /// True when the opening tag ends its line, so the content starts a line of its own.
    var startsAtLineStart: Bool
    /// The indentation of the content's first non-blank line, removed where it is expanded.
    var indentWidth: Int
}
