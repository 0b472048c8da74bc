/// A compiled block given to a parent: its name and its content's instructions.
struct DefinitionInfo: Sendable {
    var name: String
    var content: Range<Int>
    /// True when the opening tag ends its line, so the content starts a line of its own.
    var startsAtLineStart: Bool
    /// The indentation of the content's first non-blank line, removed where it is expanded.
    var indentWidth: Int
}
