/// One piece of a parsed template; a template is a tree of nodes rendered by walking it.
enum Node: Sendable {
    /// Literal text, with the places where a source line begins (for indentation).
    case text(TextChunk)
    /// `{{name}}`, `{{{name}}}`, `{{&name}}`.
    case variable(Variable)
    /// `{{#name}}...{{/name}}` and `{{^name}}...{{/name}}`.
    case section(Section)
    /// `{{>name}}`.
    case partial(PartialInclusion)
    /// `{{<name}}{{$block}}...{{/block}}{{/name}}`.
    case parent(ParentInclusion)
    /// `{{$name}}default{{/name}}` outside a parent: a place a child may fill.
    case slot(BlockSlot)
}

/// Literal template text. `lineStarts` are the offsets in `bytes` where a line of the source
/// begins; a partial or block rendered with indentation adjusts the text there.
struct TextChunk: Sendable {
    var bytes: [UInt8]
    var lineStarts: [Int]
}

struct Variable: Sendable {
    var name: ContextName
    var escaped: Bool
    var position: SourcePosition
}

struct Section: Sendable {
    var name: ContextName
    var inverted: Bool
    var nodes: [Node]
    var position: SourcePosition
}

/// The template a partial or parent tag names: fixed, or looked up in the context (`*name`).
struct TemplateReference: Sendable {
    var name: String
    var dynamic: ContextName?
}

struct PartialInclusion: Sendable {
    var reference: TemplateReference
    /// The whitespace before a standalone tag, prepended to every line of the partial;
    /// nil when the tag is inline.
    var indentation: [UInt8]?
    var position: SourcePosition
}

struct ParentInclusion: Sendable {
    var reference: TemplateReference
    var definitions: [BlockDefinition]
    var indentation: [UInt8]?
    var position: SourcePosition
}

/// Content a child gives a block of its parent (`{{$name}}...{{/name}}` inside `{{<parent}}`).
struct BlockDefinition: Sendable {
    var name: String
    var nodes: [Node]
    /// True when the opening tag ends its line, so the content starts a line of its own.
    var startsAtLineStart: Bool
    /// The indentation of the content's first non-blank line, removed where it is expanded.
    var indentWidth: Int
}

struct BlockSlot: Sendable {
    var name: String
    var nodes: [Node]
    /// True when the opening tag stands alone on its line.
    var standalone: Bool
    /// The indentation given to every line of content expanded here.
    var indentation: [UInt8]
}
